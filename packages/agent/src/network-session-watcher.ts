import type { NetworkProfile } from '@outpilot/contracts';
import type { BridgeEventEmitter } from './bridge-events.ts';
import type { ProfileNetworkClient } from './network/network-client.ts';

/** Injected so tests (and the extension's alarms) decide when a check happens. */
export type IntervalTimer = {
  setInterval(callback: () => void, milliseconds: number): unknown;
  clearInterval(handle: unknown): void;
};

export type NetworkSessionWatcher = {
  /** One poll: reads the session member and emits an event when it changed. */
  check(): Promise<void>;
  start(): void;
  stop(): void;
};

export type NetworkSessionWatcherOptions = {
  network: ProfileNetworkClient;
  events: BridgeEventEmitter;
  timer: IntervalTimer;
  intervalMs?: number;
  /**
   * Whether to ask the network at all (default: always). The in-page agent asks only while the
   * app holds a session: signed out of Outpilot, nobody needs the network member, and each
   * unanswered question would log a 401 in the page's console every interval.
   */
  isWanted?: () => Promise<boolean>;
};

/**
 * Watches whether the browser is signed in to the network, and as whom, and tells the app:
 * networkProfileDetected (signed in), networkProfileChanged (another member), networkSignedOut.
 */
export function createNetworkSessionWatcher({
  network,
  events,
  timer,
  intervalMs = 10_000,
  isWanted = async () => true,
}: NetworkSessionWatcherOptions): NetworkSessionWatcher {
  // undefined: not checked yet; null: checked and signed out.
  let known: NetworkProfile | null | undefined;
  let handle: unknown;
  let running: Promise<void> | undefined;

  const poll = async () => {
    if (!(await isWanted())) return;
    let current: NetworkProfile | null;
    try {
      current = await network.getMyProfile();
    } catch {
      // A transient failure says nothing about the session; keep what we knew.
      return;
    }
    const previous = known;
    known = current;
    if (current === null) {
      if (previous) events.emit('networkSignedOut', {});
      return;
    }
    if (!previous) events.emit('networkProfileDetected', { profile: current });
    else if (previous.entityId !== current.entityId)
      events.emit('networkProfileChanged', { profile: current });
  };

  const check = () => {
    // Overlapping polls would compare against a stale state; share the one in flight.
    running ??= poll().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    check,
    start() {
      if (handle !== undefined) return;
      void check();
      handle = timer.setInterval(() => void check(), intervalMs);
    },
    stop() {
      if (handle === undefined) return;
      timer.clearInterval(handle);
      handle = undefined;
    },
  };
}
