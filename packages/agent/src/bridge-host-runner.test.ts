import {
  type AppProfile,
  type BridgeEvent,
  type BridgeResponse,
  defaultWorkingHours,
} from '@outpilot/contracts';
import { createVirtualClock } from '@outpilot/domain';
import { describe, expect, it } from 'vitest';
import { createBridgeHost, type ProductApi } from './bridge-host.ts';
import { createMemoryStore } from './storage.ts';
import { createFakeActivityNetwork } from './testing/fake-activity-network.ts';
import { createFakeAutomation } from './testing/fake-automation.ts';
import { createFakeImportsApi, createFakeNetwork } from './testing/fake-imports.ts';
import { createTokenStore } from './token-store.ts';

const start = new Date('2026-03-02T08:00:00.000Z'); // a Monday

function setUp(withRunner: boolean) {
  const clock = createVirtualClock(start);
  const tokens = createTokenStore(createMemoryStore());
  void tokens.set({
    accessToken: 'a1',
    accessTokenExpiresAt: '2026-03-02T09:00:00.000Z',
    refreshToken: 'r1',
  });
  const api = {
    getProfile: async () => ({ personaId: 'persona-1' }) as AppProfile,
    signOut: async () => undefined,
  } as unknown as ProductApi;
  const network = createFakeActivityNetwork({ members: [], clock });
  const server = createFakeAutomation({ clock });
  const tokensSeen: string[] = [];
  const host = createBridgeHost({
    version: '1.0.0',
    homeUrl: 'http://localhost/',
    api,
    importsApi: () => createFakeImportsApi().api,
    tokens,
    clock,
    network: { ...createFakeNetwork({ size: 0 }).client },
    ...(withRunner
      ? {
          activities: {
            createAutomation: (accessTokens) => ({
              ...server.api,
              claim: async (request: Parameters<typeof server.api.claim>[0]) => {
                tokensSeen.push(await accessTokens.current());
                return server.api.claim(request);
              },
            }),
            network: network.client,
            newRunnerId: () => 'tab-1',
            sleep: async () => undefined,
          },
        }
      : {}),
  });
  const events: BridgeEvent[] = [];
  host.events.subscribe((event) => events.push(event));
  const send = (command: string, payload?: unknown): Promise<BridgeResponse> =>
    host.handle({
      channel: 'outpilot-bridge',
      kind: 'request',
      target: 'runner',
      command,
      metadata: { correlationId: 'c-1' },
      payload,
    });
  return { host, send, events, server, tokensSeen };
}

describe('bridge host: runner target', () => {
  it('starts the persona runner, reports its state as events, and stops it', async () => {
    const { send, events, server, tokensSeen } = setUp(true);
    await expect(send('state')).resolves.toMatchObject({ ok: true, result: { status: 'stopped' } });
    await expect(send('start')).resolves.toMatchObject({ ok: true, result: { status: 'running' } });
    await expect(send('stop')).resolves.toMatchObject({ ok: true, result: { status: 'stopped' } });
    expect(server.claims[0]).toMatchObject({
      runner_id: 'browser:persona-1:tab-1',
      persona_ids: ['persona-1'],
    });
    expect(tokensSeen[0]).toBe('a1');
    expect(events.some((event) => event.event === 'runnerStateChanged')).toBe(true);
  });

  it('refuses start where the agent runs no activities', async () => {
    const { send } = setUp(false);
    await expect(send('start')).resolves.toMatchObject({ ok: false, error: { name: 'BadRequest' } });
  });

  it('checks working hours in the persona timezone', async () => {
    const { send } = setUp(false);
    // 08:00 UTC is 09:00 at GMT+01:00: inside 09:00-19:00.
    await expect(
      send('checkWorkingHours', { workingHours: defaultWorkingHours, timezoneOffset: 60 }),
    ).resolves.toMatchObject({
      ok: true,
      result: { withinWorkingHours: true, nextWorkingAt: '2026-03-02T08:00:00.000Z' },
    });
    await expect(
      send('checkWorkingHours', { workingHours: defaultWorkingHours, timezoneOffset: 0 }),
    ).resolves.toMatchObject({
      ok: true,
      result: { withinWorkingHours: false, nextWorkingAt: '2026-03-02T09:00:00.000Z' },
    });
  });
});
