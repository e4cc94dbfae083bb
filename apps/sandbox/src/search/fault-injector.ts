import { SandboxError } from '../http/sandbox-error.ts';
import { randomFor } from '../population/prng.ts';

/**
 * Transient refusals at a configured rate, so clients meet LinkedIn's throttling and outages in
 * tests (network-api.md §4 "Faults"): two in three are a 429 ExceedsLimit RATE_LIMITED with a
 * Retry-After of 30–300 s, the rest a 502 BadGateway. Each call draws from (seed, operation, call
 * number): the same seed and call sequence fail at the same calls. A fault is drawn before any
 * state changes, so a refused call never happened.
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
      if (random.next() < 2 / 3) {
        throw new SandboxError(
          'ExceedsLimit',
          'Too many requests, slow down and try again later',
          'RATE_LIMITED',
          random.int(30, 300),
        );
      }
      throw new SandboxError('BadGateway', 'The network is temporarily unavailable');
    },
  };
}
