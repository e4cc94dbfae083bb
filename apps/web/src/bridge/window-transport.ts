import {
  type BridgeEvent,
  type BridgeRequest,
  type BridgeTarget,
  bridgeChannel,
  bridgeEventSchema,
  bridgeResponseSchema,
} from '@outpilot/contracts';
import { BridgeError, badGatewayText } from './bridge-error.ts';

export const defaultBridgeTimeoutMs = 15_000;

type Pending = { resolve: (result: unknown) => void; reject: (error: BridgeError) => void };

export type WindowTransport = {
  request(target: BridgeTarget, command: string, payload: unknown, timeoutMs?: number): Promise<unknown>;
  onEvent(listener: (event: BridgeEvent) => void): () => void;
  dispose(): void;
};

export type WindowTransportOptions = {
  window: Window;
  timeoutMs?: number;
  createId?: () => string;
};

/**
 * The postMessage transport: requests go to this window with the contracts' envelope; responses and
 * events come back as 'message' events from the same window and origin (the extension's content script
 * or the in-page agent), matched by metadata.correlationId.
 */
export function createWindowTransport({
  window: win,
  timeoutMs = defaultBridgeTimeoutMs,
  createId = () => win.crypto.randomUUID(),
}: WindowTransportOptions): WindowTransport {
  const pending = new Map<string, Pending>();
  const listeners = new Set<(event: BridgeEvent) => void>();
  const origin = win.location.origin;

  const onMessage = (message: MessageEvent) => {
    if (message.source !== win || message.origin !== origin) return;
    const data: unknown = message.data;
    if (
      typeof data !== 'object' ||
      data === null ||
      (data as { channel?: unknown }).channel !== bridgeChannel
    ) {
      return;
    }
    const response = bridgeResponseSchema.safeParse(data);
    if (response.success) {
      const entry = pending.get(response.data.metadata.correlationId);
      if (!entry) return;
      pending.delete(response.data.metadata.correlationId);
      if (response.data.ok) entry.resolve(response.data.result);
      else entry.reject(new BridgeError(response.data.error));
      return;
    }
    const event = bridgeEventSchema.safeParse(data);
    if (event.success) {
      for (const listener of listeners) listener(event.data);
    }
  };
  win.addEventListener('message', onMessage);

  return {
    request(target, command, payload, callTimeoutMs = timeoutMs) {
      const correlationId = createId();
      const envelope: BridgeRequest = {
        channel: bridgeChannel,
        kind: 'request',
        target,
        command,
        metadata: { correlationId },
        payload,
      };
      return new Promise<unknown>((resolve, reject) => {
        const timer = win.setTimeout(() => {
          pending.delete(correlationId);
          reject(new BridgeError({ name: 'BadGateway', message: badGatewayText }));
        }, callTimeoutMs);
        pending.set(correlationId, {
          resolve: (result) => {
            win.clearTimeout(timer);
            resolve(result);
          },
          reject: (error) => {
            win.clearTimeout(timer);
            reject(error);
          },
        });
        win.postMessage(envelope, origin);
      });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose() {
      win.removeEventListener('message', onMessage);
      for (const entry of pending.values()) {
        entry.reject(new BridgeError({ name: 'BadGateway', message: badGatewayText }));
      }
      pending.clear();
    },
  };
}
