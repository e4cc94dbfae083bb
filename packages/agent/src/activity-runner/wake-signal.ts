import { realSleep, type Sleep } from '../import-runner/with-retry.ts';

/**
 * What ends a runner's wait after an empty claim before its poll interval: e.g. the server's
 * notification that activities were planned, or the time of the next planned one. Without it the
 * runner sleeps the poll interval (a runner pulling over HTTP).
 */
export type RunnerWake = {
  /** A claim begins: what was signalled before it is answered by that claim, so it is forgotten. */
  beforeClaim(): void;
  /** Waits at most maxMs; resolves early on a signal since the last claim began, or when `signal` aborts. */
  wait(maxMs: number, signal: AbortSignal): Promise<void>;
};

export type WakeSignal = RunnerWake & {
  /** Something may be due now: the wait in progress ends, or the next one does not start. */
  wake(): void;
};

/**
 * A wake-up that is never lost: one signalled while the runner is still claiming (after the
 * claim read the queue) ends the following wait at once, so the runner claims again.
 */
export function createWakeSignal(options: { sleep?: Sleep } = {}): WakeSignal {
  const sleep = options.sleep ?? realSleep;
  let pending = false;
  let waiting: AbortController | undefined;
  return {
    wake() {
      pending = true;
      waiting?.abort();
    },
    beforeClaim() {
      pending = false;
    },
    async wait(maxMs, signal) {
      if (pending || signal.aborted) return;
      const controller = new AbortController();
      const onStop = () => controller.abort();
      signal.addEventListener('abort', onStop, { once: true });
      waiting = controller;
      try {
        await sleep(maxMs, controller.signal);
      } finally {
        waiting = undefined;
        signal.removeEventListener('abort', onStop);
      }
    },
  };
}
