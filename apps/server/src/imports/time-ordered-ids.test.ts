import { describe, expect, it } from 'vitest';
import { timeOrderedIds } from './time-ordered-ids.ts';

const uuidV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedIds', () => {
  it('answers version 7 UUIDs carrying the time, ascending and distinct', () => {
    const at = new Date('2026-11-22T14:05:00.123Z');
    const ids = timeOrderedIds(at, 5000);
    expect(ids).toHaveLength(5000);
    for (const id of ids) expect(id).toMatch(uuidV7);
    expect(new Set(ids).size).toBe(5000);
    expect([...ids].sort()).toEqual(ids);
    const milliseconds = Number.parseInt(ids[0]?.replaceAll('-', '').slice(0, 12) ?? '', 16);
    expect(milliseconds).toBe(at.getTime());
  });

  it('keeps a later time after an earlier one, whatever the counters', () => {
    const earlier = timeOrderedIds(new Date('2026-11-22T14:05:00.000Z'), 3);
    const later = timeOrderedIds(new Date('2026-11-22T14:05:00.001Z'), 3);
    expect((earlier.at(-1) ?? '') < (later[0] ?? '')).toBe(true);
  });

  it('answers different ids for two batches at the same time', () => {
    const at = new Date('2026-11-22T14:05:00.000Z');
    const first = new Set(timeOrderedIds(at, 1000));
    expect(timeOrderedIds(at, 1000).some((id) => first.has(id))).toBe(false);
  });
});
