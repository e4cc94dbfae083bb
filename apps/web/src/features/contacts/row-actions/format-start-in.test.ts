import { describe, expect, it } from 'vitest';
import { formatStartIn } from './format-start-in.ts';

describe('formatStartIn', () => {
  it.each([
    [0, 'Processing'],
    [1, '1 min'],
    [59, '59 min'],
    [60, '1 h 0 min'],
    [125, '2 h 5 min'],
    [1439, '23 h 59 min'],
    [1440, '1 d 0 h 0 min'],
    [3 * 1440 + 2 * 60 + 7, '3 d 2 h 7 min'],
  ])('shows %i minutes as %s', (minutes, text) => {
    expect(formatStartIn(minutes)).toBe(text);
  });
});
