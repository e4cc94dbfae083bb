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
      name: 'BadGateway',
      status: 429,
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
});
