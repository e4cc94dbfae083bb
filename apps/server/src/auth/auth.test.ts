import { randomUUID } from 'node:crypto';
import { type AppProfile, appProfileSchema, errorBodySchema, tokenPairSchema } from '@outpilot/contracts';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccount, issueTestSession, signInWithDevIdp, testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { rotatedTokenGraceMs } from './refresh-session.ts';

const notAuthorized = { name: 'NotAuthorized', message: 'Not authorized' };

describe.each(testBackends())('auth on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);
  const api = (path: string) => `${server.url}/api/v1${path}`;
  const getProfile = (token?: string) =>
    fetch(api('/profile'), token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const postJson = (path: string, body: unknown, token?: string) =>
    fetch(api(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const refresh = (refreshToken: string) => postJson('/auth/refresh', { refreshToken });
  /** A refresh the server must accept: the new pair. */
  const refreshed = async (refreshToken: string) => {
    const response = await refresh(refreshToken);
    expect(response.status).toBe(200);
    return tokenPairSchema.parse(await response.json());
  };

  it('signs a new user in through the development identity provider', async () => {
    const email = `Ada.${randomUUID().slice(0, 8)}@Example.test`;
    const { tokens, signInPage, callbackUrl } = await signInWithDevIdp(server.url, {
      email,
      name: 'Ada King Lovelace',
      returnTo: '/campaigns?tab=1',
    });
    expect(signInPage).toContain('<title>Outpilot development sign-in</title>');
    expect(signInPage).toMatch(/<input[^>]+name="email"[^>]+required/);
    expect(signInPage).toContain('<button type="submit">Sign in</button>');
    expect(callbackUrl.origin + callbackUrl.pathname).toBe(`${server.url}/auth_callback`);
    expect(tokens.returnTo).toBe('/campaigns?tab=1');
    expect(new Date(tokens.accessTokenExpiresAt).getTime()).toBe(
      Math.floor(server.clock.now().getTime() / 1000) * 1000 + 900_000,
    );

    const response = await getProfile(tokens.accessToken);
    expect(response.status).toBe(200);
    const profile: AppProfile = appProfileSchema.parse(await response.json());
    expect(profile).toMatchObject({
      email: email.toLowerCase(),
      givenName: 'Ada',
      familyName: 'King Lovelace',
      linkedInProfile: null,
      timezoneOffset: null,
      workingHoursSet: false,
      onBoarding: true,
      subscriptionIsActive: true,
      // A new account's trial has Basic's features (docs/decisions.md, issue 24).
      isProPlanAccessible: false,
      isTeamPlanAccessible: false,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    });

    // Signing in again with the same e-mail finds the same user and workspace.
    const again = await signInWithDevIdp(server.url, { email: email.toLowerCase() });
    const second = appProfileSchema.parse(await (await getProfile(again.tokens.accessToken)).json());
    expect(second.id).toBe(profile.id);
    expect(second.personaId).toBe(profile.personaId);
  });

  it('gives two simultaneous first sign-ins of one person the same account', async () => {
    const email = `twin.${randomUUID().slice(0, 8)}@example.test`;
    const results = await Promise.all([
      signInWithDevIdp(server.url, { email, name: 'Twin One' }),
      signInWithDevIdp(server.url, { email, name: 'Twin One' }),
    ]);
    const profiles = await Promise.all(
      results.map(async ({ tokens }) =>
        appProfileSchema.parse(await (await getProfile(tokens.accessToken)).json()),
      ),
    );
    expect(profiles[0]?.id).toBe(profiles[1]?.id);
    expect(profiles[0]?.personaId).toBe(profiles[1]?.personaId);
  });

  it('names a user from the e-mail when no name is given', async () => {
    const email = `grace.hopper.${randomUUID().slice(0, 6)}@example.test`;
    const { tokens } = await signInWithDevIdp(server.url, { email });
    const profile = appProfileSchema.parse(await (await getProfile(tokens.accessToken)).json());
    expect(profile.givenName).toBe('Grace');
    expect(profile.familyName.startsWith('Hopper')).toBe(true);
  });

  it('shows the form again with an error for a bad e-mail', async () => {
    const started = await postJson('/auth/sign-in-url', { returnTo: '/' });
    const { url } = (await started.json()) as { url: string };
    const authorization = await fetch(url, { redirect: 'manual' });
    const interaction = new URL(authorization.headers.get('location') ?? '', url);
    const cookies = authorization.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const response = await fetch(interaction, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies },
      body: 'email=not-an-email&name=X',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Please enter a valid e-mail address');
    expect(html).toContain('value="not-an-email"');
  });

  it('answers 422 for an unknown state or a bad code, never 500', async () => {
    const unknown = await postJson('/auth/token', { code: 'abc', state: 'never-issued' });
    expect(unknown.status).toBe(422);
    const body = errorBodySchema.parse(await unknown.json());
    expect(body.name).toBe('UnprocessableEntity');
    expect(body.errors?.[0]?.field).toBe('state');

    const started = await postJson('/auth/sign-in-url', { returnTo: '/' });
    const state = new URL(((await started.json()) as { url: string }).url).searchParams.get('state');
    const badCode = await postJson('/auth/token', { code: 'forged-code', state });
    expect(badCode.status).toBe(422);
    expect(errorBodySchema.parse(await badCode.json())).toMatchObject({
      name: 'UnprocessableEntity',
      message: 'The sign-in code is invalid or has expired',
    });
    // The state was single use.
    const replay = await postJson('/auth/token', { code: 'forged-code', state });
    expect(replay.status).toBe(422);
  });

  it('rejects a returnTo outside the app', async () => {
    const response = await postJson('/auth/sign-in-url', { returnTo: '//evil.example/x' });
    expect(response.status).toBe(422);
    const body = errorBodySchema.parse(await response.json());
    expect(body.errors?.[0]?.field).toBe('returnTo');
    expect(body.message).toBe(body.errors?.[0]?.description);
  });

  it("shows a factory-onboarded account's profile", async () => {
    const account = await createAccount(server.db, {
      givenName: 'Linus',
      familyName: 'Torvalds',
      onboarded: true,
      clock: server.clock,
    });
    const tokens = await issueTestSession(server.app, account);
    const response = await getProfile(tokens.accessToken);
    expect(response.status).toBe(200);
    expect(appProfileSchema.parse(await response.json())).toMatchObject({
      id: account.userId,
      personaId: account.personaId,
      email: account.email,
      givenName: 'Linus',
      familyName: 'Torvalds',
      timezoneOffset: 0,
      workingHoursSet: true,
      onBoarding: false,
      linkedInProfile: {
        entityId: account.networkEntityId,
        publicIdentifier: account.networkPublicIdentifier,
        givenName: 'Linus',
        familyName: 'Torvalds',
        picture: null,
      },
    });
  });

  it('rotates refresh tokens and revokes the session when a rotated token is reused', async () => {
    const account = await createAccount(server.db, { clock: server.clock });
    const first = await issueTestSession(server.app, account);

    const second = await refreshed(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await getProfile(second.accessToken)).status).toBe(200);

    // Reusing the first token after the grace window: rejected, and the whole session is revoked.
    server.clock.advance(rotatedTokenGraceMs + 1);
    const reused = await refresh(first.refreshToken);
    expect(reused.status).toBe(403);
    expect(await reused.json()).toEqual(notAuthorized);
    expect((await refresh(second.refreshToken)).status).toBe(403);
    expect((await getProfile(second.accessToken)).status).toBe(403);
  });

  it('a refresh whose answer was lost is retried with the same token within the grace window, and only once in effect', async () => {
    const account = await createAccount(server.db, { clock: server.clock });
    const first = await issueTestSession(server.app, account);
    // The server rotates, the answer never reaches the client (a reload mid-request).
    const lost = await refreshed(first.refreshToken);

    server.clock.advance(rotatedTokenGraceMs - 1_000);
    const kept = await refreshed(first.refreshToken);
    expect(kept.refreshToken).not.toBe(lost.refreshToken);
    expect((await getProfile(kept.accessToken)).status).toBe(200);
    // The pair nobody received is rotated away: presenting it is reuse, and reuse revokes.
    expect((await refresh(lost.refreshToken)).status).toBe(403);
    expect((await getProfile(kept.accessToken)).status).toBe(403);
  });

  it('a token two rotations old is reuse even within the grace window', async () => {
    const account = await createAccount(server.db, { clock: server.clock });
    const first = await issueTestSession(server.app, account);
    const second = await refreshed(first.refreshToken);
    const third = await refreshed(second.refreshToken);
    expect((await refresh(first.refreshToken)).status).toBe(403);
    expect((await refresh(third.refreshToken)).status).toBe(403);
  });

  it('rejects unknown and expired refresh tokens', async () => {
    const unknown = await refresh('nope');
    expect(unknown.status).toBe(403);
    expect(await unknown.json()).toEqual(notAuthorized);
  });

  it('revokes both tokens on sign-out', async () => {
    const account = await createAccount(server.db, { clock: server.clock });
    const tokens = await issueTestSession(server.app, account);
    const signedOut = await fetch(api('/auth/sign-out'), {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(signedOut.status).toBe(204);
    expect(await signedOut.text()).toBe('');
    const profile = await getProfile(tokens.accessToken);
    expect(profile.status).toBe(403);
    expect(await profile.json()).toEqual(notAuthorized);
    expect((await refresh(tokens.refreshToken)).status).toBe(403);
  });

  it('answers 403 NotAuthorized for missing, malformed, forged and expired tokens', async () => {
    const account = await createAccount(server.db, { clock: server.clock });
    const tokens = await issueTestSession(server.app, account);
    const [header, payload] = tokens.accessToken.split('.');
    const forgedSignature = `${header}.${payload}.${'A'.repeat(43)}`;
    const otherKey = await new SignJWT({ pid: account.personaId, sid: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.userId)
      .setIssuer('outpilot')
      .setAudience('outpilot-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    for (const token of [undefined, 'garbage', forgedSignature, otherKey]) {
      const response = await getProfile(token);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(notAuthorized);
    }
    const basic = await fetch(api('/profile'), { headers: { authorization: 'Basic abc' } });
    expect(basic.status).toBe(403);

    expect((await getProfile(tokens.accessToken)).status).toBe(200);
    const automation = await fetch(`${server.url}/automation/v1/health`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(await automation.json()).toEqual({ ok: true, personaId: account.personaId });

    server.clock.advance(server.config.accessTokenTtlSeconds * 1000 + 1000);
    const expired = await getProfile(tokens.accessToken);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual(notAuthorized);
    expect((await fetch(`${server.url}/automation/v1/health`)).status).toBe(403);

    // The refresh token still works after the access token expired.
    await refreshed(tokens.refreshToken);
  });

  it('expires refresh tokens after their lifetime', async () => {
    const account = await createAccount(server.db, { clock: server.clock });
    const tokens = await issueTestSession(server.app, account);
    server.clock.advance(server.config.refreshTokenTtlDays * 86_400_000 + 1000);
    const response = await refresh(tokens.refreshToken);
    expect(response.status).toBe(403);
  });

  it('stores client logs with or without a token', async () => {
    const entry = { severity: 'error', event_id: 'test.event', message: 'Something broke', args: [1, 'two'] };
    expect((await postJson('/logs', entry)).status).toBe(204);
    const account = await createAccount(server.db, { clock: server.clock });
    const tokens = await issueTestSession(server.app, account);
    expect((await postJson('/logs', entry, tokens.accessToken)).status).toBe(204);
    expect((await postJson('/logs', entry, 'expired-or-bad')).status).toBe(204);
    const invalid = await postJson('/logs', { ...entry, severity: 'fatal' });
    expect(invalid.status).toBe(422);
  });
});
