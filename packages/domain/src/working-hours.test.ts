import {
  defaultWorkingHours,
  type WorkingHours,
  workingHoursMaxMinutesPerDay,
  workingHoursMaxMinutesPerDayShortReading,
} from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  defaultEditorState,
  formatRange,
  fromWire,
  isWithinWorkingHours,
  nextWorkingInstant,
  parseRange,
  toWire,
  usedMinutesPerDay,
  validateEditor,
  validateWorkingHours,
  type WorkingHoursEditorState,
  workingHoursNote,
} from './working-hours.ts';

const noHours: WorkingHours = {
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
};

describe('parseRange', () => {
  it('turns HH:MM-HH:MM into minutes from midnight and a duration', () => {
    expect(parseRange('09:00-19:00')).toEqual({ ok: true, interval: { start: 540, duration: 600 } });
    expect(parseRange('00:00-00:30')).toEqual({ ok: true, interval: { start: 0, duration: 30 } });
  });

  it("says 'Input the time' for an empty field or an untouched mask", () => {
    for (const text of ['', '   ', '__:__-__:__']) {
      expect(parseRange(text)).toEqual({ ok: false, error: 'Input the time' });
    }
  });

  it("says 'Invalid interval format' for bad minutes, bad hours, reversed, empty or unfilled ranges", () => {
    for (const text of [
      '09:60-10:00',
      '09:00-10:60',
      '25:00-10:00',
      '09:00-25:00',
      '10:00-09:00',
      '10:00-10:00',
      '24:00-24:00',
      '24:00-00:00',
      '24:30-00:00',
      '18:00-24:30',
      '18:00-00:30',
      '09:_0-19:00',
      '09:00-19:__',
      '9:00-19:00',
      '09:00 19:00',
      '09:00-19:00-20:00',
      'nine to five',
      '-1:00-10:00',
    ]) {
      expect(parseRange(text), text).toEqual({ ok: false, error: 'Invalid interval format' });
    }
  });

  it('counts an end of 00 as 24 when it would otherwise not follow the start', () => {
    expect(parseRange('18:00-00:00')).toEqual({ ok: true, interval: { start: 1080, duration: 360 } });
    expect(parseRange('00:00-00:30')).toEqual({ ok: true, interval: { start: 0, duration: 30 } });
    expect(parseRange('00:15-00:45')).toEqual({ ok: true, interval: { start: 15, duration: 30 } });
    expect(parseRange('18:00-24:00')).toEqual({ ok: true, interval: { start: 1080, duration: 360 } });
  });

  it('accepts exactly the maximum and refuses one minute more', () => {
    expect(workingHoursMaxMinutesPerDay).toBe(720);
    expect(parseRange('08:00-20:00')).toEqual({ ok: true, interval: { start: 480, duration: 720 } });
    expect(parseRange('08:00-20:01')).toEqual({ ok: false, error: "Total interval can't exceed 12 hours" });
  });

  it("reports '09:00-00:00' (15 hours) and the whole day as over the maximum", () => {
    expect(parseRange('09:00-00:00')).toEqual({ ok: false, error: "Total interval can't exceed 12 hours" });
    expect(parseRange('00:00-00:00')).toEqual({ ok: false, error: "Total interval can't exceed 12 hours" });
  });

  it('names the maximum it was given', () => {
    const short = workingHoursMaxMinutesPerDayShortReading;
    expect(parseRange('09:00-19:00', short).ok).toBe(true);
    expect(parseRange('09:00-19:30', short)).toEqual({
      ok: false,
      error: "Total interval can't exceed 10 hours",
    });
    expect(workingHoursNote()).toBe('You can work up to 12 hours a day.');
  });
});

describe('formatRange', () => {
  it('writes an end at midnight as 00:00 so the text parses back the same', () => {
    expect(formatRange({ start: 1080, duration: 360 })).toBe('18:00-00:00');
    expect(formatRange({ start: 5, duration: 600 })).toBe('00:05-10:05');
    for (const text of ['09:00-19:00', '18:00-00:00', '00:00-00:01', '23:59-00:00', '07:45-12:15']) {
      const parsed = parseRange(text);
      if (!parsed.ok) throw new Error(`${text} should parse`);
      expect(formatRange(parsed.interval)).toBe(text);
    }
  });
});

describe('working-hours editor', () => {
  it('starts with Monday to Friday selected at 09:00-19:00 and is acceptable as is', () => {
    const state = defaultEditorState();
    expect(state.monday).toEqual({ selected: true, range: '09:00-19:00' });
    expect(state.friday).toEqual({ selected: true, range: '09:00-19:00' });
    expect(state.saturday).toEqual({ selected: false, range: '09:00-19:00' });
    expect(state.sunday.selected).toBe(false);
    expect(canSubmit(state)).toBe(true);
    expect(toWire(state)).toEqual({ ok: true, workingHours: defaultWorkingHours });
  });

  it('reports each selected day and ignores the text of unselected days', () => {
    const state: WorkingHoursEditorState = {
      ...defaultEditorState(),
      monday: { selected: true, range: '' },
      tuesday: { selected: true, range: '10:00-09:00' },
      saturday: { selected: false, range: 'garbage' },
    };
    const validation = validateEditor(state);
    expect(validation).toEqual({
      dayErrors: { monday: 'Input the time', tuesday: 'Invalid interval format' },
      noDaySelected: false,
      isValid: false,
    });
    expect(canSubmit(state)).toBe(false);
    expect(toWire(state)).toEqual({ ok: false, validation });
  });

  it('needs at least one selected day', () => {
    const base = defaultEditorState();
    const state = Object.fromEntries(
      Object.entries(base).map(([day, value]) => [day, { ...value, selected: false }]),
    ) as WorkingHoursEditorState;
    expect(validateEditor(state)).toEqual({ dayErrors: {}, noDaySelected: true, isValid: false });
    expect(canSubmit(state)).toBe(false);
  });

  it('round-trips wire and editor', () => {
    const wire: WorkingHours = {
      ...noHours,
      monday: [{ start: 480, duration: 480 }],
      wednesday: [{ start: 1080, duration: 360 }],
      sunday: [{ start: 0, duration: 1 }],
    };
    const state = fromWire(wire);
    expect(state.monday).toEqual({ selected: true, range: '08:00-16:00' });
    expect(state.wednesday).toEqual({ selected: true, range: '18:00-00:00' });
    expect(state.tuesday).toEqual({ selected: false, range: '09:00-19:00' });
    expect(toWire(state)).toEqual({ ok: true, workingHours: wire });
    expect(fromWire(defaultWorkingHours)).toEqual(defaultEditorState());
  });

  it('shows the earliest interval of a day stored with several', () => {
    const state = fromWire({
      ...noHours,
      monday: [
        { start: 840, duration: 60 },
        { start: 540, duration: 60 },
      ],
    });
    expect(state.monday.range).toBe('09:00-10:00');
  });
});

describe('validateWorkingHours (server)', () => {
  it('accepts the default week and touching intervals', () => {
    expect(validateWorkingHours(defaultWorkingHours)).toEqual([]);
    expect(
      validateWorkingHours({
        ...noHours,
        monday: [
          { start: 540, duration: 180 },
          { start: 720, duration: 180 },
        ],
      }),
    ).toEqual([]);
  });

  it('keeps every interval inside its day', () => {
    expect(
      validateWorkingHours({
        ...noHours,
        monday: [
          { start: 1440, duration: 10 },
          { start: 600, duration: 0 },
        ],
        tuesday: [{ start: 1380, duration: 61 }],
        wednesday: [{ start: 1380, duration: 60 }],
      }),
    ).toEqual([
      { field: 'monday[0].start', description: 'Start must be between 0 and 1439 minutes (00:00 to 23:59)' },
      { field: 'monday[0].duration', description: expect.stringContaining('must end by 24:00') },
      { field: 'monday[1].duration', description: 'Duration must be at least 1 minute' },
      { field: 'tuesday[0].duration', description: expect.stringContaining('must end by 24:00') },
    ]);
  });

  it('refuses overlapping intervals of one day, whatever their order', () => {
    expect(
      validateWorkingHours({
        ...noHours,
        friday: [
          { start: 600, duration: 120 },
          { start: 540, duration: 120 },
        ],
      }),
    ).toEqual([{ field: 'friday[0].start', description: 'Intervals of one day must not overlap' }]);
  });

  it('caps the total of a day at the maximum', () => {
    const atMax = {
      ...noHours,
      monday: [
        { start: 0, duration: 360 },
        { start: 720, duration: 360 },
      ],
    };
    expect(validateWorkingHours(atMax)).toEqual([]);
    const over = {
      ...noHours,
      monday: [
        { start: 0, duration: 360 },
        { start: 720, duration: 361 },
      ],
    };
    expect(validateWorkingHours(over)).toEqual([
      { field: 'monday', description: "Total interval can't exceed 12 hours" },
    ]);
    expect(usedMinutesPerDay(over).monday).toBe(721);
  });

  it('needs at least one day with hours', () => {
    expect(validateWorkingHours(noHours)).toEqual([
      { field: 'working_hours', description: 'At least one day must be selected' },
    ]);
  });
});

describe('isWithinWorkingHours', () => {
  // 2026-01-05 is a Monday.
  const mondayNineToSeven: WorkingHours = { ...noHours, monday: [{ start: 540, duration: 600 }] };

  it('reads Monday 09:00-19:00 at GMT+02:00 as 07:00-17:00 UTC', () => {
    const at = (iso: string) => isWithinWorkingHours(mondayNineToSeven, 120, new Date(iso));
    expect(at('2026-01-05T06:59:59.999Z')).toBe(false);
    expect(at('2026-01-05T07:00:00Z')).toBe(true);
    expect(at('2026-01-05T16:59:59Z')).toBe(true);
    expect(at('2026-01-05T17:00:00Z')).toBe(false);
  });

  it('reads Monday 09:00-19:00 at GMT-05:00 as 14:00-24:00 UTC', () => {
    const at = (iso: string) => isWithinWorkingHours(mondayNineToSeven, -300, new Date(iso));
    expect(at('2026-01-05T13:59:00Z')).toBe(false);
    expect(at('2026-01-05T14:00:00Z')).toBe(true);
    expect(at('2026-01-05T23:59:00Z')).toBe(true);
    expect(at('2026-01-06T00:00:00Z')).toBe(false);
  });

  it('uses the local weekday when the offset moves across midnight', () => {
    const mondayEarly: WorkingHours = { ...noHours, monday: [{ start: 0, duration: 120 }] };
    // Sunday 23:00 UTC is Monday 01:00 at GMT+02:00.
    expect(isWithinWorkingHours(mondayEarly, 120, new Date('2026-01-04T23:00:00Z'))).toBe(true);
    expect(isWithinWorkingHours(mondayEarly, 0, new Date('2026-01-04T23:00:00Z'))).toBe(false);
    // Monday 23:30 UTC is Tuesday 01:30 at GMT+02:00.
    const tuesdayEarly: WorkingHours = { ...noHours, tuesday: [{ start: 60, duration: 60 }] };
    expect(isWithinWorkingHours(tuesdayEarly, 120, new Date('2026-01-05T23:30:00Z'))).toBe(true);
  });

  it('treats an interval ending at midnight as ending before the next day', () => {
    const sundayEvening: WorkingHours = { ...noHours, sunday: [{ start: 1080, duration: 360 }] };
    expect(isWithinWorkingHours(sundayEvening, 0, new Date('2026-01-11T23:59:59Z'))).toBe(true);
    expect(isWithinWorkingHours(sundayEvening, 0, new Date('2026-01-12T00:00:00Z'))).toBe(false);
  });

  it('is never inside with no hours', () => {
    expect(isWithinWorkingHours(noHours, 0, new Date('2026-01-05T12:00:00Z'))).toBe(false);
  });
});

describe('nextWorkingInstant', () => {
  it('answers the instant itself inside working hours', () => {
    const now = new Date('2026-01-05T10:00:00Z');
    expect(nextWorkingInstant(defaultWorkingHours, 0, now)?.toISOString()).toBe('2026-01-05T10:00:00.000Z');
  });

  it('jumps over the weekend to Monday morning, local time', () => {
    // Friday 2026-01-09 18:00 UTC is 20:00 at GMT+02:00, after hours; next is Monday 09:00 local = 07:00 UTC.
    expect(
      nextWorkingInstant(defaultWorkingHours, 120, new Date('2026-01-09T18:00:00Z'))?.toISOString(),
    ).toBe('2026-01-12T07:00:00.000Z');
    expect(
      nextWorkingInstant(defaultWorkingHours, -300, new Date('2026-01-10T12:00:00Z'))?.toISOString(),
    ).toBe('2026-01-12T14:00:00.000Z');
  });

  it('waits for later the same day and wraps from Sunday to the week after', () => {
    expect(nextWorkingInstant(defaultWorkingHours, 0, new Date('2026-01-06T06:30:00Z'))?.toISOString()).toBe(
      '2026-01-06T09:00:00.000Z',
    );
    const sundayOnly: WorkingHours = { ...noHours, sunday: [{ start: 600, duration: 60 }] };
    expect(nextWorkingInstant(sundayOnly, 0, new Date('2026-01-11T11:00:00Z'))?.toISOString()).toBe(
      '2026-01-18T10:00:00.000Z',
    );
  });

  it('answers null when no day has hours', () => {
    expect(nextWorkingInstant(noHours, 0, new Date('2026-01-05T10:00:00Z'))).toBeNull();
  });
});
