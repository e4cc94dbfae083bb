import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

type Answer = { status: number; location: string | undefined };

describe.each(testBackends())('pages opened on another host name, on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  /** A GET as a browser sends it to this server under the given host name (as 127.0.0.1 vs localhost). */
  const get = (path: string, host: string, accept: string) =>
    new Promise<Answer>((resolve, reject) => {
      const { port } = new URL(server.url);
      const request = httpRequest(
        { host: '127.0.0.1', port, path, headers: { host: `${host}:${port}`, accept } },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, location: response.headers.location });
        },
      );
      request.on('error', reject);
      request.end();
    });

  it('sends a page load on another host name to PUBLIC_URL, path and query kept', async () => {
    const answer = await get('/contacts?page=2', 'localhost', 'text/html,application/xhtml+xml');
    expect(answer).toEqual({ status: 307, location: `${server.url}/contacts?page=2` });
  });

  it('serves pages on PUBLIC_URL and answers API calls where they arrive', async () => {
    const onPublicHost = await get('/', '127.0.0.1', 'text/html');
    expect(onPublicHost.status).toBe(200);
    const apiCall = await get('/api/v1/contacts/page', 'localhost', 'application/json');
    expect(apiCall).toEqual({ status: 403, location: undefined });
  });
});
