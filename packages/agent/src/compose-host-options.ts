import type { ClientConfig } from '@outpilot/contracts';
import type { Clock } from '@outpilot/domain';
import { ApiClient, type FetchLike } from './api-client.ts';
import type { BridgeEventEmitter } from './bridge-events.ts';
import type { BridgeHostOptions } from './bridge-host/create-host.ts';
import type { ImportPacing } from './import-runner/import-pacing.ts';
import type { RunLock } from './import-runner/run-lock.ts';
import type { ActivityNetworkClient, AgentNetworkClient } from './network/network-client.ts';
import type { KeyValueStore } from './storage.ts';
import { createTokenStore } from './token-store.ts';

export type ComposeAgentOptions = {
  config: ClientConfig;
  /** The app's home page (settings.getHomeUrl). */
  homeUrl: string;
  /** What system.getVersion answers: the in-page agent's build or the extension's manifest version. */
  version: string;
  fetch: FetchLike;
  store: KeyValueStore;
  network: AgentNetworkClient;
  /** The network campaign activities act on; without it runner.start is refused. */
  activitiesNetwork?: ActivityNetworkClient;
  /** Sandbox mode only: signs the browser in to the sandbox network after the product sign-in. */
  signInToNetwork?: (email: string) => Promise<unknown>;
  pacing: ImportPacing;
  lock?: RunLock;
  clock: Clock;
  events: BridgeEventEmitter;
};

/** The bridge host's options of that composition (the in-page agent builds its host from them). */
export function composeHostOptions(options: ComposeAgentOptions): BridgeHostOptions {
  const { config, fetch, store, activitiesNetwork } = options;
  return {
    version: options.version,
    homeUrl: options.homeUrl,
    api: new ApiClient({ apiBaseUrl: config.apiBaseUrl, fetch }),
    importsApi: ({ ImportsApiClient }) => new ImportsApiClient({ apiBaseUrl: config.apiBaseUrl, fetch }),
    tokens: createTokenStore(store),
    network: options.network,
    ...(options.signInToNetwork ? { signInToNetwork: options.signInToNetwork } : {}),
    ...(activitiesNetwork
      ? {
          activities: {
            createAutomation: (accessTokens, { AutomationClient }) =>
              new AutomationClient({
                automationBaseUrl: config.automationBaseUrl,
                getAccessToken: accessTokens.current,
                refreshAccessToken: accessTokens.refresh,
                fetch,
              }),
            network: activitiesNetwork,
            cursors: store,
            // The server may ask for another sync pace (the browser journeys' servers do).
            ...(config.agentSyncIntervalMs === undefined
              ? {}
              : { syncIntervalMs: config.agentSyncIntervalMs }),
          },
        }
      : {}),
    // The run is kept in the store so a restart of the agent resumes it.
    imports: { store, pacing: options.pacing, ...(options.lock ? { lock: options.lock } : {}) },
    clock: options.clock,
    events: options.events,
  };
}
