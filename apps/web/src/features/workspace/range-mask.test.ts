import { describe, expect, it } from 'vitest';
import { applyRangeMask, caretAfterDigits, digitsOf } from './range-mask.ts';

describe('range mask', () => {
  it('puts the separators in and shows unfilled places as _', () => {
    expect(applyRangeMask(digitsOf('0900'))).toBe('09:00-__:__');
    expect(applyRangeMask(digitsOf('10:00-09:00'))).toBe('10:00-09:00');
    expect(applyRangeMask(digitsOf('ab1'))).toBe('1_:__-__:__');
    expect(applyRangeMask(digitsOf('123456789'))).toBe('12:34-56:78');
    expect(applyRangeMask('')).toBe('');
    expect(caretAfterDigits('0900')).toBe(5);
    expect(caretAfterDigits('09001')).toBe(7);
  });
});
