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
  rateLimitedCode,
  toErrorBody,
  toErrorName,
} from './errors.ts';
export { countSearch } from './import-runner/count-search.ts';
export {
  createImportRunner,
  exportInProgressCode,
  type ImportRunner,
  type ImportRunnerOptions,
  type ImportsApi,
  importPageSize,
  importResultsPath,
  type StartImportRunRequest,
} from './import-runner/import-runner.ts';
export { readProfileUrls } from './import-runner/read-profile-urls.ts';
export {
  backoffDelayMs,
  defaultRetryPolicy,
  isTransient,
  type RetryPolicy,
  type Sleep,
  withRetry,
} from './import-runner/with-retry.ts';
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
