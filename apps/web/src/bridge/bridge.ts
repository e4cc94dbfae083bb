import type {
  AppBridgeCommandName,
  AppBridgePayload,
  AppBridgeResult,
  BridgeCommandTarget,
  BridgeEvent,
} from '@outpilot/contracts';

export type BridgeEventListener = (event: BridgeEvent) => void;

/**
 * The one typed way the web app talks to "the extension" (the Chrome extension or the in-page agent).
 * Failures are raised as BridgeError with the error name the bridge answered.
 */
export type Bridge = {
  send<T extends BridgeCommandTarget, C extends AppBridgeCommandName<T>>(
    target: T,
    command: C,
    payload: AppBridgePayload<T, C>,
  ): Promise<AppBridgeResult<T, C>>;
  /** Subscribes to extension events; returns the unsubscribe function. */
  onEvent(listener: BridgeEventListener): () => void;
  /** Resolves whether an extension (or the in-page agent) answers. */
  isInstalled(): Promise<boolean>;
};
