import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.ts';

describe('formatCount', () => {
  it('writes whole numbers as en-US does', () => {
    const values = [
      0, 7, 999, 1_000, 12_345, 100_000, 1_234_567, 9_007_199_254_740_991, -1, -1_000, -98_765_432,
    ];
    for (const value of values) expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
  });

  it('leaves what is not a safe whole number to Intl', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});
