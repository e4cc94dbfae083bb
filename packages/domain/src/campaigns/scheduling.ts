import {
  type DailyLimitKind,
  type DailyLimits,
  dailyLimitFields,
  minutesPerDay,
  type OperationType,
  type WorkingHours,
} from '@outpilot/contracts';
import { isWithinWorkingHours, nextWorkingInstant } from '../working-hours.ts';
import { type RandomSource, randomBetween } from './seeded-random.ts';

/**
 * Planning when a persona's due activities run (what run_in_minutes reports) and the guard the
 * claim query applies. Rules:
 * - only inside the persona's working hours (its timezone offset, minutes east of UTC);
 * - per action kind, never more than the daily limit in one local day (local midnight to local
 *   midnight); today's usage counts everything already done across all the persona's campaigns;
 * - any two actions of the persona at least minGap apart, the gap after a busy moment drawn
 *   uniformly from [minGap, maxGap) so the rhythm is not machine-regular (2-8 minutes by default;
 *   clients that pace at 2+ minutes go unnoticed, network-api §2.1);
 * - never before an activity's earliest time, and a contact's activities in their given order.
 *
 * Which limit an operation counts against (decision): Connect invitations, Message messages,
 * Follow follow, ReactOnPost reactOnPost (the four configured limits). VisitProfile, ScrapeProfile
 * and EndorseSkill each open the profile, so they share a fixed profile-view ceiling of 80 a day
 * (the network cuts off at 80-100). Withdraw counts against nothing.
 */

export type ActivityLimitKind = DailyLimitKind | 'profileViews';
export const profileViewsDailyLimit = 80;
export const defaultGapMinutes = { min: 2, max: 8 } as const;
/** Beyond this the planner gives up and reports no time (e.g. a limit of 0, no working hours). */
export const planningHorizonDays = 60;

const minuteMs = 60_000;
const dayMs = minutesPerDay * minuteMs;

export function limitKindOf(operation: OperationType): ActivityLimitKind | null {
  switch (operation) {
    case 'Connect':
      return 'invitations';
    case 'Message':
      return 'messages';
    case 'Follow':
      return 'follow';
    case 'ReactOnPost':
      return 'reactOnPost';
    case 'VisitProfile':
    case 'ScrapeProfile':
    case 'EndorseSkill':
      return 'profileViews';
    case 'Withdraw':
      return null;
  }
}

export function dailyLimitOf(kind: ActivityLimitKind, limits: DailyLimits): number {
  return kind === 'profileViews' ? profileViewsDailyLimit : limits[dailyLimitFields[kind]];
}

export type UsageCounts = Partial<Record<ActivityLimitKind, number>>;

/** The persona's local day number: days since 1970-01-01 local. */
export function localDayIndex(instant: Date, timezoneOffsetMinutes: number): number {
  return Math.floor((instant.getTime() + timezoneOffsetMinutes * minuteMs) / dayMs);
}

export function nextLocalMidnight(instant: Date, timezoneOffsetMinutes: number): Date {
  const day = localDayIndex(instant, timezoneOffsetMinutes);
  return new Date((day + 1) * dayMs - timezoneOffsetMinutes * minuteMs);
}

export type PersonaSchedule = {
  workingHours: WorkingHours;
  timezoneOffsetMinutes: number;
  limits: DailyLimits;
  /** Set after the network refused with the weekly invitation cap: no invitations before it. */
  invitationsBlockedUntil?: Date | null;
};

export type DueActivity = {
  id: string;
  execution_id: string;
  operation_type: OperationType;
  earliest_at: Date;
};

export type PlannedActivity = {
  id: string;
  /** Null when it cannot run within the planning horizon. */
  planned_at: Date | null;
  run_in_minutes: number | null;
};

export type PlanInput = {
  now: Date;
  persona: PersonaSchedule;
  /** Done so far in the persona's local day containing now. */
  usedToday: UsageCounts;
  /** The persona's last performed action, so the first planned one keeps the gap too. */
  lastActionAt?: Date | null;
  activities: readonly DueActivity[];
  random: RandomSource;
  gapMinutes?: { min: number; max: number };
};

/** Planned times in the order of the input. */
export function planActivities(input: PlanInput): PlannedActivity[] {
  const { now, persona, random } = input;
  const gap = input.gapMinutes ?? defaultGapMinutes;
  const minGapMs = gap.min * minuteMs;
  const offset = persona.timezoneOffsetMinutes;
  const today = localDayIndex(now, offset);
  const horizon = now.getTime() + planningHorizonDays * dayMs;

  // A contact's later activity never starts before an earlier one: carry the earliest forward.
  const lastEarliestOf = new Map<string, number>();
  const ordered = input.activities.map((activity, position) => {
    const earliest = Math.max(activity.earliest_at.getTime(), lastEarliestOf.get(activity.execution_id) ?? 0);
    lastEarliestOf.set(activity.execution_id, earliest);
    return { activity, position, earliest };
  });
  ordered.sort((a, b) => a.earliest - b.earliest || a.position - b.position);

  const occupied: number[] = input.lastActionAt ? [input.lastActionAt.getTime()] : [];
  const counts = new Map<string, number>();
  const countKey = (day: number, kind: ActivityLimitKind) => `${day}:${kind}`;
  const used = (day: number, kind: ActivityLimitKind) =>
    (counts.get(countKey(day, kind)) ?? 0) + (day === today ? (input.usedToday[kind] ?? 0) : 0);
  const lastPlannedOf = new Map<string, number | null>();
  const planned = new Array<PlannedActivity>(ordered.length);

  for (const { activity, position, earliest } of ordered) {
    const previous = lastPlannedOf.get(activity.execution_id);
    let time: number | null =
      previous === null ? null : Math.max(earliest, now.getTime(), (previous ?? 0) + minGapMs);
    const kind = limitKindOf(activity.operation_type);
    const limit = kind === null ? null : dailyLimitOf(kind, persona.limits);
    if (limit === 0) time = null;
    const gapMs = Math.round(randomBetween(random, gap.min, gap.max) * minuteMs);
    while (time !== null) {
      if (time > horizon) {
        time = null;
        break;
      }
      const blockedUntil = persona.invitationsBlockedUntil?.getTime();
      if (kind === 'invitations' && blockedUntil !== undefined && time < blockedUntil) time = blockedUntil;
      const working = nextWorkingInstant(persona.workingHours, offset, new Date(time));
      if (!working) {
        time = null;
        break;
      }
      time = working.getTime();
      const day = localDayIndex(working, offset);
      if (kind !== null && limit !== null && used(day, kind) >= limit) {
        time = nextLocalMidnight(working, offset).getTime();
        continue;
      }
      // The gap after the action before it is a fresh human-like draw; the one before the action
      // after it only needs the minimum, so an earlier-due activity may use a wide hole.
      const candidate = time;
      let before = -Infinity;
      let after = Infinity;
      for (const at of occupied) {
        if (at <= candidate && at > before) before = at;
        if (at > candidate && at < after) after = at;
      }
      if (candidate - before < gapMs) {
        time = before + gapMs;
        continue;
      }
      if (after - candidate < minGapMs) {
        time = after;
        continue;
      }
      occupied.push(time);
      if (kind !== null) counts.set(countKey(day, kind), (counts.get(countKey(day, kind)) ?? 0) + 1);
      break;
    }
    lastPlannedOf.set(activity.execution_id, time);
    planned[position] = {
      id: activity.id,
      planned_at: time === null ? null : new Date(time),
      run_in_minutes: time === null ? null : Math.max(0, Math.ceil((time - now.getTime()) / minuteMs)),
    };
  }
  return planned;
}

// ---------------------------------------------------------------------------------------------
// The claim guard

export type ClaimRefusalReason =
  | 'not-due'
  | 'outside-working-hours'
  | 'daily-limit-reached'
  | 'weekly-invitations-blocked'
  | 'too-soon-after-last-action';

export type ClaimCheck = { ok: true } | { ok: false; reason: ClaimRefusalReason; retryAt: Date | null };

export type ClaimCandidate = { operation_type: OperationType; planned_at: Date | null };

/**
 * Whether a runner may take this activity now. The claim query applies the same conditions in SQL;
 * this is their reference. usedToday counts the persona's local day containing now.
 */
export function canClaimNow(
  activity: ClaimCandidate,
  persona: PersonaSchedule,
  usedToday: UsageCounts,
  now: Date,
  options: { lastActionAt?: Date | null; minGapMinutes?: number } = {},
): ClaimCheck {
  const offset = persona.timezoneOffsetMinutes;
  if (activity.planned_at === null) return { ok: false, reason: 'not-due', retryAt: null };
  if (activity.planned_at > now) return { ok: false, reason: 'not-due', retryAt: activity.planned_at };
  if (!isWithinWorkingHours(persona.workingHours, offset, now)) {
    return {
      ok: false,
      reason: 'outside-working-hours',
      retryAt: nextWorkingInstant(persona.workingHours, offset, now),
    };
  }
  const kind = limitKindOf(activity.operation_type);
  const blockedUntil = persona.invitationsBlockedUntil;
  if (kind === 'invitations' && blockedUntil && blockedUntil > now) {
    return { ok: false, reason: 'weekly-invitations-blocked', retryAt: blockedUntil };
  }
  if (kind !== null && (usedToday[kind] ?? 0) >= dailyLimitOf(kind, persona.limits)) {
    return { ok: false, reason: 'daily-limit-reached', retryAt: nextLocalMidnight(now, offset) };
  }
  const minGapMs = (options.minGapMinutes ?? defaultGapMinutes.min) * minuteMs;
  const last = options.lastActionAt;
  if (last && now.getTime() - last.getTime() < minGapMs) {
    return { ok: false, reason: 'too-soon-after-last-action', retryAt: new Date(last.getTime() + minGapMs) };
  }
  return { ok: true };
}
