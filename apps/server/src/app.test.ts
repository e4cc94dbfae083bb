import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clockResponseSchema, errorBodySchema, requestHeadMaxBytes } from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../web/precompress.ts';
import { buildServer } from './app.ts';
import { rowsOf } from './db/rows-of.ts';
import {
  createContacts,
  signInNewAccount,
  startTestServer,
  type TestServer,
  testBackends,
} from './testing/index.ts';

const bigScript = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `row ${index}`))};`;
const indexHtml =
  '<!doctype html><html><head><title>Outpilot app</title></head><body><div id="root"></div></body></html>';

describe.each(testBackends())('server on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let distDir: string;
  const statuses: { url: string; status: number }[] = [];

  /** fetch that remembers every status, so the suite can check that nothing answered 500. */
  const call = async (url: string, init?: RequestInit) => {
    const response = await fetch(`${server.url}${url}`, init);
    statuses.push({ url, status: response.status });
    return response;
  };
  const postRaw = (url: string, body: string, contentType: string) =>
    call(url, { method: 'POST', headers: { 'content-type': contentType }, body });

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'outpilot-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), indexHtml);
    await writeFile(path.join(distDir, 'assets', 'app-123.js'), 'console.log("app");');
    await writeFile(path.join(distDir, 'assets', 'big-456.js'), bigScript);
    // What the web build does after Vite has written the files.
    await precompressDirectory(distDir);
    server = await startTestServer({
      ...(databaseUrl ? { databaseUrl } : {}),
      env: { WEB_DIST_DIR: distDir },
      extend: (app) => {
        app.get('/test-only/boom', { schema: { hide: true } }, () => {
          throw new Error('secret internals: password=hunter2');
        });
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('answers health and client configuration publicly', async () => {
    const health = await call('/api/v1/health');
    expect(health.status).toBe(200);
    // Nothing that helps an attacker: no version, no database kind.
    expect(Object.keys((await health.json()) as object).sort()).toEqual(['now', 'ok']);
    const config = await call('/api/v1/client-config');
    expect(await config.json()).toMatchObject({
      network: 'sandbox',
      inPageAgentEnabled: true,
      apiBaseUrl: `${server.url}/api/v1`,
      automationBaseUrl: `${server.url}/automation/v1`,
      sandboxBaseUrl: `${server.url}/sandbox`,
      supportEmail: 'support@outpilot.example',
      termsUrl: `${server.url}/terms`,
    });
  });

  it('answers 400 BadRequest for malformed JSON', async () => {
    const response = await postRaw('/api/v1/auth/refresh', '{"refreshToken": ', 'application/json');
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(await response.json())).toMatchObject({ name: 'BadRequest' });
  });

  it('answers 400 BadRequest for a JSON body that is not valid UTF-8, and stores nothing', async () => {
    const pendingSignIns = async () =>
      rowsOf<{ n: number }>(await server.db.execute(sql`SELECT count(*)::int AS n FROM auth_requests`))[0]?.n;
    const before = await pendingSignIns();
    const body = Buffer.concat([
      Buffer.from('{"returnTo":"/","referrer":"caf'),
      Buffer.from([0xe9, 0xff]),
      Buffer.from('"}'),
    ]);
    const response = await call('/api/v1/auth/sign-in-url', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(await response.json())).toEqual({
      name: 'BadRequest',
      message: 'Request body is not valid UTF-8',
    });
    expect(await pendingSignIns()).toBe(before);
    // Valid UTF-8 beyond ASCII still goes through.
    const valid = await postRaw(
      '/api/v1/auth/sign-in-url',
      '{"returnTo":"/","referrer":"café ✓"}',
      'application/json',
    );
    expect(valid.status).toBe(200);
  });

  it('answers 415 UnsupportedMediaType for a wrong content type', async () => {
    const response = await postRaw('/api/v1/auth/refresh', 'refreshToken=x', 'text/plain');
    expect(response.status).toBe(415);
    expect(errorBodySchema.parse(await response.json())).toMatchObject({ name: 'UnsupportedMediaType' });
  });

  it('answers 413 PayloadTooLarge for an oversized body', async () => {
    const body = JSON.stringify({ refreshToken: 'x'.repeat(server.config.bodyLimitBytes + 10) });
    const response = await postRaw('/api/v1/auth/refresh', body, 'application/json');
    expect(response.status).toBe(413);
    expect(errorBodySchema.parse(await response.json())).toMatchObject({ name: 'PayloadTooLarge' });
  });

  it('answers a request head over the limit with the error body, not a bare 431', async () => {
    const response = await call(`/api/v1/health?pad=${'x'.repeat(requestHeadMaxBytes)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(errorBodySchema.parse(await response.json())).toEqual({
      name: 'ClientError',
      message: 'Request head is too large (at most 64 KB of URL and headers)',
    });
    // The server goes on answering.
    expect((await call('/api/v1/health')).status).toBe(200);
  });

  it('answers what the router refuses (a broken escape, an overlong path value) with the error body', async () => {
    const badEscape = await call('/api/v1/campaigns/%E0%A4%A');
    expect(badEscape.status).toBe(400);
    expect(errorBodySchema.parse(await badEscape.json())).toEqual({
      name: 'BadRequest',
      message: 'The URL is not valid',
    });
    const longValue = await call(`/api/v1/campaigns/${'x'.repeat(101)}`);
    expect(longValue.status).toBe(414);
    expect(errorBodySchema.parse(await longValue.json())).toEqual({
      name: 'ClientError',
      message: 'A value in the URL path is too long',
    });
  });

  it('answers 422 with every field error, the first one as the message', async () => {
    const response = await postRaw('/api/v1/auth/token', JSON.stringify({ code: '' }), 'application/json');
    expect(response.status).toBe(422);
    const body = errorBodySchema.parse(await response.json());
    expect(body.name).toBe('UnprocessableEntity');
    expect(body.errors?.map((error) => error.field).sort()).toEqual(['code', 'state']);
    expect(body.message).toBe(body.errors?.[0]?.description);

    const noBody = await call('/api/v1/auth/token', { method: 'POST' });
    expect(noBody.status).toBe(422);
    expect(errorBodySchema.parse(await noBody.json()).errors?.[0]?.field).toBe('body');
  });

  it('answers JSON 404s for unknown service routes', async () => {
    for (const url of ['/api/v1/nope', '/api/nope', '/automation/v1/nope', '/api/test/nope']) {
      const response = await call(url);
      expect(response.status, url).toBe(404);
      expect(await response.json()).toEqual({ name: 'NotFound', message: 'Not found' });
    }
    const post = await postRaw('/campaigns/abc', '{}', 'application/json');
    expect(post.status).toBe(404);
  });

  it('hides internals of unexpected failures', async () => {
    const response = await fetch(`${server.url}/test-only/boom`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ name: 'InternalError', message: 'Internal server error' });
    expect(text).not.toContain('hunter2');
  });

  it('serves the OpenAPI document and its UI', async () => {
    const response = await call('/api/docs/json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.keys(document.paths);
    for (const route of [
      '/api/v1/health',
      '/api/v1/client-config',
      '/api/v1/auth/sign-in-url',
      '/api/v1/auth/token',
      '/api/v1/auth/refresh',
      '/api/v1/auth/sign-out',
      '/api/v1/profile',
      '/api/v1/logs',
      '/api/v1/network-profiles',
      '/api/v1/workspace/timezone-offset',
      '/api/v1/workspace/working-hours-in-minutes',
      '/api/v1/workspace/daily-limits',
      '/api/v1/workspace/automation-mode',
      '/api/v1/workspace/period-statistics',
      '/automation/v1/health',
    ]) {
      expect(paths, route).toContain(route);
    }
    expect(paths.some((p) => p.startsWith('/oidc'))).toBe(false);
    const ui = await call('/api/docs');
    expect([200, 302]).toContain(ui.status);
  });

  it('sends security headers', async () => {
    for (const url of ['/', '/api/v1/health', '/campaigns']) {
      const response = await call(url);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('serves the app for deep links and its files as they are', async () => {
    const deepLink = await call('/campaigns/abc');
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get('content-type')).toContain('text/html');
    expect(await deepLink.text()).toBe(indexHtml);
    expect(await (await call('/')).text()).toBe(indexHtml);
    const callback = await call('/auth_callback?code=x&state=y');
    expect(await callback.text()).toBe(indexHtml);
    const asset = await call('/assets/app-123.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log("app");');
    expect((await call('/assets/missing-456.js')).status).toBe(404);
  });

  it('sends the precompressed build of a hashed file, cached for a year', async () => {
    const cases = [
      { accept: 'gzip, deflate, br', encoding: 'br' },
      { accept: 'gzip', encoding: 'gzip' },
      { accept: 'identity', encoding: null },
    ];
    for (const { accept, encoding } of cases) {
      const response = await call('/assets/big-456.js', { headers: { 'accept-encoding': accept } });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('content-encoding'), accept).toBe(encoding);
      // The build's file itself, not one compressed again on each request.
      const sent = path.join(
        distDir,
        'assets',
        `big-456.js${encoding === null ? '' : encoding === 'br' ? '.br' : '.gz'}`,
      );
      expect(response.headers.get('content-length')).toBe(String((await stat(sent)).size));
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type')).toContain('javascript');
      // fetch decodes what it accepted: the same script whichever way it travelled.
      expect(await response.text()).toBe(bigScript);
    }
    const page = await call('/', { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('compresses API answers above 1 kB but not small ones nor streamed CSV downloads', async () => {
    const { account, token } = await signInNewAccount(server);
    await createContacts(server.db, account.personaId, 60);
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    const page = await call('/api/v1/contacts/page?$take=50', { headers });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(((await page.json()) as { documents: unknown[] }).documents).toHaveLength(50);
    const gzipOnly = await call('/api/docs/json', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip');
    const small = await call('/api/v1/health', { headers });
    expect(small.headers.get('content-encoding')).toBeNull();
    const download = await call('/api/v1/contacts/export', { headers });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('text/csv');
    expect(download.headers.get('content-encoding')).toBeNull();
    expect((await download.text()).split('\n').length).toBeGreaterThan(60);
  });

  it('reads and advances the virtual clock through the test endpoints', async () => {
    const before = clockResponseSchema.parse(await (await call('/api/test/clock')).json());
    const advanced = await postRaw(
      '/api/test/clock/advance',
      JSON.stringify({ milliseconds: 60_000 }),
      'application/json',
    );
    expect(advanced.status).toBe(200);
    const after = clockResponseSchema.parse(await advanced.json());
    expect(new Date(after.now).getTime() - new Date(before.now).getTime()).toBe(60_000);
    expect(server.clock.now().toISOString()).toBe(after.now);
    const backwards = await postRaw(
      '/api/test/clock/advance',
      JSON.stringify({ milliseconds: -1 }),
      'application/json',
    );
    expect(backwards.status).toBe(422);
  });

  /** A second server on the same database, so each case does not pay for a new PGlite. */
  async function startSibling(
    env: Record<string, string>,
    extend?: (app: FastifyInstance) => void,
  ): Promise<{ app: FastifyInstance; url: string }> {
    const app = await buildServer(
      { ...server.config, ...envOverrides(env), publicUrl: 'http://127.0.0.1:0' },
      {
        database: { db: server.db, kind: server.databaseKind, close: async () => undefined },
        ...(env.CLOCK === 'virtual' ? { clock: server.clock } : {}),
        ...(extend ? { extend } : {}),
      },
    );
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, url };
  }

  it('has no test clock endpoints unless enabled with a virtual clock', async () => {
    for (const env of [
      { CLOCK: 'virtual', ENABLE_TEST_ENDPOINTS: 'false' },
      { CLOCK: 'system', ENABLE_TEST_ENDPOINTS: 'true' },
    ]) {
      const sibling = await startSibling(env);
      try {
        const read = await fetch(`${sibling.url}/api/test/clock`);
        expect(read.status).toBe(404);
        const advance = await fetch(`${sibling.url}/api/test/clock/advance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"milliseconds":1}',
        });
        expect(advance.status).toBe(404);
      } finally {
        await sibling.app.close();
      }
    }
  });

  it('finishes in-flight requests when it shuts down', async () => {
    let entered: () => void = () => undefined;
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const sibling = await startSibling({ CLOCK: 'virtual', ENABLE_TEST_ENDPOINTS: 'false' }, (app) => {
      app.get('/test-only/slow', { schema: { hide: true } }, async () => {
        entered();
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { done: true };
      });
    });
    const pending = fetch(`${sibling.url}/test-only/slow`);
    await inHandler;
    const closed = sibling.app.close();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closed;
    await expect(fetch(`${sibling.url}/api/v1/health`)).rejects.toThrow();
  });

  it('never answered 500 in this suite', () => {
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((entry) => entry.status >= 500)).toEqual([]);
  });
});

function envOverrides(env: Record<string, string>) {
  return {
    ...(env.CLOCK ? { clock: env.CLOCK === 'virtual' ? ('virtual' as const) : ('system' as const) } : {}),
    ...(env.ENABLE_TEST_ENDPOINTS ? { enableTestEndpoints: env.ENABLE_TEST_ENDPOINTS === 'true' } : {}),
  };
}
