import { describe, expect, it } from 'vitest';
import { formatContactsTotal } from './format-total.ts';

describe('formatContactsTotal', () => {
  it.each([
    [0, false, '0 contacts'],
    [1, false, '1 contact'],
    [12_345, false, '12,345 contacts'],
    [1_200_000, true, 'about 1,200,000 contacts'],
  ])('shows %i (estimate: %s) as %s', (total, isEstimate, text) => {
    expect(formatContactsTotal(total, isEstimate)).toBe(text);
  });
});
