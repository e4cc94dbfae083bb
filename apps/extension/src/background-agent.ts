import {
  type BridgeHost,
  composeAgent,
  createBridgeEventEmitter,
  createNetworkSessionWatcher,
  createServerClient,
  createTokenStore,
  type FetchLike,
  importPacing,
  type KeyValueStore,
  LinkedInNetworkClient,
  SandboxNetworkClient,
} from '@outpilot/agent';
import {
  apiBasePath,
  type BridgeEvent,
  bridgeRequestSchema,
  type ClientConfig,
  clientConfigEndpoints,
} from '@outpilot/contracts';
import { systemClock } from '@outpilot/domain';
import { type BuildConfig, isAppOrigin } from './build-config.ts';
import { type BridgePort, bridgePortName } from './port.ts';
import { handOverSession } from './session-hand-over.ts';

export type BackgroundOptions = {
  build: BuildConfig;
  /** The manifest's version: what system.getVersion answers, so the app can tell an outdated extension. */
  version: string;
  fetch: FetchLike;
  /** chrome.storage.local, with a prefix per app origin. */
  storeFor: (origin: string) => KeyValueStore;
  /** The network's JSESSIONID cookie (chrome.cookies), whose value is LinkedIn's csrf-token. */
  readNetworkCookie: (name: string) => Promise<string | null>;
  log?: (message: string, detail?: unknown) => void;
};

/** The page's origin as Chrome reports it; undefined when the port was not opened by a page. */
function originOf(port: BridgePort): string | undefined {
  if (port.sender?.origin) return port.sender.origin;
  return port.sender?.url ? new URL(port.sender.url).origin : undefined;
}

type Agent = { host: BridgeHost; subscribe(listener: (event: BridgeEvent) => void): () => void };

/**
 * The extension's background (seed 000 §1, §7): one agent per app origin, composed exactly like
 * the in-page agent (packages/agent composeAgent), over the LinkedIn adapter, or over the sandbox
 * when the app's server runs the sandbox network. Pages reach it through the content script's port;
 * a port from an unknown origin and a message of an unknown shape are refused and logged.
 */
export function startBackground(options: BackgroundOptions) {
  const { build, log = console.warn } = options;
  const agents = new Map<string, Promise<Agent>>();

  const createAgent = async (origin: string): Promise<Agent> => {
    const config: ClientConfig = await createServerClient({
      baseUrls: { api: `${origin}${apiBasePath}` },
      fetch: options.fetch,
    }).call(clientConfigEndpoints.clientConfig);
    const store = options.storeFor(origin);
    const events = createBridgeEventEmitter();
    const sandbox =
      config.network === 'sandbox' && config.sandboxBaseUrl
        ? new SandboxNetworkClient({ sandboxBaseUrl: config.sandboxBaseUrl, fetch: options.fetch })
        : undefined;
    const network =
      sandbox ??
      new LinkedInNetworkClient({
        baseUrl: build.networkUrl,
        fetch: options.fetch,
        readCookie: options.readNetworkCookie,
      });
    const host = composeAgent({
      config,
      homeUrl: `${origin}/`,
      version: options.version,
      fetch: options.fetch,
      store,
      network,
      activitiesNetwork: network,
      ...(sandbox ? { signInToNetwork: (email: string) => sandbox.signIn(email) } : {}),
      pacing: sandbox ? importPacing.sandbox : importPacing.linkedin,
      clock: systemClock,
      events,
    });
    const tokens = createTokenStore(store);
    createNetworkSessionWatcher({
      network,
      events,
      timer: globalThis,
      isWanted: async () => (await tokens.get()) !== null,
    }).start();
    return { host, subscribe: (listener) => events.subscribe(listener) };
  };

  const agentFor = (origin: string): Promise<Agent> => {
    let agent = agents.get(origin);
    if (!agent) {
      agent = createAgent(origin);
      // A failed start (the app was down) is tried again on the next connection.
      agent.catch(() => agents.delete(origin));
      agents.set(origin, agent);
    }
    return agent;
  };

  return {
    /** chrome.runtime.onConnect */
    onConnect(port: BridgePort) {
      const origin = originOf(port);
      if (port.name !== bridgePortName || !origin || !isAppOrigin(build, origin)) {
        log('Outpilot: refused a connection from an unknown origin', origin ?? port.name);
        port.disconnect();
        return;
      }
      let unsubscribe: (() => void) | undefined;
      let closed = false;
      const agent = agentFor(origin);
      void agent.then(
        (ready) => {
          if (!closed) unsubscribe = ready.subscribe((event) => port.postMessage(event));
        },
        (error: unknown) => log('Outpilot: the agent could not start for', { origin, error }),
      );
      port.onDisconnect.addListener(() => {
        closed = true;
        unsubscribe?.();
      });
      port.onMessage.addListener((message) => {
        const request = bridgeRequestSchema.safeParse(message);
        if (!request.success) {
          log('Outpilot: refused a message of an unknown shape', message);
          return;
        }
        // The app's detection ping waits a few hundred milliseconds; the agent of a new origin is
        // still reading its client config then. The version is the manifest's: answered at once.
        if (request.data.target === 'system' && request.data.command === 'getVersion') {
          port.postMessage({
            channel: request.data.channel,
            kind: 'response',
            metadata: request.data.metadata,
            ok: true,
            result: { version: options.version },
          });
          return;
        }
        void (
          handOverSession(request.data, options.readNetworkCookie) ??
          agent.then(({ host }) => host.handle(message))
        )
          .catch((error: unknown) => ({
            channel: 'outpilot-bridge',
            kind: 'response',
            metadata: message && typeof message === 'object' && 'metadata' in message ? message.metadata : {},
            ok: false,
            error: { name: 'BadGateway', message: error instanceof Error ? error.message : String(error) },
          }))
          .then((response) => {
            if (!closed) port.postMessage(response);
          });
      });
    },
  };
}

/** chrome.storage.local as the agent's key-value store, one prefix per app origin. */
export function createChromeStorageStore(
  area: {
    get(key: string): Promise<Record<string, unknown>>;
    set(items: Record<string, unknown>): Promise<void>;
    remove(key: string): Promise<void>;
  },
  origin: string,
): KeyValueStore {
  const prefix = `${origin}|`;
  return {
    get: async (key) => {
      const value = (await area.get(prefix + key))[prefix + key];
      return typeof value === 'string' ? value : undefined;
    },
    set: (key, value) => area.set({ [prefix + key]: value }),
    remove: (key) => area.remove(prefix + key),
  };
}
