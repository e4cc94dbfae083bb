import { type BridgeHost, type BridgeHostOptions, createBridgeHostWith } from './bridge-host/create-host.ts';
import * as runners from './bridge-host/runners.ts';

export {
  type BridgeHost,
  type BridgeHostOptions,
  createBridgeHostWith,
  type HostRunners,
} from './bridge-host/create-host.ts';
export { networkSignInRetry } from './bridge-host/network-sign-in.ts';
export type { ProductApi } from './bridge-host/product-api.ts';
export { idleRunnerState } from './bridge-host/runner-state.ts';
export { type AccessTokenSource, tokenRefreshMarginMs } from './bridge-host/token-session.ts';

/**
 * The bridge host with its runners imported statically (the extension's service worker, where a
 * dynamic import is not allowed, and tests). The in-page agent loads them on first use instead.
 */
export function createBridgeHost(options: BridgeHostOptions): BridgeHost {
  return createBridgeHostWith(options, async () => runners);
}
