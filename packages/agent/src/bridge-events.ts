import { type BridgeEvent, type BridgeEventName, bridgeChannel } from '@outpilot/contracts';

export type BridgeEventListener = (event: BridgeEvent) => void;

/** Extension events (seed 000 §4) pushed from the agent to the app, whatever the transport. */
export type BridgeEventEmitter = {
  emit(event: BridgeEventName, payload?: unknown): void;
  subscribe(listener: BridgeEventListener): () => void;
};

export function createBridgeEventEmitter(): BridgeEventEmitter {
  const listeners = new Set<BridgeEventListener>();
  return {
    emit(event, payload = {}) {
      const message: BridgeEvent = { channel: bridgeChannel, kind: 'event', event, payload };
      for (const listener of [...listeners]) {
        // One broken listener must not keep the others from hearing about it.
        try {
          listener(message);
        } catch {}
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
