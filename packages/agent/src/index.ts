export { ApiClient, type ApiClientOptions, type FetchLike } from './api-client.ts';
export {
  type BridgeEventEmitter,
  type BridgeEventListener,
  createBridgeEventEmitter,
} from './bridge-events.ts';
export {
  type BridgeHost,
  type BridgeHostOptions,
  createBridgeHost,
  type ProductApi,
  tokenRefreshMarginMs,
} from './bridge-host.ts';
export {
  AgentError,
  type AgentErrorDetails,
  badGateway,
  badGatewayMessage,
  toErrorBody,
  toErrorName,
} from './errors.ts';
export type * from './network/network-client.ts';
export { SandboxNetworkClient, type SandboxNetworkClientOptions } from './network/sandbox-network-client.ts';
export {
  createNetworkSessionWatcher,
  type IntervalTimer,
  type NetworkSessionWatcher,
  type NetworkSessionWatcherOptions,
} from './network-session-watcher.ts';
export {
  createLocalStorageStore,
  createMemoryStore,
  type KeyValueStore,
  type WebStorage,
} from './storage.ts';
export { createTokenStore, type TokenStore } from './token-store.ts';
