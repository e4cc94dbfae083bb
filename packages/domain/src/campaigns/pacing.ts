import { minutesPerDay } from '@outpilot/contracts';

/**
 * The persona's pace: after every action, the next one waits a human-like gap (not a burst, not a
 * machine-regular rhythm). The gap is a pure function of the persona, its local day and the
 * action's number in that day, so the claim (which enforces it) and the forecast of the queue
 * (which shows run_in_minutes) draw the very same gaps: the forecast is what will really happen.
 */

export const defaultGapMinutes = { min: 2, max: 8 } as const;
export type GapMinutes = { min: number; max: number };

const minuteMs = 60_000;
const dayMs = minutesPerDay * minuteMs;

/** The persona's local day number: days since 1970-01-01 local (offset: minutes east of UTC). */
export function localDayIndex(instant: Date, timezoneOffsetMinutes: number): number {
  return Math.floor((instant.getTime() + timezoneOffsetMinutes * minuteMs) / dayMs);
}

export function nextLocalMidnight(instant: Date, timezoneOffsetMinutes: number): Date {
  const day = localDayIndex(instant, timezoneOffsetMinutes);
  return new Date((day + 1) * dayMs - timezoneOffsetMinutes * minuteMs);
}

/** Where a persona stands in its rhythm (persona_runtime). */
export type PersonaPace = {
  /** When the persona may act again; null: it never acted. */
  nextActionAt: Date | null;
  /** The local day that actionsInDay counts (null: none yet). */
  actionDay: number | null;
  /** Actions taken so far in actionDay. */
  actionsInDay: number;
};

export const freshPace: PersonaPace = { nextActionAt: null, actionDay: null, actionsInDay: 0 };

/**
 * A number in [0, 1) fixed by the text (FNV-1a, then murmur3's finaliser so that neighbouring
 * texts — day 1, day 2 — spread over the whole range).
 */
export function stableUnitFraction(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 0x1_0000_0000;
}

/** The wait after the persona's `actionNumber`-th action (1-based) of local day `day`. */
export function actionGapMs(
  personaId: string,
  day: number,
  actionNumber: number,
  gap: GapMinutes = defaultGapMinutes,
): number {
  const fraction = stableUnitFraction(`${personaId}:${day}:${actionNumber}`);
  return Math.round((gap.min + fraction * (gap.max - gap.min)) * minuteMs);
}

/** The pace after an action at `at`. */
export function paceAfterAction(
  personaId: string,
  pace: PersonaPace,
  at: Date,
  timezoneOffsetMinutes: number,
  gap: GapMinutes = defaultGapMinutes,
): PersonaPace {
  const day = localDayIndex(at, timezoneOffsetMinutes);
  const actionsInDay = (pace.actionDay === day ? pace.actionsInDay : 0) + 1;
  return {
    nextActionAt: new Date(at.getTime() + actionGapMs(personaId, day, actionsInDay, gap)),
    actionDay: day,
    actionsInDay,
  };
}
