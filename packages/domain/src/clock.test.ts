import { describe, expect, it } from 'vitest';
import { createVirtualClock } from './clock.ts';

describe('virtual clock', () => {
  it('stays still until advanced, then moves by exactly the given time', () => {
    const clock = createVirtualClock(new Date('2026-01-05T08:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-01-05T08:00:00.000Z');
    clock.advance(30 * 24 * 60 * 60 * 1000);
    expect(clock.now().toISOString()).toBe('2026-02-04T08:00:00.000Z');
  });

  it('refuses to go back in time', () => {
    const clock = createVirtualClock(new Date('2026-01-05T08:00:00Z'));
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.set(new Date('2026-01-01T00:00:00Z'))).toThrow(RangeError);
  });
});
