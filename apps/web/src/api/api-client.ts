import {
  createEndpointClient,
  type EndpointClient,
  type FailureMapping,
  readErrorBody,
  type TokenSource,
} from '@outpilot/contracts';
import { z } from 'zod';
import type { Bridge } from '../bridge/bridge.ts';
import { badGatewayText } from '../bridge/bridge-error.ts';
import { ApiError } from './api-error.ts';

/** The server's endpoints as the screens call them: `api.call(campaignsEndpoints.get, { params })`. */
export type ApiClient = EndpointClient;

export type CreateApiClientOptions = {
  /** The main API base from the client configuration (apiBaseUrl). */
  baseUrl: string;
  /** The automation service base (automationBaseUrl): the inbox's calls. */
  automationBaseUrl: string;
  /** Hands out the bearer token; without it the client makes public calls only. */
  bridge?: Bridge;
  fetch?: typeof fetch;
};

/** The token the bridge hands out; after a 403 the bridge refreshes it once. */
function bridgeTokens(bridge: Bridge): TokenSource {
  return {
    get: async () => (await bridge.send('api', 'getToken', {})).accessToken,
    refresh: async () => (await bridge.send('api', 'refreshToken', {})).accessToken,
  };
}

const badGateway = (status: number) => new ApiError(status, { name: 'BadGateway', message: badGatewayText });

/** Failures as ApiError; a request that never reached the server is a BadGateway (status 0). */
const apiFailures: FailureMapping = {
  ofAnswer: apiErrorOf,
  ofUnreachable: (error, abortedByCaller) => (abortedByCaller ? (error as Error) : badGateway(0)),
  ofBadAnswer: (response) => badGateway(response.status),
};

/** The one client of the server (main API and automation service), with the bridge's token. */
export function createApiClient({
  baseUrl,
  automationBaseUrl,
  bridge,
  fetch: fetchFn = fetch,
}: CreateApiClientOptions): ApiClient {
  return createEndpointClient({
    baseUrls: { api: baseUrl, automation: automationBaseUrl },
    fetch: fetchFn,
    failures: apiFailures,
    ...(bridge ? { token: bridgeTokens(bridge) } : {}),
  });
}

/** The ApiError of a failed answer: its error body when it has one, else by status. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const body = await readErrorBody(response);
  if (body) return new ApiError(response.status, body);
  if (response.status >= 502 && response.status <= 504) return badGateway(response.status);
  return new ApiError(response.status, {
    name: 'ClientError',
    message: response.statusText || `Request failed with status ${response.status}`,
  });
}

/** For a call whose answer the screen does not read (it refetches instead): any answer will do. */
export const ignoredAnswer = z.unknown();
