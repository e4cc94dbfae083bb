import { AgentError } from '../errors.ts';

/** Waits; resolves early (without throwing) when the signal aborts, so a stop needs no back-off to pass. */
export type Sleep = (milliseconds: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (milliseconds, signal) =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export type RetryPolicy = {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first back-off; it doubles on every retry (network-api.md §2.2: 2 s, doubling). */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * The longest Retry-After waited out; a throttle asking for longer is thrown at once, so a caller
   * never sits silent for hours on the network's say-so. Unset: any Retry-After is honoured.
   */
  maxRetryAfterMs?: number;
};

export const defaultRetryPolicy: RetryPolicy = { attempts: 5, baseDelayMs: 2_000, maxDelayMs: 60_000 };

export type RetryOptions = {
  policy: RetryPolicy;
  sleep: Sleep;
  /** A number in [0, 1) for the jitter; Math.random in production, fixed in tests. */
  random: () => number;
  /** Aborting it ends the waiting: the last error is thrown instead of trying again. */
  signal?: AbortSignal;
  /** Told before each wait, for logs and tests. */
  onRetry?: (error: AgentError, attempt: number, delayMs: number) => void;
};

/** Worth trying again unchanged: a bad gateway, a server failure or a throttle (AgentError.transient). */
export function isTransient(error: unknown): error is AgentError {
  return error instanceof AgentError && error.transient;
}

/**
 * The wait before retry number `attempt` (1 for the first retry): exponential with "equal jitter"
 * (half fixed, half random) so many agents do not retry in step, and never shorter than the
 * Retry-After the service asked for.
 */
export function backoffDelayMs(
  attempt: number,
  policy: RetryPolicy,
  random: () => number,
  retryAfterMs?: number,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.round(exponential / 2 + (random() * exponential) / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
}

/** Runs `call`, trying transient failures again with back-off; other failures are thrown at once. */
export async function withRetry<T>(call: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { policy, sleep, random, signal, onRetry } = options;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (!isTransient(error) || attempt >= policy.attempts || signal?.aborted) throw error;
      if ((error.retryAfterMs ?? 0) > (policy.maxRetryAfterMs ?? Number.POSITIVE_INFINITY)) throw error;
      const delayMs = backoffDelayMs(attempt, policy, random, error.retryAfterMs);
      onRetry?.(error, attempt, delayMs);
      await sleep(delayMs, signal);
      if (signal?.aborted) throw error;
    }
  }
}
