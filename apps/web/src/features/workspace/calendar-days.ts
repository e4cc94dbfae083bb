import { labelFor } from '@outpilot/domain';

/**
 * Calendar days of the 'Performed' range as 'YYYY-MM-DD' strings, read in the workspace's timezone
 * (minutes east of UTC), so "today" and a day's start and end match the workspace, not the browser.
 */
export type CalendarDay = string;

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const monthLongNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** Week starts Monday (seed 000 §2 "Side panel"). */
export const weekdayShortNames = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

export function toCalendarDay(year: number, month: number, day: number): CalendarDay {
  const date = new Date(Date.UTC(year, month, day));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function partsOf(day: CalendarDay): { year: number; month: number; day: number } {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month: month - 1, day: date };
}

/** The workspace's local date-time of an instant, as a Date whose UTC fields carry it. */
function shifted(instant: Date, offsetMinutes: number): Date {
  return new Date(instant.getTime() + offsetMinutes * 60_000);
}

export function todayIn(offsetMinutes: number, now: Date): CalendarDay {
  const local = shifted(now, offsetMinutes);
  return toCalendarDay(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
}

export function monthStartOf(day: CalendarDay): CalendarDay {
  const { year, month } = partsOf(day);
  return toCalendarDay(year, month, 1);
}

/** '+01:00', '-03:30', '+00:00'. */
export function offsetSuffix(offsetMinutes: number): string {
  return labelFor(offsetMinutes).slice(3);
}

export function dayStartIso(day: CalendarDay, offsetMinutes: number): string {
  return `${day}T00:00:00.000${offsetSuffix(offsetMinutes)}`;
}

export function dayEndIso(day: CalendarDay, offsetMinutes: number): string {
  return `${day}T23:59:59.999${offsetSuffix(offsetMinutes)}`;
}

/** An instant written in the workspace's offset, e.g. '2026-01-05T14:03:00.000+01:00'. */
export function instantIso(instant: Date, offsetMinutes: number): string {
  const local = shifted(instant, offsetMinutes).toISOString().slice(0, -1);
  return `${local}${offsetSuffix(offsetMinutes)}`;
}

/** 'DD MMM YYYY' (seed 000 §9). */
export function formatDay(day: CalendarDay): string {
  const { year, month, day: date } = partsOf(day);
  return `${pad(date)} ${monthNames[month]} ${year}`;
}

/** The month grid: leading nulls up to the first day's weekday (Monday first), then every day. */
export function monthGrid(year: number, month: number): (CalendarDay | null)[] {
  const firstWeekday = (new Date(Date.UTC(year, month, 1)).getUTCDay() + 6) % 7;
  const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return [
    ...Array.from({ length: firstWeekday }, () => null),
    ...Array.from({ length }, (_, index) => toCalendarDay(year, month, index + 1)),
  ];
}

export function addMonths(year: number, month: number, count: number): { year: number; month: number } {
  const date = new Date(Date.UTC(year, month + count, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() };
}
