import type { TokenPair } from '@outpilot/contracts';
import { createVirtualClock } from '@outpilot/domain';
import { describe, expect, it, vi } from 'vitest';
import * as runners from './bridge-host/runners.ts';
import { createBridgeHostWith, type ProductApi } from './bridge-host.ts';
import { importRunKey } from './import-runner/import-run-key.ts';
import { ctoSearchUrl, hostTestStart, notUsedHere, signedInTokens } from './testing/bridge-host-fixtures.ts';
import { createFakeImportsApi, createFakeNetwork } from './testing/fake-imports.ts';
import { createSharedStorage } from './testing/shared-storage.ts';
import { createTokenStore } from './token-store.ts';

/**
 * A host whose runners come from a counted loader, as the in-page agent's come from a dynamic
 * import: the sign-in screen's commands must be answered without it.
 */
async function setUp(storage = createSharedStorage(), tokens: TokenPair | null = null) {
  const store = storage.view();
  const tokenStore = createTokenStore(store);
  if (tokens) await tokenStore.set(tokens);
  const api: ProductApi = {
    signInUrl: async () => ({ url: 'http://idp.test/authorize' }),
    exchangeCode: notUsedHere,
    refresh: notUsedHere,
    signOut: notUsedHere,
    // Signed out, the token source refuses before any call, as the real client's does.
    getProfile: async (token) => {
      if (typeof token !== 'string') await token.get();
      return notUsedHere();
    },
    signInAsMember: notUsedHere,
    stopMemberSession: notUsedHere,
    postLog: notUsedHere,
  };
  const loadRunners = vi.fn(async () => runners);
  const host = createBridgeHostWith(
    {
      version: '1.2.3',
      homeUrl: 'http://localhost:3000/',
      api,
      importsApi: () => createFakeImportsApi().api,
      tokens: tokenStore,
      network: createFakeNetwork({ size: 30 }).client,
      clock: createVirtualClock(hostTestStart),
      imports: { sleep: async () => undefined, random: () => 0, store },
    },
    loadRunners,
  );
  const send = (target: string, command: string, payload: unknown = {}) =>
    host.handle({
      channel: 'outpilot-bridge',
      kind: 'request',
      target,
      command,
      metadata: { correlationId: `c-${command}` },
      payload,
    });
  return { host, send, loadRunners, storage };
}

describe('bridge host: runners loaded when first needed', () => {
  it("answers the sign-in screen's commands and the idle runner state without loading the runners", async () => {
    const { send, loadRunners } = await setUp();
    expect(await send('system', 'getVersion')).toMatchObject({ ok: true, result: { version: '1.2.3' } });
    expect(await send('api', 'getMyProfile')).toMatchObject({
      ok: false,
      error: { name: 'NotAuthenticated', message: 'Not signed in' },
    });
    expect(await send('auth', 'getSignInUrl', { returnTo: '/campaigns' })).toMatchObject({
      ok: true,
      result: { url: 'http://idp.test/authorize' },
    });
    expect(await send('runner', 'state')).toMatchObject({ ok: true, result: { status: 'stopped' } });
    expect(await send('runner', 'stop')).toMatchObject({ ok: true, result: { status: 'stopped' } });
    expect(await send('auth', 'signOut')).toMatchObject({ ok: true, result: {} });
    expect(loadRunners).not.toHaveBeenCalled();
  });

  it('loads them for an export command, once, and answers as before', async () => {
    const { send, loadRunners } = await setUp(createSharedStorage(), signedInTokens);
    expect(await send('export', 'state')).toMatchObject({ ok: true, result: null });
    expect(await send('export', 'count', { source: 'network_search', url: ctoSearchUrl })).toMatchObject({
      ok: true,
      result: { total: 30 },
    });
    const noHours = {
      monday: [],
      tuesday: [],
      wednesday: [],
      thursday: [],
      friday: [],
      saturday: [],
      sunday: [],
    };
    expect(
      await send('runner', 'checkWorkingHours', { workingHours: noHours, timezoneOffset: 0 }),
    ).toMatchObject({
      ok: true,
      result: { withinWorkingHours: false, nextWorkingAt: null },
    });
    expect(loadRunners).toHaveBeenCalled();
    const started = await send('export', 'start', {
      source: 'network_search',
      url: ctoSearchUrl,
      name: 'CTOs',
    });
    expect(started).toMatchObject({ ok: true, result: { phase: 'starting' } });
  });

  it('loads them at start when the storage holds a run, and when another agent writes one', async () => {
    const storage = createSharedStorage();
    const idle = await setUp(storage, signedInTokens);
    expect(idle.loadRunners).not.toHaveBeenCalled();

    // Another tab's agent starts a run: this one follows it from its first write.
    const other = await setUp(storage);
    await other.send('export', 'start', { source: 'network_search', url: ctoSearchUrl, name: 'CTOs' });
    expect(storage.values.has(importRunKey)).toBe(true);
    await vi.waitFor(() => expect(idle.loadRunners).toHaveBeenCalled());

    // A reload: the new agent finds the stored run before any command.
    const reloaded = await setUp(storage);
    await vi.waitFor(() => expect(reloaded.loadRunners).toHaveBeenCalled());
    expect(await reloaded.send('export', 'state')).toMatchObject({
      ok: true,
      result: { total: 30, processed: 30 },
    });
  });
});
