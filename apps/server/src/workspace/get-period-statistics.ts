import type { PeriodStatisticsQuery, PeriodStatisticsResponse } from '@outpilot/contracts';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { type ActivityAction, activityLog } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { ValidationError } from '../errors.ts';
import { findPersonaSettings } from './find-persona-settings.ts';

const dayMs = 86_400_000;
/** A leap year of days: the calendar can pick any range, but not an unbounded scan. */
export const maxStatisticsRangeDays = 366;

export const periodStatisticsMessages = {
  startAfterEnd: 'start must not be after end',
  rangeTooLong: `The range must not exceed ${maxStatisticsRangeDays} days`,
} as const;

/**
 * The number of days a range covers: the 'Performed' calendar sends the start of the first day and
 * the last millisecond of the last (23:59:59.999), and a day across a DST change lasts 23 or 25
 * hours, so the length is rounded to whole days; a range shorter than half a day still counts one.
 */
export function daysInRange(start: Date, end: Date): number {
  return Math.max(1, Math.round((end.getTime() - start.getTime()) / dayMs));
}

const countOf = (action: ActivityAction) =>
  sql<number>`count(*) filter (where ${activityLog.action} = ${action})`.mapWith(Number);

/**
 * GET workspace/period-statistics: what the workspace performed in [start, end), and the limits
 * over that range: the current daily limit times the days the range covers (a month's 20
 * invitations a day read as "of 600"), since a range is compared with what it allowed.
 */
export async function getPeriodStatistics(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; range: PeriodStatisticsQuery },
): Promise<PeriodStatisticsResponse> {
  const start = new Date(input.range.start);
  const end = new Date(input.range.end);
  if (start > end) throw new ValidationError('start', periodStatisticsMessages.startAfterEnd);
  if (end.getTime() - start.getTime() > maxStatisticsRangeDays * dayMs) {
    throw new ValidationError('end', periodStatisticsMessages.rangeTooLong);
  }

  const settings = await findPersonaSettings(deps.db, input.personaId);
  const [counts] = await deps.db
    .select({
      invitationsSent: countOf('invitation_sent'),
      invitationsAccepted: countOf('invitation_accepted'),
      withdrawn: countOf('invitation_withdrawn'),
      messages: countOf('message_sent'),
      replied: countOf('reply_received'),
      reactOnPost: countOf('post_reacted'),
      follow: countOf('profile_followed'),
    })
    .from(activityLog)
    .where(
      and(
        eq(activityLog.personaId, input.personaId),
        gte(activityLog.occurredAt, start),
        lt(activityLog.occurredAt, end),
      ),
    );
  const days = daysInRange(start, end);
  return {
    invitations_sent: counts?.invitationsSent ?? 0,
    invitations_limit: settings.dailyInvitationsLimit * days,
    invitations_accepted_count: counts?.invitationsAccepted ?? 0,
    withdrawn_count: counts?.withdrawn ?? 0,
    messages_count: counts?.messages ?? 0,
    messages_limit: settings.dailyMessagesLimit * days,
    replied_count: counts?.replied ?? 0,
    react_on_post_count: counts?.reactOnPost ?? 0,
    react_on_post_limit: settings.dailyReactOnPostLimit * days,
    follow_count: counts?.follow ?? 0,
    follow_limit: settings.dailyFollowLimit * days,
  };
}
