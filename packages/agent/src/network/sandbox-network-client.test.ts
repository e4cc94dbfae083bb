import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startTestServer, type TestServer } from '../testing/http-server.ts';
import { SandboxNetworkClient } from './sandbox-network-client.ts';

const me = {
  entityId: 'ACoAAabc',
  publicIdentifier: 'ann-lee-123abc',
  firstName: 'Ann',
  lastName: 'Lee',
  headline: 'CTO at Acme',
  picture: '/sandbox/avatars/ACoAAabc.svg',
  location: 'Berlin, Berlin, Germany',
  company: 'Acme',
  degree: 'SELF',
  isPremium: false,
  hasSalesNavigator: true,
};

const hidden = {
  invisible: true,
  name: 'LinkedIn Member',
  publicIdentifier: null,
  headline: 'Engineer',
  location: 'Berlin, Berlin, Germany',
  degree: 'OUT_OF_NETWORK',
};

/** Answers GET /api/search/people like apps/sandbox, choosing the outcome from the keywords of the URL. */
function answerSearch(url: string, response: ServerResponse) {
  const query = new URL(url, 'http://test').searchParams;
  const keywords = new URL(query.get('url') ?? '').searchParams.get('keywords');
  const start = Number(query.get('start'));
  const count = Number(query.get('count'));
  if (keywords === 'nobody')
    return sendJson(response, 404, { name: 'EmptySearchPage', message: 'No results' });
  if (keywords === 'busy') {
    response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '42' });
    return response.end(JSON.stringify({ name: 'ExceedsLimit', message: 'Slow down', code: 'RATE_LIMITED' }));
  }
  if (keywords === 'seat') {
    return sendJson(response, 403, { name: 'SalesNavigatorNotAuthorized', message: 'No Sales Navigator' });
  }
  if (keywords === 'bad')
    return sendJson(response, 422, { name: 'UnprocessableEntity', message: 'Check your link and try again' });
  if (keywords === 'down') return sendJson(response, 503, { name: 'BadGateway', message: 'down' });
  if (keywords === 'odd') return sendJson(response, 200, { kind: 'people_search', total: 'many' });
  return sendJson(response, 200, {
    kind: 'people_search',
    total: 5000,
    reachable: 1000,
    start,
    count,
    elements: [{ ...me, degree: 'SECOND', invisible: false }, hidden],
  });
}

const search = (keywords: string) => ({
  url: `https://www.linkedin.com/search/results/people/?keywords=${keywords}`,
  source: 'network_search' as const,
});

describe('SandboxNetworkClient', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Answers like apps/sandbox: the session comes from the header (or a cookie).
    server = await startTestServer((request, response, body) => {
      if (request.method === 'POST' && request.url === '/sandbox/api/session') {
        const { email } = JSON.parse(body) as { email?: string };
        if (email === 'ann@example.com') return sendJson(response, 201, { sessionId: 's-1', profile: me });
        return sendJson(response, 404, { name: 'NotFound', message: 'No member' });
      }
      const signedIn = request.headers['x-sandbox-session'] === 'good';
      const url = request.url ?? '';
      if (!signedIn) return sendJson(response, 401, { name: 'NotAuthenticated', message: 'Not signed in' });
      if (url === '/sandbox/api/me') return sendJson(response, 200, me);
      if (url === '/sandbox/api/profiles/bob-smith-000001')
        return sendJson(response, 200, { ...me, degree: 'SECOND' });
      if (url === '/sandbox/api/profiles/busy-000002')
        return sendJson(response, 429, { name: 'TooManyRequests', message: 'slow down' });
      if (url.startsWith('/sandbox/api/search/people?')) return answerSearch(url, response);
      if (url === '/sandbox/api/profiles/crash-000003')
        return sendJson(response, 500, { name: 'InternalError', message: 'x' });
      if (url === '/sandbox/api/profiles/odd-000004') return sendJson(response, 200, { entityId: 1 });
      return sendJson(response, 404, { name: 'NotFound', message: 'This member does not exist' });
    });
  });
  afterAll(() => server.close());

  const client = (sessionId?: string) =>
    new SandboxNetworkClient({
      sandboxBaseUrl: `${server.url}/sandbox`,
      ...(sessionId ? { sessionId } : {}),
    });

  it('reads the session member, or null when the browser is not signed in', async () => {
    await expect(client('good').getMyProfile()).resolves.toEqual(me);
    await expect(client().getMyProfile()).resolves.toBeNull();
  });

  it('maps the sandbox answers to named errors', async () => {
    await expect(client('good').getProfile('bob-smith-000001')).resolves.toMatchObject({ degree: 'SECOND' });
    await expect(client().getProfile('bob-smith-000001')).rejects.toMatchObject({ name: 'NotAuthenticated' });
    await expect(client('good').getProfile('nobody-000000')).rejects.toMatchObject({
      name: 'NotFound',
      status: 404,
    });
    await expect(client('good').getProfile('busy-000002')).rejects.toMatchObject({
      name: 'ExceedsLimit',
      code: 'RATE_LIMITED',
      status: 429,
      transient: true,
    });
    await expect(client('good').getProfile('crash-000003')).rejects.toMatchObject({
      name: 'BadGateway',
      status: 500,
    });
    await expect(client('good').getProfile('odd-000004')).rejects.toMatchObject({ name: 'BadGateway' });
  });

  it('signs the browser in to the sandbox with an e-mail', async () => {
    await expect(client().signIn('ann@example.com')).resolves.toEqual({ sessionId: 's-1', profile: me });
    const sent = server.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', url: '/sandbox/api/session' });
    expect(JSON.parse(sent?.body ?? '')).toEqual({ email: 'ann@example.com' });
    expect(sent?.headers['content-type']).toBe('application/json');
    await expect(client().signIn('nobody@example.com')).rejects.toMatchObject({ name: 'NotFound' });
  });

  it('reads a page of a people search as profiles and invisible markers', async () => {
    const page = await client('good').searchPeople(search('cto'), { start: 25, count: 25 });
    expect(page).toEqual({
      total: 5000,
      reachable: 1000,
      elements: [{ invisible: false, profile: { ...me, degree: 'SECOND' } }, { invisible: true }],
    });
    const sent = new URL(server.requests.at(-1)?.url ?? '', 'http://test');
    expect(sent.pathname).toBe('/sandbox/api/search/people');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      url: search('cto').url,
      source: 'network_search',
      start: '25',
      count: '25',
    });
  });

  it('maps search refusals: empty, no seat, bad link, throttle with Retry-After, failing network', async () => {
    const page = { start: 0, count: 25 };
    const good = client('good');
    await expect(good.searchPeople(search('nobody'), page)).rejects.toMatchObject({
      name: 'EmptySearchPage',
      status: 404,
    });
    await expect(good.searchPeople(search('seat'), page)).rejects.toMatchObject({
      name: 'SalesNavigatorNotAuthorized',
      status: 403,
    });
    await expect(good.searchPeople(search('bad'), page)).rejects.toMatchObject({
      name: 'UnprocessableEntity',
      message: 'Check your link and try again',
    });
    await expect(good.searchPeople(search('busy'), page)).rejects.toMatchObject({
      name: 'ExceedsLimit',
      code: 'RATE_LIMITED',
      retryAfterMs: 42_000,
      transient: true,
    });
    await expect(good.searchPeople(search('down'), page)).rejects.toMatchObject({
      name: 'BadGateway',
      status: 503,
    });
    await expect(good.searchPeople(search('odd'), page)).rejects.toMatchObject({ name: 'BadGateway' });
    await expect(client().searchPeople(search('cto'), page)).rejects.toMatchObject({
      name: 'NotAuthenticated',
    });
  });
});
