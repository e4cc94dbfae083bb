import { errorBodySchema } from '@outpilot/contracts';
import type { z } from 'zod';
import type { Bridge } from '../bridge/bridge.ts';
import { badGatewayText } from '../bridge/bridge-error.ts';
import { ApiError } from './api-error.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiRequest<S extends z.ZodType> = {
  method?: ApiMethod;
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
  bridge: Bridge;
  fetch?: typeof fetch;
};

function buildUrl(baseUrl: string, path: string, query: ApiRequest<z.ZodType>['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${baseUrl.replace(/\/$/, '')}${path}${queryString ? `?${queryString}` : ''}`;
}

async function readErrorBody(response: Response): Promise<ApiError> {
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  const body = errorBodySchema.safeParse(parsed);
  if (body.success) return new ApiError(response.status, body.data);
  const isGateway = response.status >= 502 && response.status <= 504;
  return new ApiError(response.status, {
    name: isGateway ? 'BadGateway' : 'ClientError',
    message: isGateway
      ? badGatewayText
      : response.statusText || `Request failed with status ${response.status}`,
  });
}

/** The main API client: the bearer token comes from the bridge; failures raise ApiError. */
export function createApiClient({
  baseUrl,
  bridge,
  fetch: fetchFn = fetch,
}: CreateApiClientOptions): ApiClient {
  return {
    async request({ method = 'GET', path, query, body, schema, signal }) {
      const { accessToken } = await bridge.send('api', 'getToken', {});
      const headers: Record<string, string> = {
        accept: 'application/json',
        authorization: `Bearer ${accessToken}`,
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await fetchFn(buildUrl(baseUrl, path, query), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new ApiError(0, { name: 'BadGateway', message: badGatewayText });
      }
      if (!response.ok) throw await readErrorBody(response);
      const data: unknown = response.status === 204 ? undefined : await response.json();
      return schema.parse(data);
    },
  };
}
