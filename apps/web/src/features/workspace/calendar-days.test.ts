import { describe, expect, it } from 'vitest';
import { dayEndIso, dayStartIso, formatDay, instantIso, monthGrid, todayIn } from './calendar-days.ts';

describe('calendar days', () => {
  it('reads today and writes day bounds in the workspace offset', () => {
    const now = new Date('2026-01-31T23:30:00.000Z');
    expect(todayIn(60, now)).toBe('2026-02-01');
    expect(todayIn(-60, now)).toBe('2026-01-31');
    expect(dayStartIso('2026-02-01', 60)).toBe('2026-02-01T00:00:00.000+01:00');
    expect(dayEndIso('2026-02-01', -210)).toBe('2026-02-01T23:59:59.999-03:30');
    expect(instantIso(now, 60)).toBe('2026-02-01T00:30:00.000+01:00');
    expect(formatDay('2026-02-01')).toBe('01 Feb 2026');
  });

  it('starts the month grid on Monday', () => {
    // 1 January 2026 is a Thursday: three blanks (Mo, Tu, We) come first.
    const grid = monthGrid(2026, 0);
    expect(grid.slice(0, 4)).toEqual([null, null, null, '2026-01-01']);
    expect(grid).toHaveLength(3 + 31);
  });
});
