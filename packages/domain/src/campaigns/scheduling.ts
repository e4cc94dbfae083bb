import {
  type DailyLimitKind,
  type DailyLimits,
  dailyLimitFields,
  dailyLimitRanges,
  type OperationType,
  type WorkingHours,
} from '@outpilot/contracts';
import { isWithinWorkingHours, nextWorkingInstant } from '../working-hours.ts';
import {
  defaultGapMinutes,
  type GapMinutes,
  localDayIndex,
  nextLocalMidnight,
  type PersonaPace,
  paceAfterAction,
} from './pacing.ts';

/**
 * When a persona's queued activities run. ONE rule, used twice: the claim applies it to decide
 * what a runner may do now (decideNextAction), and the queue's forecast (forecastActivities)
 * applies it step by step into the future, so run_in_minutes is what will really happen.
 * The rule, as of an instant:
 * - the persona acts once its pace allows (pacing.ts: a 2-8 minute human-like gap after each
 *   action), and only inside its working hours (its timezone offset, minutes east of UTC);
 * - per action kind, never more than the daily limit in one local day (local midnight to local
 *   midnight), counting everything claimed that day across all the persona's campaigns; no
 *   invitations while the network's weekly invitation block lasts;
 * - among the activities due by then (their step delays passed) and not held back by a limit,
 *   the first in queue order: due time, then step number, then id. A contact has one queued
 *   activity at a time (its current step), so its steps keep their order.
 *
 * Which limit an operation counts against (decision): Connect invitations, Message messages,
 * Follow follow, ReactOnPost reactOnPost (the four configured limits). VisitProfile, ScrapeProfile
 * and EndorseSkill each open the profile, so they share a fixed profile-view ceiling of 80 a day
 * (the network cuts off at 80-100). Withdraw counts against nothing.
 */

export type ActivityLimitKind = DailyLimitKind | 'profileViews';
/** Every limit kind, in the order the database's check constraints list them. */
export const activityLimitKinds = [
  'invitations',
  'messages',
  'follow',
  'reactOnPost',
  'profileViews',
] as const satisfies readonly ActivityLimitKind[];
export const profileViewsDailyLimit = 80;
/** The forecast looks this far ahead; later activities show no time (e.g. a limit of 0). */
export const planningHorizonDays = 60;

/**
 * The most activities a campaign keeps queued at once: as many as the highest daily limit lets a
 * persona perform within the forecast's horizon and its margin days, so the queue's forecast
 * never runs short of a campaign's next contacts. A launch on more contacts queues the first
 * activities of this many and leaves the rest InQueue without one; the engine queues theirs as
 * the queue moves (apps/server/src/engine/top-up-campaign-queues.ts). A campaign of 100,000
 * contacts at 100 actions a day takes years: queueing them all would write rows that wait that
 * long.
 */
export const campaignQueueWindow =
  Math.max(profileViewsDailyLimit, ...Object.values(dailyLimitRanges).map((range) => range.max)) *
  (planningHorizonDays + 2);

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

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

export type PersonaSchedule = {
  workingHours: WorkingHours;
  timezoneOffsetMinutes: number;
  limits: DailyLimits;
  /** Set after the network refused with the weekly invitation cap: no invitations before it. */
  invitationsBlockedUntil?: Date | null;
};

/** A queued activity as the claim and the forecast see it. */
export type QueuedActivity = {
  id: string;
  operation_type: OperationType;
  /** Its earliest time: the step's delays after the step before. */
  due_at: Date;
  step_number: number;
};

/** Queue order: due time, then step number, then id. */
export function compareQueued(a: QueuedActivity, b: QueuedActivity): number {
  return (
    a.due_at.getTime() - b.due_at.getTime() ||
    a.step_number - b.step_number ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export type WaitReason =
  | 'nothing-queued'
  | 'pace'
  | 'outside-working-hours'
  | 'nothing-due'
  | 'daily-limit-reached'
  | 'weekly-invitations-blocked';

export type NextAction =
  | { type: 'act'; activity: QueuedActivity }
  /** until: when something may be possible again; null: never on its own (no hours, nothing queued). */
  | { type: 'wait'; until: Date | null; reason: WaitReason };

export type NextActionInput = {
  now: Date;
  schedule: PersonaSchedule;
  /** Claimed (and not given back) in the persona's local day containing now, per kind. */
  usedToday: UsageCounts;
  pace: PersonaPace;
  /**
   * The first queued activity of each limit kind (and of Withdraw), in queue order within its
   * kind: the only ones the rule can pick, since a limit holds a whole kind back.
   */
  heads: readonly QueuedActivity[];
};

type LimitWait = { until: Date; reason: 'daily-limit-reached' | 'weekly-invitations-blocked' };

/** Until when a kind is held back at `now` (a day's limit reached, the weekly block), or null. */
function heldBackUntil(
  kind: ActivityLimitKind | null,
  schedule: PersonaSchedule,
  usedToday: UsageCounts,
  now: Date,
): LimitWait | null {
  if (kind === null) return null;
  const offset = schedule.timezoneOffsetMinutes;
  const limitReached = (usedToday[kind] ?? 0) >= dailyLimitOf(kind, schedule.limits);
  const blockedUntil = kind === 'invitations' ? schedule.invitationsBlockedUntil : null;
  const blocked = blockedUntil && blockedUntil > now ? blockedUntil : null;
  if (!limitReached && !blocked) return null;
  // A limit of 0 is reached every day: the next midnight frees nothing, but the forecast stops
  // at its horizon and the claim looks again then (a changed limit wakes the persona at once).
  const midnight = limitReached ? nextLocalMidnight(now, offset) : null;
  if (blocked && (!midnight || blocked >= midnight))
    return { until: blocked, reason: 'weekly-invitations-blocked' };
  return { until: midnight as Date, reason: 'daily-limit-reached' };
}

/**
 * What holds one queued activity back at `now`, whichever ends later: its kind held back (a day's
 * limit, the weekly block) or its step's delay (`nothing-due`, until its due time). Null: nothing
 * does, it may run as soon as the persona may act. The claim's per-activity rule; explainWait says
 * the same to the user.
 */
export function activityHeldUntil(
  activity: QueuedActivity,
  schedule: PersonaSchedule,
  usedToday: UsageCounts,
  now: Date,
): LimitWait | { until: Date; reason: 'nothing-due' } | null {
  const held = heldBackUntil(limitKindOf(activity.operation_type), schedule, usedToday, now);
  if (!held && activity.due_at <= now) return null;
  return held && held.until > activity.due_at ? held : { until: activity.due_at, reason: 'nothing-due' };
}

/** What the persona may do at `now`: act on one activity, or wait (and until when). */
export function decideNextAction(input: NextActionInput): NextAction {
  const { now, schedule, usedToday, pace, heads } = input;
  if (heads.length === 0) return { type: 'wait', until: null, reason: 'nothing-queued' };
  if (pace.nextActionAt && pace.nextActionAt > now) {
    return { type: 'wait', until: pace.nextActionAt, reason: 'pace' };
  }
  const offset = schedule.timezoneOffsetMinutes;
  if (!isWithinWorkingHours(schedule.workingHours, offset, now)) {
    return {
      type: 'wait',
      until: nextWorkingInstant(schedule.workingHours, offset, now),
      reason: 'outside-working-hours',
    };
  }
  let pick: QueuedActivity | null = null;
  let wait: { until: Date; reason: WaitReason } | null = null;
  for (const head of heads) {
    const until = activityHeldUntil(head, schedule, usedToday, now);
    if (!until) {
      if (!pick || compareQueued(head, pick) < 0) pick = head;
      continue;
    }
    if (!wait || until.until < wait.until) wait = until;
  }
  if (pick) return { type: 'act', activity: pick };
  return { type: 'wait', until: wait?.until ?? null, reason: wait?.reason ?? 'nothing-queued' };
}

export type ForecastInput = {
  now: Date;
  personaId: string;
  schedule: PersonaSchedule;
  usedToday: UsageCounts;
  pace: PersonaPace;
  /** The persona's queued activities, in any order. */
  activities: readonly QueuedActivity[];
  gap?: GapMinutes;
  /**
   * Stop once this many are placed: the forecast runs in time order, so they are the first to
   * run; a screen that shows the first page needs no more.
   */
  limit?: number;
};

/**
 * When each queued activity will run if nothing changes: decideNextAction applied from now on,
 * with the pace each action sets, up to planningHorizonDays. Activities it cannot place within
 * the horizon are absent from the answer.
 */
export function forecastActivities(input: ForecastInput): Map<string, Date> {
  const { schedule, personaId } = input;
  const offset = schedule.timezoneOffsetMinutes;
  const horizon = input.now.getTime() + planningHorizonDays * dayMs;
  const queues = new Map<ActivityLimitKind | null, QueuedActivity[]>();
  for (const activity of input.activities) {
    const kind = limitKindOf(activity.operation_type);
    const queue = queues.get(kind) ?? [];
    queue.push(activity);
    queues.set(kind, queue);
  }
  // Reversed, so the head of each kind is popped from the end.
  for (const queue of queues.values()) queue.sort((a, b) => compareQueued(b, a));

  const today = localDayIndex(input.now, offset);
  const usedByDay = new Map<number, UsageCounts>([[today, { ...input.usedToday }]]);
  const usedOn = (day: number): UsageCounts => {
    const known = usedByDay.get(day);
    if (known) return known;
    const fresh: UsageCounts = {};
    usedByDay.set(day, fresh);
    return fresh;
  };
  const forecast = new Map<string, Date>();
  let pace = input.pace;
  let at = input.now;
  const limit = input.limit ?? Number.POSITIVE_INFINITY;
  while (at.getTime() <= horizon && forecast.size < limit) {
    const heads: QueuedActivity[] = [];
    for (const queue of queues.values()) {
      const head = queue.at(-1);
      if (head) heads.push(head);
    }
    const day = localDayIndex(at, offset);
    const next = decideNextAction({ now: at, schedule, usedToday: usedOn(day), pace, heads });
    if (next.type === 'wait') {
      if (!next.until) break;
      at = next.until;
      continue;
    }
    const kind = limitKindOf(next.activity.operation_type);
    queues.get(kind)?.pop();
    forecast.set(next.activity.id, at);
    if (kind !== null) {
      const used = usedOn(day);
      used[kind] = (used[kind] ?? 0) + 1;
    }
    pace = paceAfterAction(personaId, pace, at, offset, input.gap ?? defaultGapMinutes);
  }
  return forecast;
}

/** Whole minutes from now until `at`, rounded up; 0 when it is due. */
export function minutesUntil(at: Date, now: Date): number {
  return Math.max(0, Math.ceil((at.getTime() - now.getTime()) / minuteMs));
}
