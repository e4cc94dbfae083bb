import type { z } from 'zod';
import {
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  type EndpointService,
  fillPath,
  isFileAnswer,
  type QueryValue,
} from './endpoint.ts';
import { type ErrorBody, errorBodySchema } from './errors.ts';

/**
 * The one HTTP client of the server's endpoints, shared by the web app and the agent: it builds
 * the URL from the description, sends the bearer token, retries once with a refreshed token after
 * a 403, and parses the answer with the endpoint's own schema. Each caller injects its fetch, its
 * token source and how a failure becomes its own error type.
 */

export type EndpointFetch = (url: string, init: RequestInit) => Promise<Response>;

export type TokenSource = {
  /** The access token to send; null calls without one. */
  get(): Promise<string | null>;
  /**
   * A freshly refreshed token, asked for after a 403 (the agent judges a token's expiry by this
   * machine's clock, which can differ from the server's); null keeps the 403.
   */
  refresh?(): Promise<string | null>;
};

/** How a failure becomes the caller's error. */
export type FailureMapping = {
  /** A non-2xx answer. */
  ofAnswer(response: Response): Promise<Error>;
  /** fetch itself failed: no network, refused connection, time-out, or the caller's abort. */
  ofUnreachable(error: unknown, abortedByCaller: boolean): Error;
  /** A 2xx answer that is not what the endpoint describes: something in between is wrong. */
  ofBadAnswer(response: Response): Error;
};

/** The base URL of each service the client calls, e.g. { api: '/api/v1' }. */
export type ServiceBaseUrls = Readonly<Partial<Record<EndpointService, string>>>;

export type EndpointClientOptions = {
  baseUrls: ServiceBaseUrls;
  fetch: EndpointFetch;
  /** The default token source; a call may bring its own. */
  token?: TokenSource;
  failures: FailureMapping;
  /** How long one call may take; unset: as long as fetch allows. */
  timeoutMs?: number;
};

export type CallOptions<A extends z.ZodType | undefined = undefined> = {
  signal?: AbortSignal;
  /** The Accept header for a file answer (e.g. a message attachment's recommended one). */
  accept?: string;
  /** This call's token source instead of the client's; null calls without a token. */
  token?: TokenSource | null;
  /**
   * A narrower schema for a caller that reads only part of the answer (a picker needs a
   * campaign's id and name, not its statistics).
   */
  answer?: A;
};

type LooseInput = {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  file?: { body: NonNullable<RequestInit['body']>; type: string };
};

/** The input may be left out when the endpoint takes none. */
type InputArgs<E extends Endpoint, A extends z.ZodType | undefined> =
  // biome-ignore lint/complexity/noBannedTypes: the empty input of an endpoint that takes none
  {} extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions<A>]
    : [input: EndpointInput<E>, options?: CallOptions<A>];

export type EndpointClient = {
  call<E extends Endpoint, A extends z.ZodType | undefined = undefined>(
    endpoint: E,
    ...args: InputArgs<E, A>
  ): Promise<A extends z.ZodType ? z.output<A> : EndpointOutput<E>>;
};

/** A token source that always sends the same token (a caller that keeps its own). */
export const fixedToken = (accessToken: string | null | undefined): TokenSource => ({
  get: async () => accessToken ?? null,
});

/** The URL of an endpoint under its service's base, with its path parameters and query. */
export function endpointUrl(
  baseUrls: ServiceBaseUrls,
  endpoint: Pick<Endpoint, 'service' | 'path'>,
  params: Readonly<Record<string, string | number>> = {},
  query: Readonly<Record<string, QueryValue>> = {},
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  const base = baseUrls[endpoint.service]?.replace(/\/+$/, '');
  if (base === undefined) throw new Error(`No base URL for the ${endpoint.service} service`);
  return `${base}${fillPath(endpoint.path, params)}${queryString ? `?${queryString}` : ''}`;
}

export function createEndpointClient(options: EndpointClientOptions): EndpointClient {
  const { baseUrls, fetch: fetchFn, failures, timeoutMs } = options;

  const send = async (
    url: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
    token: string | null,
  ) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
    const signals = [signal, timeout].filter((each): each is AbortSignal => each !== undefined);
    try {
      return await fetchFn(url, {
        ...init,
        headers: Object.fromEntries(headers),
        signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
      });
    } catch (error) {
      throw failures.ofUnreachable(error, signal?.aborted ?? false);
    }
  };

  async function call(endpoint: Endpoint, ...args: unknown[]): Promise<unknown> {
    const [input, callOptions = {}] = args as [LooseInput | undefined, CallOptions<z.ZodType | undefined>?];
    const url = endpointUrl(baseUrls, endpoint, input?.params, input?.query);
    // No content type without a body: the server refuses an empty JSON body.
    const headers: Record<string, string> = { accept: callOptions.accept ?? 'application/json' };
    let body: RequestInit['body'];
    if (input?.file) {
      headers['content-type'] = input.file.type;
      body = input.file.body;
    } else if (input?.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const init: RequestInit = { method: endpoint.method, headers, body };
    const tokens = callOptions.token === undefined ? options.token : callOptions.token;
    const { signal } = callOptions;

    let response = await send(url, init, signal, (await tokens?.get()) ?? null);
    if (response.status === 403 && tokens?.refresh) {
      const refreshed = await tokens.refresh().catch(() => null);
      if (refreshed) response = await send(url, init, signal, refreshed);
    }
    if (!response.ok) throw await failures.ofAnswer(response);
    return readAnswer(endpoint, response, failures, callOptions.answer);
  }

  return { call } as EndpointClient;
}

async function readAnswer(
  endpoint: Endpoint,
  response: Response,
  failures: FailureMapping,
  narrower: z.ZodType | undefined,
): Promise<unknown> {
  // A success the description does not list is read as its first one (a 200 for a 201).
  const answer = narrower ?? endpoint.answers[response.status] ?? Object.values(endpoint.answers)[0];
  if (answer === undefined) throw failures.ofBadAnswer(response);
  if (isFileAnswer(answer)) return response;
  let raw: unknown = null;
  if (response.status !== 204) {
    try {
      raw = await response.json();
    } catch {
      throw failures.ofBadAnswer(response);
    }
  }
  const parsed = answer.safeParse(raw);
  if (!parsed.success) throw failures.ofBadAnswer(response);
  return parsed.data;
}

/** The error body of a failed answer, or null when it has none (a proxy's page, an empty body). */
export async function readErrorBody(response: Response): Promise<ErrorBody | null> {
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    return null;
  }
  const parsed = errorBodySchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
