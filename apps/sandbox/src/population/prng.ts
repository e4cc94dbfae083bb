import { createSeededRandom } from '@outpilot/domain';

/**
 * Small deterministic random sources. The sandbox never uses Math.random: the same seed must
 * give the same people and the same behaviour, byte for byte (network-api.md §4).
 */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(probability: number): boolean;
};

/** The domain's seeded generator (mulberry32) with the picks simulated data needs. */
export function createRandom(seed: number): Random {
  const next = createSeededRandom(seed);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => {
      const item = list[Math.floor(next() * list.length)];
      if (item === undefined) throw new RangeError('Cannot pick from an empty list');
      return item;
    },
    chance: (probability) => next() < probability,
  };
}

/** FNV-1a over a string: a stable 32-bit hash used to derive keys (e-mails, ids) from text. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A random source of its own for one (seed, key) pair, so adding a field never reshuffles the others. */
export function randomFor(seed: number, key: string): Random {
  return createRandom(hashString(`${seed}:${key}`));
}

/**
 * A well-spread float in [0, 1) for a key: FNV-1a alone barely moves when only the last digits of
 * a key change (group 1000 vs 1001), so its bits are mixed with murmur3's finaliser first.
 */
export function hashUnit(text: string): number {
  let hash = hashString(text);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 4294967296;
}
