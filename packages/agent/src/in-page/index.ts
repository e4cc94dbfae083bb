import { type BridgeEvent, bridgeRequestSchema, type ClientConfig } from '@outpilot/contracts';
import { type Clock, systemClock } from '@outpilot/domain';
import type { FetchLike } from '../api-client.ts';
import { createBridgeEventEmitter } from '../bridge-events.ts';
import { type BridgeHost, createBridgeHostWith } from '../bridge-host/create-host.ts';
import { composeHostOptions } from '../compose-host-options.ts';
import { AgentError } from '../errors.ts';
import { importPacing } from '../import-runner/import-pacing.ts';
import { createWebRunLock, type WebLockManager } from '../import-runner/run-lock.ts';
import { lazySandboxNetwork } from '../network/lazy-sandbox-network.ts';
import type { AgentNetworkClient } from '../network/network-client.ts';
import { createNetworkSessionWatcher, type IntervalTimer } from '../network-session-watcher.ts';
import { createLocalStorageStore, type StorageEvents, type WebStorage } from '../storage.ts';
import { createTokenStore } from '../token-store.ts';

/** The parts of a browser window the in-page agent uses, so tests can hand it a small fake. */
export type InPageWindow = IntervalTimer & {
  location: { origin: string };
  localStorage: WebStorage;
  fetch: FetchLike;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** Another tab changed the localStorage: how a run another tab drives is followed here. */
  addEventListener(type: 'storage', listener: (event: StorageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'storage', listener: (event: StorageEvent) => void): void;
  postMessage(message: unknown, targetOrigin: string): void;
  /** Web Locks: one tab at a time drives the import run (absent: this tab is taken to be alone). */
  navigator?: { locks?: WebLockManager };
};

export type InPageAgentOptions = {
  config: ClientConfig;
  window: InPageWindow;
  clock?: Clock;
  /** How often the network session is checked for sign-in, sign-out or another member. */
  networkPollMs?: number;
};

export type InPageAgent = { stop(): void; host: BridgeHost };

/** Used when the config names no sandbox: every network call says the network is unreachable. */
const noNetwork = () => Promise.reject(new AgentError('BadGateway', 'No network is configured'));
const unreachableNetwork: AgentNetworkClient = {
  getMyProfile: noNetwork,
  getProfile: noNetwork,
  searchPeople: noNetwork,
};

/**
 * The in-page transport: when the server runs the sandbox network and no extension is installed,
 * the page itself runs the agent and answers the same postMessage protocol the extension's
 * content script relays, so the web app's code is identical for both.
 */
export function startInPageAgent({
  config,
  window,
  clock = systemClock,
  networkPollMs,
}: InPageAgentOptions): InPageAgent {
  const fetchInPage: FetchLike = (input, init) => window.fetch(input, init);
  const events = createBridgeEventEmitter();
  const storageListeners = new Set<(event: StorageEvent) => void>();
  const storageEvents: StorageEvents = (listener) => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === window.localStorage && event.key !== null) listener(event.key);
    };
    window.addEventListener('storage', onStorage);
    storageListeners.add(onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      storageListeners.delete(onStorage);
    };
  };
  const store = createLocalStorageStore(window.localStorage, undefined, storageEvents);
  const tokens = createTokenStore(store);
  const locks = window.navigator?.locks;
  const { sandboxBaseUrl } = config;
  const sandbox = sandboxBaseUrl
    ? lazySandboxNetwork(
        async () =>
          new (await import('../network/sandbox-network-client.ts')).SandboxNetworkClient({
            sandboxBaseUrl,
            fetch: fetchInPage,
          }),
      )
    : undefined;
  const network: AgentNetworkClient = sandbox ?? unreachableNetwork;
  const options = composeHostOptions({
    config,
    homeUrl: `${window.location.origin}/`,
    version: config.version,
    fetch: fetchInPage,
    store,
    network,
    // Local mode: the page runs the persona's campaign activities while the app is open (runner.start).
    ...(sandbox
      ? { activitiesNetwork: sandbox, signInToNetwork: (email: string) => sandbox.signIn(email) }
      : {}),
    // The sandbox throttles nobody, so its pacing only keeps the run human-like without making the demo slow.
    pacing: importPacing.sandbox,
    ...(locks ? { lock: createWebRunLock(locks) } : {}),
    clock,
    events,
  });
  // The runners (imports, campaign activities) load when a command first needs them: the sign-in
  // screen waits only for this module's answers (decisions.md, issue 26, h-first-screen-3).
  const host = createBridgeHostWith(options, () => import('../bridge-host/runners.ts'));
  const origin = window.location.origin;

  const onMessage = (event: MessageEvent) => {
    // Only this page may talk to the agent: frames and other windows are ignored.
    if (event.origin !== origin || (event.source !== null && event.source !== (window as unknown))) return;
    if (!bridgeRequestSchema.safeParse(event.data).success) return;
    void host.handle(event.data).then((response) => window.postMessage(response, origin));
  };
  window.addEventListener('message', onMessage);
  const unsubscribe = events.subscribe((message: BridgeEvent) => window.postMessage(message, origin));
  const watcher = createNetworkSessionWatcher({
    network,
    events,
    timer: window,
    intervalMs: networkPollMs,
    isWanted: async () => (await tokens.get()) !== null,
  });
  if (config.sandboxBaseUrl) watcher.start();

  return {
    host,
    stop() {
      // The page is going away: the activity in hand is still reported if the page lives long enough.
      void host.stopActivityRunner();
      watcher.stop();
      unsubscribe();
      window.removeEventListener('message', onMessage);
      for (const onStorage of [...storageListeners]) window.removeEventListener('storage', onStorage);
      storageListeners.clear();
    },
  };
}
