import type { BridgeEvent, BridgeResponse, ClientConfig } from '@outpilot/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../api-client.ts';
import { type InPageWindow, startInPageAgent } from './index.ts';

// A real browser window must fit the agent's narrow window type (checked by tsc, never run).
export const acceptsARealWindow = (realWindow: Window): InPageWindow => realWindow;

const origin = 'http://localhost:3000';
const config: ClientConfig = {
  version: '9.9.9',
  network: 'sandbox',
  inPageAgentEnabled: true,
  apiBaseUrl: '/api/v1',
  automationBaseUrl: '/automation/v1',
  sandboxBaseUrl: '/sandbox',
  extensionStoreUrl: 'https://example.test/store',
  minimumExtensionVersion: '0.1.0',
  supportEmail: 'support@example.test',
  helpCenterUrl: 'https://example.test/help',
  termsUrl: 'https://example.test/terms',
  privacyUrl: 'https://example.test/privacy',
  crmBetaList: 'any',
};

type Listener = (event: MessageEvent) => void;

function createFakeWindow(fetchImpl: FetchLike) {
  const listeners = new Set<Listener>();
  const storageListeners = new Set<(event: StorageEvent) => void>();
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const intervals: (() => void)[] = [];
  const values = new Map<string, string>();
  const fake: InPageWindow = {
    location: { origin },
    localStorage: {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => values.set(key, value),
      removeItem: (key) => values.delete(key),
    },
    fetch: fetchImpl,
    addEventListener: (type, listener) => {
      // The overloads pair each type with its listener; the fake keeps them apart the same way.
      if (type === 'message') listeners.add(listener as Listener);
      else storageListeners.add(listener as (event: StorageEvent) => void);
    },
    removeEventListener: (type, listener) => {
      if (type === 'message') listeners.delete(listener as Listener);
      else storageListeners.delete(listener as (event: StorageEvent) => void);
    },
    postMessage: (message, targetOrigin) => posted.push({ message, targetOrigin }),
    setInterval: (callback) => intervals.push(callback),
    clearInterval: () => intervals.splice(0),
  };
  const dispatch = (data: unknown, from: { origin?: string; source?: unknown } = {}) => {
    const event = {
      data,
      origin: from.origin ?? origin,
      source: from.source ?? fake,
    } as unknown as MessageEvent;
    for (const listener of [...listeners]) listener(event);
  };
  return { fake, posted, dispatch, listeners, storageListeners, intervals, values };
}

const request = (command: string, correlationId: string, target = 'system', payload: unknown = {}) => ({
  channel: 'outpilot-bridge',
  kind: 'request',
  target,
  command,
  metadata: { correlationId },
  payload,
});

const isResponse = (message: unknown, correlationId: string) =>
  (message as BridgeResponse).kind === 'response' &&
  (message as BridgeResponse).metadata.correlationId === correlationId;

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('in-page agent', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('answers bridge requests from its own page with postMessage to its own origin', async () => {
    const fetched: string[] = [];
    const { fake, posted, dispatch } = createFakeWindow(async (input) => {
      fetched.push(input);
      return new Response(JSON.stringify({ name: 'NotAuthenticated', message: 'no' }), { status: 401 });
    });
    ({ stop } = startInPageAgent({ config, window: fake }));
    dispatch(request('getVersion', 'c1'));
    dispatch(request('getVersion', 'c2'), { origin: 'https://evil.test' });
    dispatch(request('getVersion', 'c3'), { source: {} });
    dispatch({ channel: 'outpilot-bridge', kind: 'response', metadata: { correlationId: 'c4' }, ok: true });
    dispatch(request('getMyProfile', 'c5', 'network'));
    // The network's answer waits for the sandbox client's module, loaded on this first call.
    await vi.waitFor(() => expect(posted.some(({ message }) => isResponse(message, 'c5'))).toBe(true));
    await settle();
    const responses = posted.map(({ message }) => message as BridgeResponse);
    expect(posted.every(({ targetOrigin }) => targetOrigin === origin)).toBe(true);
    expect(responses.map((response) => response.metadata.correlationId).sort()).toEqual(['c1', 'c5']);
    expect(responses.find((response) => response.metadata.correlationId === 'c1')).toMatchObject({
      ok: true,
      result: { version: '9.9.9' },
    });
    expect(responses.find((response) => response.metadata.correlationId === 'c5')).toMatchObject({
      ok: true,
      result: null,
    });
    expect(fetched).toContain('/sandbox/api/me');
  });

  it('keeps tokens in localStorage and pushes events to the page', async () => {
    const { fake, posted, dispatch, values } = createFakeWindow(async (input) => {
      if (input === '/api/v1/auth/token') {
        const body = {
          accessToken: 'a1',
          accessTokenExpiresAt: '2099-01-01T00:00:00.000Z',
          refreshToken: 'r1',
          returnTo: '/',
        };
        return new Response(JSON.stringify(body), { status: 200 });
      }
      return new Response('null', { status: 401 });
    });
    ({ stop } = startInPageAgent({ config, window: fake }));
    dispatch(request('exchangeAuthorizationCode', 'c1', 'api', { code: 'x', state: 'y' }));
    // The answer waits for the runners' module (the sandbox sign-in after the exchange), loaded now.
    await vi.waitFor(() => expect(posted.some(({ message }) => isResponse(message, 'c1'))).toBe(true));
    expect([...values.values()].some((value) => value.includes('"refreshToken":"r1"'))).toBe(true);
    const events = posted
      .map(({ message }) => message)
      .filter((message) => (message as BridgeEvent).kind === 'event');
    expect(events).toEqual([
      { channel: 'outpilot-bridge', kind: 'event', event: 'productSignedIn', payload: expect.any(Object) },
    ]);
  });

  it('does not poll the network while the app is signed out, and starts once it is signed in', async () => {
    const fetched: string[] = [];
    const { fake, dispatch, intervals } = createFakeWindow(async (input) => {
      fetched.push(input);
      if (input === '/api/v1/auth/token') {
        const body = {
          accessToken: 'a1',
          accessTokenExpiresAt: '2099-01-01T00:00:00.000Z',
          refreshToken: 'r1',
          returnTo: '/',
        };
        return new Response(JSON.stringify(body), { status: 200 });
      }
      return new Response(JSON.stringify({ name: 'NotAuthenticated', message: 'no' }), { status: 401 });
    });
    ({ stop } = startInPageAgent({ config, window: fake }));
    const tick = async () => {
      for (const callback of intervals) callback();
      await settle();
    };
    await tick();
    await tick();
    expect(fetched).not.toContain('/sandbox/api/me');
    dispatch(request('exchangeAuthorizationCode', 'c1', 'api', { code: 'x', state: 'y' }));
    await settle();
    await tick();
    expect(fetched).toContain('/sandbox/api/me');
  });

  it('stops listening and polling when stopped', () => {
    const { fake, listeners, storageListeners, intervals } = createFakeWindow(
      async () => new Response('null', { status: 401 }),
    );
    const agent = startInPageAgent({ config, window: fake });
    expect(listeners.size).toBe(1);
    // Another tab's import run is followed through the storage events.
    expect(storageListeners.size).toBe(1);
    expect(intervals).toHaveLength(1);
    agent.stop();
    expect(listeners.size).toBe(0);
    expect(storageListeners.size).toBe(0);
    expect(intervals).toHaveLength(0);
  });
});
