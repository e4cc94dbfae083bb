import type { BridgePort } from './port.ts';

/** One end of an in-memory port: what it was sent, and a way to deliver it messages or close it. */
export type FakePort = BridgePort & {
  sent: unknown[];
  disconnected: boolean;
  deliver(message: unknown): void;
  close(): void;
};

export function createFakePort(name: string, sender?: BridgePort['sender']): FakePort {
  const onMessage: ((message: unknown) => void)[] = [];
  const onDisconnect: (() => void)[] = [];
  const port: FakePort = {
    name,
    ...(sender ? { sender } : {}),
    sent: [],
    disconnected: false,
    postMessage: (message) => port.sent.push(message),
    disconnect: () => {
      port.disconnected = true;
    },
    onMessage: { addListener: (listener) => onMessage.push(listener) },
    onDisconnect: { addListener: (listener) => onDisconnect.push(listener) },
    deliver: (message) => {
      for (const listener of onMessage) listener(message);
    },
    close: () => {
      for (const listener of onDisconnect) listener();
    },
  };
  return port;
}
