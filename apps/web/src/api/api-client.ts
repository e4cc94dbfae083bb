import type { z } from 'zod';
import type { Bridge } from '../bridge/bridge.ts';
import { apiErrorOf, apiUrl, authorizedFetch } from './authorized-fetch.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiRequest<S extends z.ZodType> = {
  method?: ApiMethod;
  /** Which base the path is under: the main API (default) or the automation service (seed 002 §7). */
  service?: 'api' | 'automation';
  /** Path under the API base, e.g. '/profile'. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Parses the answer; the result has the schema's output type. */
  schema: S;
  signal?: AbortSignal;
};

export type ApiClient = {
  request<S extends z.ZodType>(request: ApiRequest<S>): Promise<z.output<S>>;
};

export type CreateApiClientOptions = {
  /** The main API base from the client configuration (apiBaseUrl). */
  baseUrl: string;
  /** The automation service base (automationBaseUrl): the inbox's calls. */
  automationBaseUrl: string;
  bridge: Bridge;
  fetch?: typeof fetch;
};

/** The main API client: the bearer token comes from the bridge; failures raise ApiError. */
export function createApiClient({
  baseUrl,
  automationBaseUrl,
  bridge,
  fetch: fetchFn = fetch,
}: CreateApiClientOptions): ApiClient {
  return {
    async request({ method = 'GET', service = 'api', path, query, body, schema, signal }) {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await authorizedFetch({
        bridge,
        url: apiUrl(service === 'automation' ? automationBaseUrl : baseUrl, path, query),
        init: { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal },
        fetch: fetchFn,
      });
      if (!response.ok) throw await apiErrorOf(response);
      const data: unknown = response.status === 204 ? undefined : await response.json();
      return schema.parse(data);
    },
  };
}
