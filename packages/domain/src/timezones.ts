/**
 * Timezone options of seed 000 §9: "GMT-12:00 to GMT+12:00 expressed as minute offsets", minutes
 * east of UTC (GMT+02:00 = 120). Besides every whole hour, the list holds the half- and
 * quarter-hour offsets that places actually use inside that range (India +05:30, Nepal +05:45,
 * Newfoundland -03:30 and -02:30 in summer, South Australia +09:30 and +10:30 in summer, ...):
 * the labels carry minutes, and without them a browser there would never match and would fall
 * back to GMT-12:00. Offsets beyond +12:00 (+12:45, +13:00, +14:00) stay out, as the spec bounds
 * the list.
 */

export type TimezoneOption = { offset: number; label: string };

const wholeHourOffsets = Array.from({ length: 25 }, (_, index) => (index - 12) * 60);
const partHourOffsets = [
  -9 * 60 - 30, // Marquesas
  -3 * 60 - 30, // Newfoundland
  -2 * 60 - 30, // Newfoundland, summer
  3 * 60 + 30, // Iran
  4 * 60 + 30, // Afghanistan
  5 * 60 + 30, // India, Sri Lanka
  5 * 60 + 45, // Nepal
  6 * 60 + 30, // Myanmar, Cocos
  8 * 60 + 45, // Eucla
  9 * 60 + 30, // Northern and South Australia
  10 * 60 + 30, // South Australia summer, Lord Howe
];

export const minTimezoneOffset = -12 * 60;
export const maxTimezoneOffset = 12 * 60;

/** 'GMT+05:30', 'GMT-03:30', 'GMT+00:00'. */
export function labelFor(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  const minutes = String(absolute % 60).padStart(2, '0');
  return `GMT${sign}${hours}:${minutes}`;
}

/** Ascending, so the first entry (the fallback default) is GMT-12:00. */
export const timezoneOptions: readonly TimezoneOption[] = [...wholeHourOffsets, ...partHourOffsets]
  .sort((a, b) => a - b)
  .map((offset) => ({ offset, label: labelFor(offset) }));

const validOffsets: ReadonlySet<number> = new Set(timezoneOptions.map((option) => option.offset));

/** Whole minutes, within GMT-12:00..GMT+12:00 and on the list (PUT workspace/timezone-offset, §5). */
export function isValidTimezoneOffset(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && validOffsets.has(value);
}

/**
 * Date#getTimezoneOffset answers minutes WEST of UTC (GMT+02:00 gives -120); the app stores minutes
 * east, so the sign flips. `|| 0` turns the -0 of UTC into 0.
 */
export function browserTimezoneOffset(date: Date): number {
  return -date.getTimezoneOffset() || 0;
}

/** The browser's offset when it is on the list, else the first entry (timezone screen, §2). */
export function defaultTimezoneOffset(browserOffsetMinutes: number): number {
  if (isValidTimezoneOffset(browserOffsetMinutes)) return browserOffsetMinutes;
  const [first] = timezoneOptions;
  return first ? first.offset : minTimezoneOffset;
}
