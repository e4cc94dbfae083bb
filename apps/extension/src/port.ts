/** The part of a chrome.runtime.Port the relay and the background use, so tests can pair two fakes. */
export type BridgePort = {
  name: string;
  /** Who opened it: the content script's page (chrome.runtime.MessageSender). */
  sender?: { origin?: string; url?: string };
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
};

/** The name of the content script's long-lived connection to the background. */
export const bridgePortName = 'outpilot-bridge';
