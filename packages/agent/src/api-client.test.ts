import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.ts';
import { AgentError, badGatewayMessage } from './errors.ts';
import { ImportsApiClient } from './imports-api-client.ts';
import { sendJson, startTestServer, type TestServer } from './testing/http-server.ts';

const importList = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'CTOs',
  source_uri: 'https://www.linkedin.com/search/results/people/?keywords=cto',
  source_type: 'network_search',
  created: '2026-01-05T08:00:00.000Z',
  state: 'running',
  processed: 0,
  total: 60,
  uploaded_count: 0,
  skipped_count: 0,
};

const tokens = { accessToken: 'a1', accessTokenExpiresAt: '2026-01-05T09:00:00.000Z', refreshToken: 'r1' };

describe('ApiClient and ImportsApiClient', () => {
  let server: TestServer;
  let client: ApiClient;
  let imports: ImportsApiClient;

  beforeAll(async () => {
    server = await startTestServer((request, response) => {
      const path = request.url ?? '';
      if (path === '/api/v1/auth/sign-in-url')
        return sendJson(response, 200, { url: 'http://idp.test/authorize?x=1' });
      if (path === '/api/v1/auth/token')
        return sendJson(response, 200, { ...tokens, returnTo: '/campaigns' });
      if (path === '/api/v1/auth/refresh')
        return sendJson(response, 503, { name: 'ServiceUnavailable', message: 'down' });
      if (path === '/api/v1/profile') {
        return sendJson(response, 422, {
          name: 'UnprocessableEntity',
          message: 'Validation failed',
          errors: [{ field: 'email', description: 'Email is invalid' }],
        });
      }
      if (path === '/api/v1/logs') {
        response.writeHead(204);
        return response.end();
      }
      if (path === '/api/v1/auth/sign-out')
        return sendJson(response, 403, { name: 'NotAuthorized', message: 'Not authorized' });
      if (path === '/api/v1/imports') return sendJson(response, 201, importList);
      if (request.method === 'GET' && path === `/api/v1/imports/${importList.id}`)
        return sendJson(response, 200, importList);
      if (request.method === 'GET' && path === '/api/v1/imports/00000000-0000-4000-8000-000000000003') {
        // Another workspace's list: the spec's "not found" status.
        response.writeHead(204);
        return response.end();
      }
      if (path === `/api/v1/imports/${importList.id}/profiles`)
        return sendJson(response, 200, { uploaded: 1, skipped: 0 });
      if (path === `/api/v1/imports/${importList.id}/state`)
        return sendJson(response, 200, { ...importList, state: 'completed' });
      if (path === '/api/v1/imports/00000000-0000-4000-8000-000000000002/profiles') {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
        return response.end(JSON.stringify({ name: 'TooManyRequests', message: 'Slow down' }));
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"broken');
    });
    client = new ApiClient({ apiBaseUrl: `${server.url}/api/v1/` });
    imports = new ImportsApiClient({ apiBaseUrl: `${server.url}/api/v1/` });
  });
  afterAll(() => server.close());

  it('sends validated bodies and returns validated answers', async () => {
    await expect(client.signInUrl({ returnTo: '/campaigns' })).resolves.toEqual({
      url: 'http://idp.test/authorize?x=1',
    });
    const signInRequest = server.requests.find((request) => request.url.endsWith('/sign-in-url'));
    expect(signInRequest?.method).toBe('POST');
    expect(JSON.parse(signInRequest?.body ?? '')).toEqual({ returnTo: '/campaigns' });
    await expect(client.exchangeCode({ code: 'c', state: 's' })).resolves.toMatchObject({
      returnTo: '/campaigns',
    });
    await expect(
      client.postLog({ severity: 'error', event_id: 'e1', message: 'boom' }, 'a1'),
    ).resolves.toBeUndefined();
    const logRequest = server.requests.find((request) => request.url.endsWith('/logs'));
    expect(logRequest?.headers.authorization).toBe('Bearer a1');
    expect(JSON.parse(logRequest?.body ?? '')).toEqual({
      severity: 'error',
      event_id: 'e1',
      message: 'boom',
      args: [],
    });
  });

  it('turns 503 into BadGateway with the catalogue text', async () => {
    const error = await client.refresh('r1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentError);
    expect(error).toMatchObject({ name: 'BadGateway', message: badGatewayMessage, status: 503 });
  });

  it('keeps the body name of a 4xx and shows the first validation error', async () => {
    await expect(client.getProfile('a1')).rejects.toMatchObject({
      name: 'UnprocessableEntity',
      message: 'Email is invalid',
      status: 422,
    });
    await expect(client.signOut('a1')).rejects.toMatchObject({ name: 'NotAuthorized', status: 403 });
    const signOutRequest = server.requests.find((request) => request.url.endsWith('/sign-out'));
    expect(signOutRequest?.headers['content-type']).toBeUndefined();
  });

  it('treats an answer that is not JSON, a refused connection and a time-out as BadGateway', async () => {
    const broken = new ApiClient({ apiBaseUrl: `${server.url}/broken` });
    await expect(broken.getProfile('a1')).rejects.toMatchObject({
      name: 'BadGateway',
      message: badGatewayMessage,
    });
    const refused = new ApiClient({ apiBaseUrl: 'http://127.0.0.1:1/api/v1' });
    await expect(refused.getProfile('a1')).rejects.toMatchObject({ name: 'BadGateway' });
    const slow = new ApiClient({
      apiBaseUrl: 'http://slow.test',
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    await expect(slow.getProfile('a1')).rejects.toMatchObject({
      name: 'BadGateway',
      message: badGatewayMessage,
    });
  });

  it('opens an import list, uploads profiles and reports its end with the Bearer', async () => {
    const request = {
      source_type: 'network_search' as const,
      source_uri: importList.source_uri,
      name: 'CTOs',
      total: 60,
    };
    await expect(imports.createImport('a1', request)).resolves.toEqual(importList);
    await expect(
      imports.uploadImportProfiles('a1', importList.id, [{ linkedin_public_identifier: 'ann-lee' }]),
    ).resolves.toEqual({ uploaded: 1, skipped: 0 });
    await expect(
      imports.updateImportState('a1', importList.id, { state: 'completed', processed: 60 }),
    ).resolves.toMatchObject({ state: 'completed' });
    const sent = server.requests.filter((request) => request.url.startsWith('/api/v1/imports'));
    expect(sent.map((request) => [request.method, request.url, request.headers.authorization])).toEqual([
      ['POST', '/api/v1/imports', 'Bearer a1'],
      ['POST', `/api/v1/imports/${importList.id}/profiles`, 'Bearer a1'],
      ['PUT', `/api/v1/imports/${importList.id}/state`, 'Bearer a1'],
    ]);
    expect(JSON.parse(sent[1]?.body ?? '')).toMatchObject({
      profiles: [{ linkedin_public_identifier: 'ann-lee', sales_lead_id: null, is_premium: false }],
    });
    await expect(
      imports.uploadImportProfiles('a1', '00000000-0000-4000-8000-000000000002', [{ sales_lead_id: 'x' }]),
    ).rejects.toMatchObject({ name: 'TooManyRequests', status: 429, retryAfterMs: 7_000, transient: true });
  });

  it('reads an import list back, and answers null for a list the server does not show', async () => {
    await expect(imports.getImport('a1', importList.id)).resolves.toEqual(importList);
    await expect(imports.getImport('a1', '00000000-0000-4000-8000-000000000003')).resolves.toBeNull();
    const read = server.requests.filter(
      (request) => request.method === 'GET' && request.url.startsWith('/api/v1/imports/'),
    );
    expect(read.map((request) => request.headers.authorization)).toEqual(['Bearer a1', 'Bearer a1']);
  });
});
