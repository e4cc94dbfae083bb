/**
 * A main-API call as a client makes it over real HTTP: a JSON body when given, the bearer token
 * when given. Integration tests assert on the Response.
 */
export function callApi(baseUrl: string, method: string, path: string, token?: string, body?: unknown) {
  return fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
