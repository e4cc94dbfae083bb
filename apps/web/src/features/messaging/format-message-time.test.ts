import { describe, expect, it } from 'vitest';
import { formatFileSize, groupByDay } from './format-message-time.ts';

describe('formatFileSize', () => {
  it('steps by 1024 from B to TB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 ** 2)).toBe('5 MB');
    expect(formatFileSize(3 * 1024 ** 4)).toBe('3 TB');
    expect(formatFileSize(2048 * 1024 ** 4)).toBe('2048 TB');
  });
});

describe('groupByDay', () => {
  it('keeps order and starts a group at each new day', () => {
    const events = [
      { created_at: '2026-03-02T09:00:00' },
      { created_at: '2026-03-02T18:00:00' },
      { created_at: '2026-03-03T08:00:00' },
    ];
    expect(groupByDay(events).map((group) => group.events.length)).toEqual([2, 1]);
  });
});
