import type { QueueWaitReason } from '@outpilot/contracts';
import { isWithinWorkingHours, nextWorkingInstant } from '../working-hours.ts';
import {
  heldBackUntil,
  limitKindOf,
  type PersonaSchedule,
  type QueuedActivity,
  type UsageCounts,
} from './scheduling.ts';

/**
 * Why a queued activity does not run now, in the claim's own order of checks (decideNextAction):
 * outside the persona's working hours; its kind held back (the day's limit reached, the weekly
 * invitation block); its step's delay not yet over; otherwise it waits its turn behind the
 * activities before it and the pause the pace keeps between two actions, until `runsAt` (the
 * forecast). Pure: the same rule and inputs the claim uses, never a guess.
 */
export function explainWait(input: {
  now: Date;
  schedule: PersonaSchedule;
  usedToday: UsageCounts;
  activity: QueuedActivity;
  runsAt: Date | undefined;
}): QueueWaitReason {
  const { now, schedule, activity } = input;
  const offset = schedule.timezoneOffsetMinutes;
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  if (!isWithinWorkingHours(schedule.workingHours, offset, now)) {
    return {
      code: 'outside-working-hours',
      limit_kind: null,
      until: iso(nextWorkingInstant(schedule.workingHours, offset, now)),
    };
  }
  const kind = limitKindOf(activity.operation_type);
  const held = heldBackUntil(kind, schedule, input.usedToday, now);
  if (held) {
    return held.reason === 'weekly-invitations-blocked'
      ? { code: 'weekly-invitations-blocked', limit_kind: kind, until: iso(held.until) }
      : { code: 'daily-limit-reached', limit_kind: kind, until: iso(held.until) };
  }
  if (activity.due_at > now) return { code: 'step-delay', limit_kind: null, until: iso(activity.due_at) };
  return { code: 'queued-behind', limit_kind: null, until: iso(input.runsAt) };
}
