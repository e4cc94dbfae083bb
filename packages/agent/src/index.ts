export {
  type ActivityResult,
  resultOfError,
  sessionLostRetryMs,
  skipCodes,
  toActivityError,
} from './activity-runner/activity-result.ts';
export {
  type ActivityRunner,
  type ActivityRunnerOptions,
  createActivityRunner,
  type NetworkForPersona,
  type RunnerReportEvent,
  type RunOnceResult,
  runnerDefaults,
} from './activity-runner/activity-runner.ts';
export { networkActionKey, reportKey } from './activity-runner/idempotency-keys.ts';
export { performActivity } from './activity-runner/perform-activity.ts';
export { canChangeInbox, performInboxChange } from './activity-runner/perform-inbox-change.ts';
export { reconcileActivity, reconcileLookbackMs } from './activity-runner/reconcile-activity.ts';
export {
  readSyncCursor,
  type SyncCursor,
  syncBatchMax,
  syncPersona,
  toConversationsSync,
} from './activity-runner/sync-network.ts';
export {
  createWakeSignal,
  type RunnerWake,
  type WakeSignal,
} from './activity-runner/wake-signal.ts';
export { ApiClient, type ApiClientOptions } from './api-client.ts';
export { type AutomationApi, AutomationClient, type AutomationClientOptions } from './automation-client.ts';
export {
  type BridgeEventEmitter,
  type BridgeEventListener,
  createBridgeEventEmitter,
} from './bridge-events.ts';
export {
  type BridgeHost,
  type BridgeHostOptions,
  createBridgeHost,
  idleRunnerState,
  networkSignInRetry,
  type ProductApi,
  tokenRefreshMarginMs,
} from './bridge-host.ts';
export { type ComposeAgentOptions, composeAgent } from './compose-agent.ts';
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
export { type ImportPacing, importPacing, type PauseRange } from './import-runner/import-pacing.ts';
export {
  createImportRunner,
  exportInProgressCode,
  type ImportRunner,
  type ImportRunnerOptions,
  type ImportsApi,
  importPageSize,
  importResultsPath,
  importRetryPolicy,
  type StartImportRunRequest,
} from './import-runner/import-runner.ts';
export { readProfileUrls } from './import-runner/read-profile-urls.ts';
export {
  createMemoryRunLock,
  createWebRunLock,
  type ReleaseLock,
  type RunLock,
  type WebLockManager,
} from './import-runner/run-lock.ts';
export {
  backoffDelayMs,
  defaultRetryPolicy,
  isTransient,
  type RetryPolicy,
  type Sleep,
  withRetry,
} from './import-runner/with-retry.ts';
export { ImportsApiClient } from './imports-api-client.ts';
export {
  LinkedInNetworkClient,
  type LinkedInNetworkClientOptions,
} from './network/linkedin/linkedin-network-client.ts';
export { checkpointCode, LinkedInTransport } from './network/linkedin/linkedin-transport.ts';
export { linkedInRequestPacing, type RequestPacing } from './network/linkedin/linkedin-wire.ts';
export type * from './network/network-client.ts';
export { SandboxNetworkClient, type SandboxNetworkClientOptions } from './network/sandbox-network-client.ts';
export {
  createNetworkSessionWatcher,
  type IntervalTimer,
  type NetworkSessionWatcher,
  type NetworkSessionWatcherOptions,
} from './network-session-watcher.ts';
export { createServerClient, type FetchLike, type ServerClientOptions } from './server-client.ts';
export {
  createLocalStorageStore,
  createMemoryStore,
  type KeyValueStore,
  type StorageEvents,
  type WebStorage,
} from './storage.ts';
export { createTokenStore, type TokenStore } from './token-store.ts';
