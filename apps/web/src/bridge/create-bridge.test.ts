import { bridgeChannel, bridgeRequestSchema } from '@outpilot/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeWindow } from '../test/fake-window.ts';
import { testConfig } from '../test/fixtures.ts';
import { createBridge, isOlderVersion, type StartInPageAgent } from './create-bridge.ts';

/** A minimal in-page agent: answers system.getVersion and api.getToken. */
const fakeAgent = ({ window: win }: { window: Window }): (() => void) => {
  const onMessage = (event: MessageEvent) => {
    const request = bridgeRequestSchema.safeParse(event.data);
    if (!request.success) return;
    const results: Record<string, unknown> = {
      'system.getVersion': { version: '9.9.9' },
      'api.getToken': { accessToken: 't0ken', accessTokenExpiresAt: '2030-01-01T00:00:00.000Z' },
    };
    win.postMessage(
      {
        channel: bridgeChannel,
        kind: 'response',
        metadata: request.data.metadata,
        ok: true,
        result: results[`${request.data.target}.${request.data.command}`],
      },
      win.location.origin,
    );
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
};

/** The window as an agent sees it whose answers arrive `delayMs` late (a busy page, a waking worker). */
const answeringLate = (win: Window, delayMs: number): Window =>
  ({
    ...win,
    postMessage: (message: unknown, origin: string) =>
      setTimeout(() => win.postMessage(message, origin), delayMs),
    addEventListener: win.addEventListener.bind(win),
    removeEventListener: win.removeEventListener.bind(win),
  }) as unknown as Window;

let stops: (() => void)[] = [];
let window = createFakeWindow();
afterEach(() => {
  window = createFakeWindow();
  for (const stop of stops) stop();
  stops = [];
});

describe('createBridge', () => {
  it('starts the in-page agent when nothing answers and the config allows it', async () => {
    const loadInPageAgent = vi.fn(
      async (): Promise<StartInPageAgent> => (options) => {
        const stop = fakeAgent(options);
        stops.push(stop);
        return stop;
      },
    );
    const bridge = createBridge({ window, config: testConfig, loadInPageAgent });
    expect(await bridge.isInstalled()).toBe(true);
    expect(await bridge.send('api', 'getToken', {})).toEqual({
      accessToken: 't0ken',
      accessTokenExpiresAt: '2030-01-01T00:00:00.000Z',
    });
    expect(loadInPageAgent).toHaveBeenCalledTimes(1);
  });

  it('waits for the in-page agent it started beyond the extension ping time-out (a busy page)', async () => {
    // The agent answers 150 ms late, as on a page whose main thread is busy with its first render.
    const slowAgent: StartInPageAgent = ({ window: win }) => {
      const stop = fakeAgent({ window: answeringLate(win, 150) });
      stops.push(stop);
      return stop;
    };
    const bridge = createBridge({
      window,
      config: testConfig,
      loadInPageAgent: async () => slowAgent,
      extensionPingTimeoutMs: 30,
    });
    expect(await bridge.isInstalled()).toBe(true);
  });

  it('starts the in-page agent at once in a page the extension did not mark, before any ping', async () => {
    const steps: string[] = [];
    const postMessage = window.postMessage.bind(window);
    window.postMessage = ((message: unknown, origin: string) => {
      if (bridgeRequestSchema.safeParse(message).success) steps.push('request');
      postMessage(message, origin);
    }) as Window['postMessage'];
    const bridge = createBridge({
      window,
      config: testConfig,
      loadInPageAgent: async () => (options) => {
        steps.push('in-page agent started');
        const stop = fakeAgent(options);
        stops.push(stop);
        return stop;
      },
    });
    expect(await bridge.isInstalled()).toBe(true);
    expect(steps).toEqual(['in-page agent started', 'request']);
  });

  it('waits for the extension that marked the page, and then starts no in-page agent beside it', async () => {
    // Its service worker wakes slowly: the answer comes 600 ms late, past the 400 ms start-up gave
    // any extension before the mark (it then started the in-page agent beside it).
    window = createFakeWindow({ markedByExtension: true });
    stops.push(fakeAgent({ window: answeringLate(window, 600) }));
    const start = vi.fn<StartInPageAgent>();
    const bridge = createBridge({ window, config: testConfig, loadInPageAgent: async () => start });
    expect(await bridge.isInstalled()).toBe(true);
    expect(start).not.toHaveBeenCalled();
  });

  it('starts the in-page agent when the extension that marked the page does not answer', async () => {
    window = createFakeWindow({ markedByExtension: true });
    const bridge = createBridge({
      window,
      config: testConfig,
      loadInPageAgent: async () => (options) => {
        const stop = fakeAgent(options);
        stops.push(stop);
        return stop;
      },
      extensionPingTimeoutMs: 30,
    });
    expect(await bridge.isInstalled()).toBe(true);
    expect(await bridge.send('system', 'getVersion', {})).toEqual({ version: '9.9.9' });
  });

  it('reports a missing extension and refuses commands when the in-page agent is disabled', async () => {
    const loadInPageAgent = vi.fn(async () => fakeAgent);
    const bridge = createBridge({
      window,
      config: { ...testConfig, inPageAgentEnabled: false },
      loadInPageAgent,
      extensionPingTimeoutMs: 30,
    });
    expect(await bridge.isInstalled()).toBe(false);
    await expect(bridge.send('api', 'getToken', {})).rejects.toMatchObject({ name: 'ExtensionNotInstalled' });
    expect(loadInPageAgent).not.toHaveBeenCalled();
  });

  it('waits longer for an extension where no in-page agent can step in (its service worker waking)', async () => {
    // The extension answers 150 ms late: past the in-page agent's 30 ms, within the extension's wait.
    stops.push(fakeAgent({ window: answeringLate(window, 150) }));
    const bridge = createBridge({
      window,
      config: { ...testConfig, inPageAgentEnabled: false },
      extensionPingTimeoutMs: 1_000,
    });
    expect(await bridge.isInstalled()).toBe(true);
  });

  it('rejects an answer that does not match the command result schema', async () => {
    window = createFakeWindow({ markedByExtension: true });
    stops.push(fakeAgent({ window }));
    const bridge = createBridge({ window, config: testConfig, loadInPageAgent: async () => fakeAgent });
    await expect(bridge.send('api', 'getMyProfile', {})).rejects.toMatchObject({ name: 'ClientError' });
  });

  it('tells an outdated extension to update: its version answers, every other command is refused', async () => {
    window = createFakeWindow({ markedByExtension: true });
    stops.push(fakeAgent({ window }));
    const bridge = createBridge({
      window,
      config: { ...testConfig, minimumExtensionVersion: '10.0.0' },
      loadInPageAgent: async () => fakeAgent,
    });
    expect(await bridge.send('system', 'getVersion', {})).toEqual({ version: '9.9.9' });
    await expect(bridge.send('api', 'getToken', {})).rejects.toMatchObject({
      name: 'OldExtension',
      message: 'Please download new extension version',
    });
  });

  it('compares versions part by part', () => {
    expect(isOlderVersion('0.9.9', '0.10.0')).toBe(true);
    expect(isOlderVersion('0.10.0', '0.9.9')).toBe(false);
    expect(isOlderVersion('1.0', '1.0.0')).toBe(false);
  });
});
