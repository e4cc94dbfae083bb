import type { AppProfile, BridgeEvent, NetworkProfile, TokenPair } from '@outpilot/contracts';
import { createVirtualClock } from '@outpilot/domain';
import { describe, expect, it } from 'vitest';
import { createBridgeHost, type ProductApi } from './bridge-host.ts';
import { AgentError, badGateway } from './errors.ts';
import { createMemoryStore } from './storage.ts';
import { createFakeImportsApi, createFakeNetwork } from './testing/fake-imports.ts';
import { createTokenStore } from './token-store.ts';

const start = new Date('2026-01-05T08:00:00.000Z');
const inMinutes = (minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();

const networkMe: NetworkProfile = {
  entityId: 'ACoAAme',
  publicIdentifier: 'me-000001',
  firstName: 'Me',
  lastName: 'Myself',
  headline: 'Founder at Acme',
  picture: null,
  location: 'Paris, Ile-de-France, France',
  company: 'Acme',
  degree: 'SELF',
  isPremium: false,
  hasSalesNavigator: false,
};

const appProfile: AppProfile = {
  id: 'u1',
  email: 'me@example.com',
  givenName: 'Me',
  familyName: 'Myself',
  isBackendAutomation: false,
  isBetaUser: false,
  impersonatedPersona: null,
  subscriptionIsActive: true,
  subscriptionOwnerId: null,
  personaId: 'p1',
  teamId: null,
  teamRole: null,
  timezoneOffset: 60,
  workingHoursSet: true,
  accessTokenExpiresAt: inMinutes(30),
  isTeamPlanAccessible: false,
  isProPlanAccessible: false,
  exceedLinkedInInvitationsLimit: false,
  onBoarding: false,
  runningActivitiesEnabled: true,
  linkedInProfile: null,
};

type FakeSandbox = {
  signedIn: NetworkProfile | null;
  signIns: string[];
  /** What the next sign-ins throw, in order, before one succeeds. */
  failures?: unknown[];
};

function setUp(initialTokens?: TokenPair, sandbox?: FakeSandbox) {
  const calls: string[] = [];
  const sleeps: number[] = [];
  let refreshes = 0;
  const refusedTokens = new Set(['forbidden']);
  const api: ProductApi = {
    signInUrl: async (request) => {
      calls.push(`signInUrl ${request.returnTo}`);
      return { url: 'http://idp.test/authorize' };
    },
    exchangeCode: async ({ code }) => {
      calls.push(`exchange ${code}`);
      return {
        accessToken: 'a1',
        accessTokenExpiresAt: inMinutes(15),
        refreshToken: 'r1',
        returnTo: '/campaigns',
      };
    },
    refresh: async (refreshToken) => {
      refreshes += 1;
      calls.push(`refresh ${refreshToken}`);
      if (refreshToken === 'revoked')
        throw new AgentError('NotAuthorized', 'Not authorized', { status: 403 });
      return {
        accessToken: `a${refreshes + 1}`,
        accessTokenExpiresAt: inMinutes(30),
        refreshToken: `r${refreshes + 1}`,
      };
    },
    signOut: async (accessToken) => {
      calls.push(`signOut ${accessToken}`);
    },
    // The server refuses the tokens in `refusedTokens` with a 403; a caller whose token source can
    // refresh tries once more with the fresh one, as the endpoint client does.
    getProfile: async (token) => {
      const source = typeof token === 'string' ? { get: async () => token } : token;
      const answer = (accessToken: string | null) => {
        calls.push(`getProfile ${accessToken}`);
        if (accessToken === null || refusedTokens.has(accessToken))
          throw new AgentError('NotAuthorized', 'Not authorized', { status: 403 });
        return appProfile;
      };
      try {
        return answer(await source.get());
      } catch (error) {
        const fresh = await source.refresh?.();
        if (!fresh) throw error;
        return answer(fresh);
      }
    },
    postLog: async (entry, accessToken) => {
      calls.push(`log ${entry.event_id} ${accessToken ?? 'anonymous'}`);
    },
    signInAsMember: async (accessToken, memberId) => {
      calls.push(`signInAsMember ${accessToken} ${memberId}`);
      return { accessToken: 'member', accessTokenExpiresAt: inMinutes(30), memberPersonaId: memberId };
    },
    stopMemberSession: async (accessToken) => {
      calls.push(`stopMemberSession ${accessToken}`);
    },
  };
  const tokens = createTokenStore(createMemoryStore());
  if (initialTokens) void tokens.set(initialTokens);
  const clock = createVirtualClock(start);
  const host = createBridgeHost({
    version: '1.2.3',
    homeUrl: 'http://localhost:3000/',
    api,
    importsApi: () => createFakeImportsApi().api,
    tokens,
    clock,
    ...(sandbox
      ? {
          signInToNetwork: async (email: string) => {
            sandbox.signIns.push(email);
            const failure = sandbox.failures?.shift();
            if (failure) throw failure;
            sandbox.signedIn = networkMe;
          },
          networkSignIn: {
            sleep: async (milliseconds: number) => {
              sleeps.push(milliseconds);
            },
            random: () => 0.5,
          },
        }
      : {}),
    network: {
      getMyProfile: async () => (sandbox ? sandbox.signedIn : networkMe),
      getProfile: async (publicIdentifier) => {
        if (publicIdentifier === 'missing') throw new AgentError('NotFound', 'This member does not exist');
        return { ...networkMe, publicIdentifier, degree: 'SECOND' };
      },
      searchPeople: createFakeNetwork({ size: 0 }).client.searchPeople,
    },
  });
  const events: BridgeEvent[] = [];
  host.events.subscribe((event) => events.push(event));
  return { host, calls, tokens, clock, events, sleeps, refusedTokens };
}

const request = (target: string, command: string, payload?: unknown) => ({
  channel: 'outpilot-bridge',
  kind: 'request',
  target,
  command,
  metadata: { correlationId: 'c-1' },
  payload,
});

describe('bridge host', () => {
  it('answers simple commands with the correlation id', async () => {
    const { host } = setUp();
    await expect(host.handle(request('system', 'getVersion'))).resolves.toEqual({
      channel: 'outpilot-bridge',
      kind: 'response',
      metadata: { correlationId: 'c-1' },
      ok: true,
      result: { version: '1.2.3' },
    });
    await expect(host.handle(request('settings', 'getHomeUrl', {}))).resolves.toMatchObject({
      result: { url: 'http://localhost:3000/' },
    });
  });

  it('refuses a bad envelope, an unknown command and a bad payload with the right names', async () => {
    const { host } = setUp();
    const bad = await host.handle({ channel: 'other', metadata: { correlationId: 'x' } });
    expect(bad).toMatchObject({ ok: false, metadata: { correlationId: 'x' }, error: { name: 'BadRequest' } });
    expect(await host.handle('nonsense')).toMatchObject({ ok: false, error: { name: 'BadRequest' } });
    expect(await host.handle(request('system', 'selfDestruct'))).toMatchObject({
      ok: false,
      error: { name: 'BadRequest' },
    });
    expect(await host.handle(request('runner', 'selfDestruct'))).toMatchObject({
      error: { name: 'BadRequest' },
    });
    expect(await host.handle(request('system', 'hasOwnProperty'))).toMatchObject({
      error: { name: 'BadRequest' },
    });
    const payload = await host.handle(request('auth', 'getSignInUrl', { returnTo: 'https://evil.test' }));
    expect(payload).toMatchObject({
      ok: false,
      error: { name: 'UnprocessableEntity', errors: [{ field: 'returnTo' }] },
    });
    expect(await host.handle(request('network', 'getProfile', {}))).toMatchObject({
      error: { name: 'UnprocessableEntity' },
    });
  });

  it('exchanges the code, stores the tokens and tells the app the product is signed in', async () => {
    const { host, tokens, events } = setUp();
    const response = await host.handle(
      request('api', 'exchangeAuthorizationCode', { code: 'code-1', state: 's' }),
    );
    expect(response).toMatchObject({ ok: true, result: { returnTo: '/campaigns' } });
    expect(await tokens.get()).toEqual({
      accessToken: 'a1',
      accessTokenExpiresAt: inMinutes(15),
      refreshToken: 'r1',
    });
    expect(events.map((event) => event.event)).toEqual(['productSignedIn']);
  });

  it('signs a browser with no network session in to the sandbox as the user after the exchange', async () => {
    const sandbox = { signedIn: null as NetworkProfile | null, signIns: [] as string[] };
    const { host, calls, events } = setUp(undefined, sandbox);
    await host.handle(request('api', 'exchangeAuthorizationCode', { code: 'code-1', state: 's' }));
    expect(calls).toEqual(['exchange code-1', 'getProfile a1']);
    expect(sandbox.signIns).toEqual(['me@example.com']);
    expect(events.map((event) => event.event)).toEqual(['productSignedIn']);
    expect(await host.handle(request('network', 'getMyProfile'))).toMatchObject({ result: networkMe });

    // A browser already signed in to the network keeps its member.
    const signedIn = { signedIn: networkMe as NetworkProfile | null, signIns: [] as string[] };
    const second = setUp(undefined, signedIn);
    await second.host.handle(request('api', 'exchangeAuthorizationCode', { code: 'code-2', state: 's' }));
    expect(signedIn.signIns).toEqual([]);
    expect(second.calls).toEqual(['exchange code-2']);
  });

  it('tries the sandbox sign-in again with back-off on a network error, a 5xx and a 429', async () => {
    const sandbox: FakeSandbox = {
      signedIn: null,
      signIns: [],
      failures: [
        badGateway(),
        new AgentError('TooManyRequests', 'Slow down', { status: 429, retryAfterMs: 1_000 }),
        new AgentError('ClientError', 'Internal error', { status: 500 }),
      ],
    };
    const { host, events, sleeps } = setUp(undefined, sandbox);
    const answer = await host.handle(
      request('api', 'exchangeAuthorizationCode', { code: 'code-1', state: 's' }),
    );
    expect(answer).toMatchObject({ ok: true, result: { returnTo: '/campaigns' } });
    expect(sandbox.signIns).toEqual(['me@example.com', 'me@example.com', 'me@example.com', 'me@example.com']);
    // 0.5 s doubling with equal jitter at random 0.5 (375, 750, 1500), never below a Retry-After (1 s).
    expect(sleeps).toEqual([375, 1_000, 1_500]);
    expect(events.map((event) => event.event)).toEqual(['productSignedIn']);
    expect(await host.handle(request('network', 'getMyProfile'))).toMatchObject({ result: networkMe });
  });

  it('gives up on a refusal, after the last try, or on a throttle longer than it can wait: signed out of the network', async () => {
    const cases: { failures: unknown[]; tries: number }[] = [
      { failures: [new AgentError('NotFound', 'No such member', { status: 404 })], tries: 1 },
      { failures: Array.from({ length: 4 }, () => badGateway(503)), tries: 4 },
      {
        failures: [new AgentError('TooManyRequests', 'Slow down', { status: 429, retryAfterMs: 60_000 })],
        tries: 1,
      },
    ];
    for (const { failures, tries } of cases) {
      const sandbox: FakeSandbox = { signedIn: null, signIns: [], failures };
      const { host, events } = setUp(undefined, sandbox);
      const answer = await host.handle(
        request('api', 'exchangeAuthorizationCode', { code: 'code-1', state: 's' }),
      );
      // The product sign-in stands; the network stays signed out (the runner pauses NotAuthenticated).
      expect(answer).toMatchObject({ ok: true });
      expect(events.map((event) => event.event)).toEqual(['productSignedIn']);
      expect(sandbox.signIns).toHaveLength(tries);
      expect(await host.handle(request('network', 'getMyProfile'))).toMatchObject({ result: null });
    }
  });

  it('hands out the stored token, and refreshes it first when it expires within a minute', async () => {
    const { host, clock, calls, tokens } = setUp({
      accessToken: 'a1',
      accessTokenExpiresAt: inMinutes(15),
      refreshToken: 'r1',
    });
    expect(await host.handle(request('api', 'getToken'))).toMatchObject({ result: { accessToken: 'a1' } });
    expect(calls).toEqual([]);
    clock.advance(14 * 60_000 + 1);
    const [first, second] = await Promise.all([
      host.handle(request('api', 'getToken')),
      host.handle(request('api', 'getToken')),
    ]);
    expect(first).toMatchObject({ result: { accessToken: 'a2', accessTokenExpiresAt: inMinutes(30) } });
    expect(second).toMatchObject({ result: { accessToken: 'a2' } });
    // Both callers shared one refresh: a rotated refresh token is used once only.
    expect(calls).toEqual(['refresh r1']);
    expect((await tokens.get())?.refreshToken).toBe('r2');
    expect(await host.handle(request('api', 'getMyProfile'))).toMatchObject({ ok: true, result: appProfile });
    expect(calls).toEqual(['refresh r1', 'getProfile a2']);
  });

  it('says NotAuthenticated without tokens, and signs out locally when the refresh token is refused', async () => {
    const { host, tokens } = setUp();
    expect(await host.handle(request('api', 'getToken'))).toMatchObject({
      error: { name: 'NotAuthenticated' },
    });
    await tokens.set({ accessToken: 'a0', accessTokenExpiresAt: inMinutes(0), refreshToken: 'revoked' });
    expect(await host.handle(request('api', 'refreshToken'))).toMatchObject({
      error: { name: 'NotAuthenticated' },
    });
    expect(await tokens.get()).toBeNull();
  });

  it('refreshes once after a 403 profile call the agent thought fresh (the server clock ahead), and answers the profile', async () => {
    const { host, tokens, calls } = setUp({
      accessToken: 'forbidden',
      accessTokenExpiresAt: inMinutes(15),
      refreshToken: 'r1',
    });
    expect(await host.handle(request('api', 'getMyProfile'))).toMatchObject({ ok: true, result: appProfile });
    expect(calls).toEqual(['getProfile forbidden', 'refresh r1', 'getProfile a2']);
    expect((await tokens.get())?.accessToken).toBe('a2');
  });

  it("returns NotAuthorized from a member session's 403 profile call, never refreshed, tokens kept", async () => {
    const { host, tokens, calls, refusedTokens } = setUp({
      accessToken: 'a1',
      accessTokenExpiresAt: inMinutes(15),
      refreshToken: 'r1',
    });
    const memberId = '4c1d1f4e-8e6b-4a57-9d2a-2f3b6a1e0c11';
    await host.handle(request('api', 'signInAsMember', { memberId }));
    refusedTokens.add('member');
    expect(await host.handle(request('api', 'getMyProfile'))).toMatchObject({
      error: { name: 'NotAuthorized' },
    });
    expect(calls).not.toContain('refresh r1');
    expect(await tokens.get()).not.toBeNull();
    expect(await tokens.getMemberSession()).not.toBeNull();
  });

  it('works in a member session: its token for the app, never refreshed, one at a time, then back', async () => {
    const { host, tokens, calls } = setUp({
      accessToken: 'a1',
      accessTokenExpiresAt: inMinutes(15),
      refreshToken: 'r1',
    });
    const memberId = '4c1d1f4e-8e6b-4a57-9d2a-2f3b6a1e0c11';
    expect(await host.handle(request('api', 'signInAsMember', { memberId }))).toMatchObject({
      result: { accessToken: 'member' },
    });
    expect(await host.handle(request('api', 'getToken'))).toMatchObject({
      result: { accessToken: 'member' },
    });
    // Never refreshed: the app's client keeps the 403 instead of getting the user's own token.
    expect(await host.handle(request('api', 'refreshToken'))).toMatchObject({
      error: { name: 'NotAuthorized' },
    });
    expect(await host.handle(request('api', 'signInAsMember', { memberId }))).toMatchObject({
      error: { name: 'NotAuthorized' },
    });
    expect(await host.handle(request('api', 'stopMemberSession', {}))).toMatchObject({ ok: true });
    expect(await host.handle(request('api', 'getToken'))).toMatchObject({ result: { accessToken: 'a1' } });
    expect(calls).toEqual([`signInAsMember a1 ${memberId}`, 'stopMemberSession member']);
    expect(await tokens.getMemberSession()).toBeNull();
  });

  it('signs out: tells the server, clears the tokens and tells the app', async () => {
    const { host, tokens, calls, events } = setUp({
      accessToken: 'a1',
      accessTokenExpiresAt: inMinutes(15),
      refreshToken: 'r1',
    });
    expect(await host.handle(request('auth', 'signOut', {}))).toMatchObject({ ok: true, result: {} });
    expect(calls).toEqual(['signOut a1']);
    expect(await tokens.get()).toBeNull();
    expect(events.map((event) => event.event)).toEqual(['productSignedOut']);
  });

  it('proxies the sign-in URL, the network and the logs', async () => {
    const { host, calls } = setUp();
    expect(await host.handle(request('auth', 'getSignInUrl', {}))).toMatchObject({
      result: { url: 'http://idp.test/authorize' },
    });
    expect(calls).toContain('signInUrl /');
    expect(await host.handle(request('network', 'getMyProfile'))).toMatchObject({ result: networkMe });
    expect(await host.handle(request('network', 'getProfile', { publicIdentifier: 'bob' }))).toMatchObject({
      result: { publicIdentifier: 'bob', degree: 'SECOND' },
    });
    expect(
      await host.handle(request('network', 'getProfile', { publicIdentifier: 'missing' })),
    ).toMatchObject({
      error: { name: 'NotFound', message: 'This member does not exist' },
    });
    const log = { severity: 'error', event_id: 'e-1', message: 'boom' };
    expect(await host.handle(request('logging', 'report', log))).toMatchObject({ ok: true });
    expect(calls).toContain('log e-1 anonymous');
  });
});
