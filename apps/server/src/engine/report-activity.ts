import type { ReportActivityRequest, ReportActivityResponse } from '@outpilot/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { activities, activityClaims, activityReports, campaigns, executions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { releaseClaim } from './release-claim.ts';
import { applyOutcome } from './report-outcomes.ts';

export { defaultWeeklyBlockMs } from './report-outcomes.ts';

export const idempotencyKeyReusedMessage = 'This idempotency key was used for another report';

/**
 * The report system: one outcome per claim attempt, in ONE transaction with its consequences.
 * - Idempotent: the idempotency key is stored with the report; the same report again answers
 *   duplicate: true and changes nothing (the key reused for another activity or attempt is a 422).
 * - Fenced: only the attempt that holds the claim may report; a late report of an attempt whose
 *   lease expired (the activity was queued again, maybe claimed again) answers accepted: false.
 * - executed: done, logged, the execution advanced (Connect and Message wait for an answer; other
 *   actions go on to the next step; Withdraw ends the execution Ignored 'Withdrawn').
 * - skipped / withdrawn: done, the limit unit given back, the step skipped as the domain says.
 * - limit_exceeded: queued again, unit given back; the two invitation refusals pause the campaign
 *   with their reason; the weekly cap blocks the persona's invitations until Retry-After.
 * - error: transient ones queued again after a backoff (retryDelayMs) until maxAttempts; others
 *   fail the activity and the execution ('System error').
 * Nothing is planned here: a queued activity wakes its persona by itself (the activities
 * trigger); the limit counter is released last (release-claim.ts has the lock order).
 */
export async function reportActivity(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; activityId: string; report: ReportActivityRequest },
): Promise<ReportActivityResponse> {
  const now = deps.clock.now();
  const { report } = input;
  return deps.db.transaction(async (tx) => {
    // The activity and its execution (both locked), the report already stored under this key
    // and the claim's time, in one query.
    const [row] = await tx
      .select({
        activity: activities,
        previous: {
          activityId: activityReports.activityId,
          attempt: activityReports.attempt,
          outcome: activityReports.outcome,
        },
        claimedAt: activityClaims.claimedAt,
        execution: executions,
        campaign: { state: campaigns.state, steps: campaigns.steps },
      })
      .from(activities)
      .innerJoin(executions, eq(executions.id, activities.executionId))
      .innerJoin(campaigns, eq(campaigns.id, activities.campaignId))
      .leftJoin(activityReports, eq(activityReports.idempotencyKey, sql.placeholder('idempotencyKey')))
      .leftJoin(
        activityClaims,
        and(eq(activityClaims.activityId, activities.id), eq(activityClaims.attempt, activities.attempt)),
      )
      .where(
        and(
          eq(activities.id, sql.placeholder('activityId')),
          eq(activities.personaId, sql.placeholder('personaId')),
        ),
      )
      .for('update', { of: [activities, executions] })
      // Named: each connection plans this five-table read once, not on every report.
      .prepare('report_activity_load')
      .execute({
        activityId: input.activityId,
        personaId: input.personaId,
        idempotencyKey: report.idempotency_key,
      });
    if (!row) throw new NotFoundError('Activity not found');
    const { activity, previous } = row;
    if (previous) {
      if (
        previous.activityId !== activity.id ||
        previous.attempt !== report.attempt ||
        previous.outcome !== report.outcome
      ) {
        throw new ValidationError('idempotency_key', idempotencyKeyReusedMessage);
      }
      return { accepted: true, duplicate: true };
    }
    if (activity.state !== 'claimed' || activity.attempt !== report.attempt) {
      return { accepted: false, duplicate: false };
    }
    const release = await applyOutcome({
      tx,
      now,
      activity,
      locked: { execution: row.execution, campaign: row.campaign },
      report,
      claimedAt: row.claimedAt,
    });
    if (release) await releaseClaim(tx, { activityId: activity.id, attempt: activity.attempt, now });
    return { accepted: true, duplicate: false };
  });
}
