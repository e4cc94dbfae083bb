import { errorBodySchema } from '@outpilot/contracts';
import type { Bridge } from '../bridge/bridge.ts';
import { badGatewayText } from '../bridge/bridge-error.ts';
import { ApiError } from './api-error.ts';

export type AuthorizedFetchOptions = {
  bridge: Bridge;
  url: string;
  init: RequestInit & { headers?: Record<string, string> };
  fetch: typeof fetch;
};

/**
 * Sends a main-API request with the token the bridge hands out. A 403 gets one more try with a
 * refreshed token: the agent judges a token's expiry by this machine's clock, which can differ
 * from the server's. A request that never reached the server fails as BadGateway.
 */
export async function authorizedFetch({ bridge, url, init, fetch: fetchFn }: AuthorizedFetchOptions) {
  const send = async (accessToken: string): Promise<Response> => {
    try {
      return await fetchFn(url, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${accessToken}` },
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new ApiError(0, { name: 'BadGateway', message: badGatewayText });
    }
  };
  const { accessToken } = await bridge.send('api', 'getToken', {});
  const response = await send(accessToken);
  if (response.status !== 403) return response;
  const refreshed = await bridge.send('api', 'refreshToken', {}).catch(() => null);
  return refreshed ? send(refreshed.accessToken) : response;
}

/** The ApiError of a failed answer: its error body when it has one, else by status. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
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

/** The URL of a main-API path with its query; undefined values are left out. */
export function apiUrl(
  baseUrl: string,
  path: string,
  query: Record<string, string | number | boolean | undefined> = {},
) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${baseUrl.replace(/\/$/, '')}${path}${queryString ? `?${queryString}` : ''}`;
}
