import { describe, expect, it } from 'vitest';
import { createSeededRandom, randomBetween } from './seeded-random.ts';

describe('createSeededRandom', () => {
  it('replays the same sequence for a seed and stays in [0, 1)', () => {
    const a = createSeededRandom(7);
    const b = createSeededRandom(7);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(990);
  });

  it('draws between bounds', () => {
    const random = createSeededRandom(1);
    for (let index = 0; index < 100; index += 1) {
      const value = randomBetween(random, 2, 8);
      expect(value).toBeGreaterThanOrEqual(2);
      expect(value).toBeLessThan(8);
    }
  });
});
