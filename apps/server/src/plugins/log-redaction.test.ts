import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testBackends } from '../testing/index.ts';
import { redactLogLine } from './log-redaction.ts';

describe('redactLogLine', () => {
  it('hides secret query parameters, JSON fields, bearer tokens, JWTs and bound query values', () => {
    const line = JSON.stringify({
      req: { url: '/auth_callback?code=abc123&state=st4te&page=2' },
      body: { refreshToken: 'r-tok', codeVerifier: 'v-e-r', name: 'Ann' },
      msg: 'Bearer sekret-token and eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      err: {
        message: 'Failed query: insert into "auth_requests" values ($1, $2)\nparams: s1,n0nce,verif',
        code: '23514',
      },
    });
    const redacted = redactLogLine(line);
    for (const secret of [
      'abc123',
      'st4te',
      'r-tok',
      'v-e-r',
      'sekret-token',
      'eyJhbGci',
      'n0nce',
      'verif',
    ]) {
      expect(redacted).not.toContain(secret);
    }
    // What is not a secret stays, so the line is still useful.
    expect(redacted).toContain('page=2');
    expect(redacted).toContain('"name":"Ann"');
    expect(redacted).toContain('"code":"23514"');
    expect(redacted).toContain('Failed query: insert into');
    expect(() => JSON.parse(redacted)).not.toThrow();
  });
});

describe.each(testBackends())('server log on $name', ({ databaseUrl }) => {
  let server: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      ...(databaseUrl ? { databaseUrl } : {}),
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Any PKCE verifier, nonce or state: 43 characters of base64url (RFC 7636 §4.1). */
  const randomSecret = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/;

  it('logs a 500 on sign-in-url without the code verifier, nonce or state', async () => {
    // The database refuses this one row, so the insert of the pending sign-in fails with its values bound.
    await server.db.execute(
      sql.raw(
        `ALTER TABLE auth_requests ADD CONSTRAINT refuse_probe CHECK (referrer IS DISTINCT FROM 'probe')`,
      ),
    );
    const from = lines.length;
    const response = await fetch(`${server.url}/api/v1/auth/sign-in-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ returnTo: '/', referrer: 'probe' }),
    });
    expect(response.status).toBe(500);
    const logged = lines.slice(from);
    const failure = logged.find((line) => line.includes('request failed'));
    expect(failure).toContain('auth_requests');
    for (const line of logged) expect(line).not.toMatch(randomSecret);
  });

  it('logs the sign-in callback URL without its code and state', async () => {
    const from = lines.length;
    await fetch(`${server.url}/auth_callback?code=the-authorization-code&state=the-state-value`);
    const logged = lines.slice(from).join('\n');
    expect(logged).toContain('/auth_callback?code=[redacted]&state=[redacted]');
    expect(logged).not.toContain('the-authorization-code');
    expect(logged).not.toContain('the-state-value');
  });
});
