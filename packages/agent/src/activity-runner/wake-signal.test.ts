import { describe, expect, it } from 'vitest';
import type { Sleep } from '../import-runner/with-retry.ts';
import { createWakeSignal } from './wake-signal.ts';

/** A sleep that only ends when aborted, recording what it was asked for. */
function abortOnlySleep() {
  const asked: number[] = [];
  const sleep: Sleep = (milliseconds, signal) =>
    new Promise((resolve) => {
      asked.push(milliseconds);
      signal?.addEventListener('abort', () => resolve(), { once: true });
    });
  return { asked, sleep };
}

describe('wake signal', () => {
  it('a wake-up ends the wait in progress', async () => {
    const { asked, sleep } = abortOnlySleep();
    const wake = createWakeSignal({ sleep });
    const waited = wake.wait(5_000, new AbortController().signal);
    wake.wake();
    await waited;
    expect(asked).toEqual([5_000]);
  });

  it('a wake-up before the wait skips it; one before the claim began is forgotten', async () => {
    const { asked, sleep } = abortOnlySleep();
    const wake = createWakeSignal({ sleep });
    wake.wake();
    await wake.wait(5_000, new AbortController().signal);
    expect(asked).toEqual([]);

    wake.beforeClaim();
    const stop = new AbortController();
    const waited = wake.wait(5_000, stop.signal);
    expect(asked).toEqual([5_000]);
    stop.abort();
    await waited;
  });
});
