import { SandboxError } from '../http/sandbox-error.ts';
import { randomFor } from '../population/prng.ts';

/**
 * Transient refusals at a configured rate, so importers meet LinkedIn's throttling in tests
 * (network-api.md §4 "Faults": 429 with a retry-after of 30–300 s). Each call draws from
 * (seed, operation, call number): the same seed and call sequence fail at the same calls.
 */
export type FaultInjector = { maybeFail(operation: string): void };

export function createFaultInjector(seed: number, rate: number): FaultInjector {
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new RangeError('faultRate must be a number between 0 and 1');
  }
  const calls = new Map<string, number>();
  return {
    maybeFail(operation) {
      const call = (calls.get(operation) ?? 0) + 1;
      calls.set(operation, call);
      if (rate === 0) return;
      const random = randomFor(seed, `fault:${operation}:${call}`);
      if (!random.chance(rate)) return;
      throw new SandboxError(
        'ExceedsLimit',
        'Too many requests, slow down and try again later',
        'RATE_LIMITED',
        random.int(30, 300),
      );
    },
  };
}
