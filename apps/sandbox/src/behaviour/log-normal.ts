import type { Random } from '../population/prng.ts';

/**
 * A delay drawn from a log-normal distribution (most answers come quickly, a long tail later),
 * truncated to [minMs, maxMs], as network-api.md §4 models acceptance and reply delays.
 */
export function drawLogNormalMs(
  random: Random,
  distribution: { medianMs: number; sigma: number; minMs: number; maxMs: number },
): number {
  const u1 = 1 - random.next();
  const u2 = random.next();
  const standardNormal = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  const value = distribution.medianMs * Math.exp(distribution.sigma * standardNormal);
  return Math.round(Math.min(distribution.maxMs, Math.max(distribution.minMs, value)));
}

/**
 * Moves an instant that falls in the person's local night (00:00–08:00) to their morning, most
 * of the time: people answer while awake (network-api.md §4, "80% in local 08:00–22:00").
 */
export function toWakingHours(random: Random, at: Date, timezoneOffsetMinutes: number): Date {
  const localMs = at.getTime() + timezoneOffsetMinutes * 60_000;
  const localHour = new Date(localMs).getUTCHours();
  if (localHour >= 8 || !random.chance(0.8)) return at;
  const morning = new Date(localMs);
  morning.setUTCHours(8, random.int(0, 119), random.int(0, 59), 0);
  return new Date(morning.getTime() - timezoneOffsetMinutes * 60_000);
}
