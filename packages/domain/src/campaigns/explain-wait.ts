import type { CampaignState, PauseReason, QueueWaitReason } from '@outpilot/contracts';
import { isWithinWorkingHours, nextWorkingInstant } from '../working-hours.ts';
import {
  activityHeldUntil,
  limitKindOf,
  type PersonaSchedule,
  type QueuedActivity,
  type UsageCounts,
} from './scheduling.ts';

/**
 * Why a queued activity does not run now, by the claim's own checks: its campaign is not Running
 * (the claim reads Running campaigns' activities only; say why it was paused); then decideNextAction's: outside
 * the persona's working hours; else what holds the activity back longest of its kind's limit (the
 * day's limit reached, the weekly invitation block) and its step's delay (activityHeldUntil, the
 * claim's code); otherwise it waits its turn behind the
 * activities before it and the pause the pace keeps between two actions, until `runsAt` (the
 * forecast). Pure: the same rule and inputs the claim uses, never a guess.
 */
export function explainWait(input: {
  now: Date;
  schedule: PersonaSchedule;
  usedToday: UsageCounts;
  activity: QueuedActivity;
  campaign: { state: CampaignState; pauseReason: PauseReason | null };
  runsAt: Date | undefined;
}): QueueWaitReason {
  const { now, schedule, activity } = input;
  const offset = schedule.timezoneOffsetMinutes;
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  if (input.campaign.state !== 'Running') {
    return {
      code: 'campaign-paused',
      limit_kind: null,
      until: null,
      pause_reason: input.campaign.pauseReason,
    };
  }
  if (!isWithinWorkingHours(schedule.workingHours, offset, now)) {
    return {
      code: 'outside-working-hours',
      limit_kind: null,
      until: iso(nextWorkingInstant(schedule.workingHours, offset, now)),
    };
  }
  // The claim's own per-activity rule: whichever of the limit and the step's delay ends later.
  const held = activityHeldUntil(activity, schedule, input.usedToday, now);
  if (held?.reason === 'nothing-due') return { code: 'step-delay', limit_kind: null, until: iso(held.until) };
  if (held)
    return { code: held.reason, limit_kind: limitKindOf(activity.operation_type), until: iso(held.until) };
  return { code: 'queued-behind', limit_kind: null, until: iso(input.runsAt) };
}
