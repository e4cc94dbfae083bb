/**
 * A small seeded PRNG (mulberry32) for the scheduler's human-like jitter. The engine injects a
 * random source so tests and demos replay the same plan from the same seed.
 */
export type RandomSource = () => number;

export function createSeededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform number in [min, max). */
export function randomBetween(random: RandomSource, min: number, max: number): number {
  return min + random() * (max - min);
}
