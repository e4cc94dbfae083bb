import {
  bridgeChannel,
  bridgeEventSchema,
  bridgeRequestSchema,
  bridgeResponseSchema,
} from '@outpilot/contracts';
import type { BridgePort } from './port.ts';

/** The parts of the page's window the relay uses. */
export type RelayWindow = {
  location: { origin: string };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  postMessage(message: unknown, targetOrigin: string): void;
  setInterval(handler: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
};

export type RelayOptions = {
  window: RelayWindow;
  /** Opens the port to the background (chrome.runtime.connect); called again after the worker restarts. */
  connect: () => BridgePort;
  log?: (message: string, detail?: unknown) => void;
  /** How often the port is used while the page is open, so the service worker stays awake for the runner. */
  keepAliveMs?: number;
};

/** Answers to the keep-alive pings carry this correlation id prefix and stay in the relay. */
const keepAlivePrefix = 'keep-alive:';

/**
 * The content script's relay (seed 000 §7): the app's postMessage protocol, unchanged, between
 * the page and the background's bridge host, so the app talks to the extension exactly as to the
 * in-page agent. Only requests of this window and origin go out; only well-formed responses and
 * events come back.
 */
export function startRelay({ window: win, connect, log = console.warn, keepAliveMs = 20_000 }: RelayOptions) {
  const origin = win.location.origin;
  let port: BridgePort | undefined;
  let pings = 0;

  const open = (): BridgePort => {
    if (port) return port;
    const opened = connect();
    opened.onMessage.addListener((message) => {
      const response = bridgeResponseSchema.safeParse(message);
      if (response.success) {
        if (!response.data.metadata.correlationId.startsWith(keepAlivePrefix))
          win.postMessage(message, origin);
        return;
      }
      if (bridgeEventSchema.safeParse(message).success) return win.postMessage(message, origin);
      log('Outpilot: refused a message of an unknown shape from the background', message);
    });
    // The service worker was stopped or reloaded: the next request opens a new port.
    opened.onDisconnect.addListener(() => {
      if (port === opened) port = undefined;
    });
    port = opened;
    return opened;
  };

  const onMessage = (event: MessageEvent) => {
    // Frames and other windows cannot reach the agent; nor can another origin.
    if (event.source !== (win as unknown) || event.origin !== origin) return;
    const data: unknown = event.data;
    if (
      typeof data !== 'object' ||
      data === null ||
      (data as { channel?: unknown }).channel !== bridgeChannel
    )
      return;
    // The page also sees the responses and events it is sent; only requests go to the background.
    if ((data as { kind?: unknown }).kind !== 'request') return;
    if (!bridgeRequestSchema.safeParse(data).success) {
      log('Outpilot: refused a bridge request of an unknown shape', data);
      return;
    }
    open().postMessage(data);
  };
  win.addEventListener('message', onMessage);
  open();

  const timer = win.setInterval(() => {
    pings += 1;
    open().postMessage({
      channel: bridgeChannel,
      kind: 'request',
      target: 'system',
      command: 'getVersion',
      metadata: { correlationId: `${keepAlivePrefix}${pings}` },
      payload: {},
    });
  }, keepAliveMs);

  return {
    stop() {
      win.clearInterval(timer);
      win.removeEventListener('message', onMessage);
      port?.disconnect();
      port = undefined;
    },
  };
}
