import {
  type FieldError,
  minutesPerDay,
  type Weekday,
  type WorkingHours,
  type WorkingInterval,
  weekdays,
  workingHoursMaxMinutesPerDay,
} from '@outpilot/contracts';

/**
 * Working-hours rules of seed 000 §5: the editor's 'HH:MM-HH:MM' text, the wire shape the server
 * stores, and the questions the campaign engine asks ("may I act now?", "when next?").
 */

export const workingHoursMessages = {
  empty: 'Input the time',
  invalidFormat: 'Invalid interval format',
  noDaySelected: 'At least one day must be selected',
  overlap: 'Intervals of one day must not overlap',
  startOutOfDay: 'Start must be between 0 and 1439 minutes (00:00 to 23:59)',
  durationTooShort: 'Duration must be at least 1 minute',
  endOutOfDay: 'Interval must end by 24:00 (start + duration must not exceed 1440 minutes)',
} as const;

/** Hours shown in "You can work up to N hours a day." and in the too-long error. */
export function maxHoursPerDay(maxMinutes: number = workingHoursMaxMinutesPerDay): number {
  return maxMinutes / 60;
}

export function totalTooLongMessage(maxMinutes: number = workingHoursMaxMinutesPerDay): string {
  return `Total interval can't exceed ${maxHoursPerDay(maxMinutes)} hours`;
}

export function workingHoursNote(maxMinutes: number = workingHoursMaxMinutesPerDay): string {
  return `You can work up to ${maxHoursPerDay(maxMinutes)} hours a day.`;
}

// ---------------------------------------------------------------------------------------------
// The editor's range text

export const defaultRangeText = '09:00-19:00';

export type RangeParseResult = { ok: true; interval: WorkingInterval } | { ok: false; error: string };

// Two digits everywhere: the masked input always yields 'HH:MM-HH:MM', so '9:00' or '09:_0' means
// the mask still has unfilled places.
const rangePattern = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;
// A mask with nothing typed into it is an empty field, not a malformed one.
const emptyMaskPattern = /^[\s_:-]*$/;

/**
 * Parses 'HH:MM-HH:MM' into minutes. An end hour of 00 counts as 24 (§5), so '18:00-00:00' is six
 * hours ending at midnight; it does so only when the end would otherwise not follow the start, so
 * '00:00-00:30' stays the first half hour of the day, while '18:00-00:30' (24:30) cannot fit the day.
 * A start equal to the end ('10:00-10:00', '24:00-24:00') is an empty interval and so an invalid
 * format, as the wire needs a duration of at least one minute. '00:00-00:00' is the whole day and
 * fails the per-day maximum instead.
 */
export function parseRange(
  text: string,
  maxMinutes: number = workingHoursMaxMinutesPerDay,
): RangeParseResult {
  const trimmed = text.trim();
  if (emptyMaskPattern.test(trimmed)) return { ok: false, error: workingHoursMessages.empty };
  const match = rangePattern.exec(trimmed);
  if (!match) return { ok: false, error: workingHoursMessages.invalidFormat };
  // The pattern guarantees all four groups; the defaults only satisfy the index check.
  const [startHours = 0, startMinutes = 0, endHoursRaw = 0, endMinutes = 0] = match.slice(1, 5).map(Number);
  // Two digits cannot be negative, so only the upper bounds of §5 need a check.
  if (startMinutes > 59 || endMinutes > 59 || startHours > 24 || endHoursRaw > 24) {
    return { ok: false, error: workingHoursMessages.invalidFormat };
  }
  const start = startHours * 60 + startMinutes;
  const endAsWritten = endHoursRaw * 60 + endMinutes;
  const end = endHoursRaw === 0 && endAsWritten <= start ? endAsWritten + minutesPerDay : endAsWritten;
  if (start >= end || start >= minutesPerDay || end > minutesPerDay) {
    return { ok: false, error: workingHoursMessages.invalidFormat };
  }
  const duration = end - start;
  if (duration > maxMinutes) return { ok: false, error: totalTooLongMessage(maxMinutes) };
  return { ok: true, interval: { start, duration } };
}

function formatClock(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The inverse of parseRange: an end at 24:00 is written '00:00' so the text parses back the same. */
export function formatRange(interval: WorkingInterval): string {
  const end = interval.start + interval.duration;
  return `${formatClock(interval.start)}-${formatClock(end === minutesPerDay ? 0 : end)}`;
}

// ---------------------------------------------------------------------------------------------
// Editor state (onboarding working-hours screen, account tab, side panel)

export type DayEditorState = { selected: boolean; range: string };
export type WorkingHoursEditorState = Record<Weekday, DayEditorState>;

export type EditorValidation = {
  dayErrors: Partial<Record<Weekday, string>>;
  noDaySelected: boolean;
  isValid: boolean;
};

function mapWeekdays<T>(pick: (day: Weekday) => T): Record<Weekday, T> {
  return Object.fromEntries(weekdays.map((day) => [day, pick(day)])) as Record<Weekday, T>;
}

export function defaultEditorState(): WorkingHoursEditorState {
  return mapWeekdays((day) => ({
    selected: day !== 'saturday' && day !== 'sunday',
    range: defaultRangeText,
  }));
}

/** Only selected days are checked: an unselected day keeps whatever text it had, unused. */
export function validateEditor(
  state: WorkingHoursEditorState,
  maxMinutes: number = workingHoursMaxMinutesPerDay,
): EditorValidation {
  const dayErrors: Partial<Record<Weekday, string>> = {};
  for (const day of weekdays) {
    if (!state[day].selected) continue;
    const parsed = parseRange(state[day].range, maxMinutes);
    if (!parsed.ok) dayErrors[day] = parsed.error;
  }
  const noDaySelected = !weekdays.some((day) => state[day].selected);
  return { dayErrors, noDaySelected, isValid: !noDaySelected && Object.keys(dayErrors).length === 0 };
}

/** Apply/Accept is enabled only for valid hours with at least one day selected (§5). */
export function canSubmit(
  state: WorkingHoursEditorState,
  maxMinutes: number = workingHoursMaxMinutesPerDay,
): boolean {
  return validateEditor(state, maxMinutes).isValid;
}

export type EditorToWireResult =
  | { ok: true; workingHours: WorkingHours }
  | { ok: false; validation: EditorValidation };

export function toWire(
  state: WorkingHoursEditorState,
  maxMinutes: number = workingHoursMaxMinutesPerDay,
): EditorToWireResult {
  const validation = validateEditor(state, maxMinutes);
  if (!validation.isValid) return { ok: false, validation };
  const workingHours = mapWeekdays((day): WorkingInterval[] => {
    if (!state[day].selected) return [];
    const parsed = parseRange(state[day].range, maxMinutes);
    return parsed.ok ? [parsed.interval] : [];
  });
  return { ok: true, workingHours };
}

/**
 * The editor holds one range a day, so a day stored with several intervals (never written by the
 * app itself) shows its earliest one. A day with no interval is unselected with the default text,
 * so ticking it offers 09:00-19:00.
 */
export function fromWire(workingHours: WorkingHours): WorkingHoursEditorState {
  return mapWeekdays((day) => {
    const [first] = [...workingHours[day]].sort((a, b) => a.start - b.start);
    return first
      ? { selected: true, range: formatRange(first) }
      : { selected: false, range: defaultRangeText };
  });
}

// ---------------------------------------------------------------------------------------------
// Server-side rules for PUT workspace/working-hours-in-minutes

export function usedMinutes(intervals: readonly WorkingInterval[]): number {
  return intervals.reduce((sum, interval) => sum + interval.duration, 0);
}

export function usedMinutesPerDay(workingHours: WorkingHours): Record<Weekday, number> {
  return mapWeekdays((day) => usedMinutes(workingHours[day]));
}

export function hasAnyWorkingDay(workingHours: WorkingHours): boolean {
  return weekdays.some((day) => workingHours[day].some((interval) => interval.duration > 0));
}

/** Field paths look like 'monday[0].duration'; an empty week is reported on 'working_hours'. */
export function validateWorkingHours(
  workingHours: WorkingHours,
  maxMinutes: number = workingHoursMaxMinutesPerDay,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const day of weekdays) {
    const intervals = workingHours[day];
    intervals.forEach((interval, index) => {
      if (interval.start < 0 || interval.start >= minutesPerDay) {
        errors.push({ field: `${day}[${index}].start`, description: workingHoursMessages.startOutOfDay });
      }
      if (interval.duration < 1) {
        errors.push({
          field: `${day}[${index}].duration`,
          description: workingHoursMessages.durationTooShort,
        });
      } else if (interval.start + interval.duration > minutesPerDay) {
        errors.push({ field: `${day}[${index}].duration`, description: workingHoursMessages.endOutOfDay });
      }
    });
    const byStart = intervals
      .map((interval, index) => ({ interval, index }))
      .sort((a, b) => a.interval.start - b.interval.start);
    for (let i = 1; i < byStart.length; i += 1) {
      const previous = byStart[i - 1];
      const current = byStart[i];
      if (!previous || !current) continue;
      // Touching intervals (one ends as the next starts) do not overlap.
      if (current.interval.start < previous.interval.start + previous.interval.duration) {
        errors.push({ field: `${day}[${current.index}].start`, description: workingHoursMessages.overlap });
      }
    }
    if (usedMinutes(intervals) > maxMinutes) {
      errors.push({ field: day, description: totalTooLongMessage(maxMinutes) });
    }
  }
  if (!hasAnyWorkingDay(workingHours)) {
    errors.push({ field: 'working_hours', description: workingHoursMessages.noDaySelected });
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Engine questions. The timezone offset is minutes east of UTC (GMT+02:00 = 120).

const minuteMs = 60_000;
const dayMs = minutesPerDay * minuteMs;
const weekMs = 7 * dayMs;
// 1970-01-01 was a Thursday, so the first Monday 00:00 of the epoch is four days in.
const firstEpochMondayMs = 4 * dayMs;

function positiveModulo(value: number, modulus: number): number {
  return ((value % modulus) + modulus) % modulus;
}

type WeeklyWindow = { readonly start: number; readonly end: number };

/**
 * Windows already worked out, by working-hours object: the queue's forecast asks for the same
 * persona's hours thousands of times a call, and rebuilding them each time was a tenth of it.
 * Working hours are never changed in place (a change is a new object), so the object is the key.
 */
const windowsOf = new WeakMap<WorkingHours, readonly WeeklyWindow[]>();

/** Working windows as [start, end) in milliseconds from local Monday 00:00; ends may pass the week. */
function weeklyWindows(workingHours: WorkingHours): readonly WeeklyWindow[] {
  const known = windowsOf.get(workingHours);
  if (known) return known;
  const windows = weekdays.flatMap((day, dayIndex) =>
    workingHours[day]
      .filter((interval) => interval.duration > 0)
      .map((interval) => {
        const start = dayIndex * dayMs + interval.start * minuteMs;
        return { start, end: start + interval.duration * minuteMs };
      }),
  );
  windowsOf.set(workingHours, windows);
  return windows;
}

function localWeekPosition(instant: Date, timezoneOffsetMinutes: number): number {
  return positiveModulo(instant.getTime() + timezoneOffsetMinutes * minuteMs - firstEpochMondayMs, weekMs);
}

export function isWithinWorkingHours(
  workingHours: WorkingHours,
  timezoneOffsetMinutes: number,
  instant: Date,
): boolean {
  const position = localWeekPosition(instant, timezoneOffsetMinutes);
  // A window running past Sunday midnight is also seen one week earlier, covering Monday's start.
  return weeklyWindows(workingHours).some(
    (w) =>
      (position >= w.start && position < w.end) ||
      (position + weekMs >= w.start && position + weekMs < w.end),
  );
}

/** The given instant when it is inside working hours, else the start of the next window; null with no hours. */
export function nextWorkingInstant(
  workingHours: WorkingHours,
  timezoneOffsetMinutes: number,
  instant: Date,
): Date | null {
  const windows = weeklyWindows(workingHours);
  if (windows.length === 0) return null;
  if (isWithinWorkingHours(workingHours, timezoneOffsetMinutes, instant)) return new Date(instant.getTime());
  const position = localWeekPosition(instant, timezoneOffsetMinutes);
  const wait = Math.min(...windows.map((w) => positiveModulo(w.start - position, weekMs)));
  return new Date(instant.getTime() + wait);
}
