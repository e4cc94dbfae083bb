import { describe, expect, it } from 'vitest';
import { rowMenuOpensUpward, rowMenuOrigins } from './row-menu-placement.ts';

describe('rowMenuOpensUpward', () => {
  it('opens the last 2 rows upward once the grid shows more than 6 rows', () => {
    expect([0, 1, 4, 5, 6].map((index) => rowMenuOpensUpward(7, index))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(rowMenuOpensUpward(25, 23)).toBe(true);
    expect(rowMenuOpensUpward(25, 22)).toBe(false);
  });

  it('always opens downward with 6 rows or fewer', () => {
    for (const shown of [1, 2, 6]) {
      for (let index = 0; index < shown; index += 1) expect(rowMenuOpensUpward(shown, index)).toBe(false);
    }
  });

  it('opens downward for a row the grid does not show', () => {
    expect(rowMenuOpensUpward(10, -1)).toBe(false);
    expect(rowMenuOpensUpward(10, 10)).toBe(false);
  });
});

describe('rowMenuOrigins', () => {
  it('anchors an upward menu on the button top by its own bottom, a downward one the other way', () => {
    expect(rowMenuOrigins(true)).toEqual({
      anchorOrigin: { vertical: 'top', horizontal: 'right' },
      transformOrigin: { vertical: 'bottom', horizontal: 'right' },
    });
    expect(rowMenuOrigins(false)).toEqual({
      anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
      transformOrigin: { vertical: 'top', horizontal: 'right' },
    });
  });
});
