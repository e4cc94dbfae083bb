export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };
/** A JSON body, or a file (an export's CSV) with the server's file name. */
export type ApiAnswer = { status?: number; body?: unknown; file?: { name: string; text: string } };
export type ApiRoute = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;

/**
 * A fetch for the main API in component tests: routes keyed 'METHOD /path' (under /api/v1), every call
 * recorded. An unrouted call answers 404 with the contracts' error body.
 */
export function createFakeApi(routes: Record<string, ApiRoute> = {}) {
  const calls: ApiCall[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, query: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    if (!route)
      return Response.json({ name: 'NotFound', message: `No route ${method} ${path}` }, { status: 404 });
    const answer = await route(call);
    const status = answer.status ?? 200;
    if (answer.file)
      return new Response(answer.file.text, {
        status,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${answer.file.name}"`,
        },
      });
    return status === 204 ? new Response(null, { status }) : Response.json(answer.body ?? {}, { status });
  };
  return { fetch: fetchFn as typeof fetch, calls, routes };
}

export const tokenHandler = () => ({ accessToken: 'tok', accessTokenExpiresAt: '2030-01-01T00:00:00.000Z' });
