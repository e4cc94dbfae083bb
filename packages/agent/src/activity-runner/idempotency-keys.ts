import type { ClaimedActivity } from '@outpilot/contracts';

/**
 * The network's Idempotency-Key of one step's action: the activity id (one activity is one step of
 * one execution) and the action, never the attempt, so a retry of the step after a crash or an
 * expired lease can never act twice. The sandbox keeps keys per member; LinkedIn's originToken
 * plays the same part for messages.
 */
export const networkActionKey = (activity: Pick<ClaimedActivity, 'activity_id'>, action: string): string =>
  `outpilot:${activity.activity_id}:${action}`;

/** The report's key: one outcome per attempt, the same for every resend of that report. */
export const reportKey = (activity: Pick<ClaimedActivity, 'activity_id' | 'attempt'>): string =>
  `report:${activity.activity_id}:${activity.attempt}`;
