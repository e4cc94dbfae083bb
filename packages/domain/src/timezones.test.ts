import { describe, expect, it } from 'vitest';
import {
  browserTimezoneOffset,
  defaultTimezoneOffset,
  isValidTimezoneOffset,
  labelFor,
  timezoneOptions,
} from './timezones.ts';

describe('timezone options', () => {
  it('run from GMT-12:00 to GMT+12:00 in ascending order', () => {
    expect(timezoneOptions[0]).toEqual({ offset: -720, label: 'GMT-12:00' });
    expect(timezoneOptions.at(-1)).toEqual({ offset: 720, label: 'GMT+12:00' });
    const offsets = timezoneOptions.map((option) => option.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(new Set(offsets).size).toBe(offsets.length);
    for (let hours = -12; hours <= 12; hours += 1) expect(offsets).toContain(hours * 60);
  });

  it('hold the half- and quarter-hour zones in use', () => {
    expect(timezoneOptions).toContainEqual({ offset: 330, label: 'GMT+05:30' });
    expect(timezoneOptions).toContainEqual({ offset: 345, label: 'GMT+05:45' });
    expect(timezoneOptions).toContainEqual({ offset: 570, label: 'GMT+09:30' });
    expect(timezoneOptions).toContainEqual({ offset: -210, label: 'GMT-03:30' });
  });

  it('label any offset', () => {
    expect(labelFor(0)).toBe('GMT+00:00');
    expect(labelFor(120)).toBe('GMT+02:00');
    expect(labelFor(-570)).toBe('GMT-09:30');
  });
});

describe('isValidTimezoneOffset', () => {
  it('accepts offsets on the list only', () => {
    expect(isValidTimezoneOffset(0)).toBe(true);
    expect(isValidTimezoneOffset(-720)).toBe(true);
    expect(isValidTimezoneOffset(720)).toBe(true);
    expect(isValidTimezoneOffset(330)).toBe(true);
    expect(isValidTimezoneOffset(780)).toBe(false);
    expect(isValidTimezoneOffset(-780)).toBe(false);
    expect(isValidTimezoneOffset(100)).toBe(false);
    expect(isValidTimezoneOffset(120.5)).toBe(false);
    expect(isValidTimezoneOffset(Number.NaN)).toBe(false);
    expect(isValidTimezoneOffset('120')).toBe(false);
  });
});

describe('default timezone', () => {
  it("matches the browser's offset, else falls back to the first entry", () => {
    expect(defaultTimezoneOffset(120)).toBe(120);
    expect(defaultTimezoneOffset(330)).toBe(330);
    expect(defaultTimezoneOffset(0)).toBe(0);
    expect(defaultTimezoneOffset(780)).toBe(-720);
    expect(defaultTimezoneOffset(17)).toBe(-720);
  });

  it('flips the sign of Date#getTimezoneOffset', () => {
    const inParis = { getTimezoneOffset: () => -120 } as Date;
    const inNewYork = { getTimezoneOffset: () => 300 } as Date;
    const inLondon = { getTimezoneOffset: () => 0 } as Date;
    expect(browserTimezoneOffset(inParis)).toBe(120);
    expect(browserTimezoneOffset(inNewYork)).toBe(-300);
    expect(Object.is(browserTimezoneOffset(inLondon), 0)).toBe(true);
  });
});
