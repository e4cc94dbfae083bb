import {
  createEndpointClient,
  type EndpointClient,
  type FailureMapping,
  type ServiceBaseUrls,
  type TokenSource,
} from '@outpilot/contracts';
import { badGateway } from './errors.ts';
import { errorFromFetchFailure, errorFromResponse } from './http-errors.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Failures as AgentError: the error body's name, else by status; no answer at all is a bad gateway. */
const agentFailures: FailureMapping = {
  ofAnswer: errorFromResponse,
  ofUnreachable: (error) => errorFromFetchFailure(error),
  ofBadAnswer: (response) => badGateway(response.status),
};

export type ServerClientOptions = {
  baseUrls: ServiceBaseUrls;
  fetch?: FetchLike | undefined;
  token?: TokenSource | undefined;
  /** How long one call may take before it counts as a bad gateway. */
  timeoutMs?: number | undefined;
};

/** The agent's client of the server's endpoints: the contracts' one client, with the agent's errors. */
export function createServerClient(options: ServerClientOptions): EndpointClient {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  return createEndpointClient({
    baseUrls: options.baseUrls,
    fetch: fetchFn,
    failures: agentFailures,
    timeoutMs: options.timeoutMs ?? 30_000,
    ...(options.token ? { token: options.token } : {}),
  });
}
