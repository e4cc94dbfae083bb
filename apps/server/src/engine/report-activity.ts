import type {
  ActivityReport,
  ActivityReportResult,
  ReportActivityRequest,
  ReportActivityResponse,
} from '@outpilot/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db/executor.ts';
import { pgArray, pgTextArray } from '../db/pg-array.ts';
import { activities, activityClaims, activityReports, campaigns, executions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import type { LockedExecution } from './advance-execution.ts';
import { ReportBatch } from './report-batch.ts';
import { applyOutcome } from './report-outcomes.ts';

export { defaultWeeklyBlockMs } from './report-outcomes.ts';

export const idempotencyKeyReusedMessage = 'This idempotency key was used for another report';
export const reportedTwiceMessage = 'Each activity and each idempotency key appear once per request';

type EngineDeps = Pick<AppDeps, 'db' | 'clock'>;
type PreviousReport = { key: string; activity_id: string; attempt: number; outcome: string };

/**
 * The report system: one outcome per claim attempt, in ONE transaction with its consequences —
 * for a batch of reports (a runner's claimed batch), one transaction for all of them: one read
 * locks every activity and execution, each outcome is decided in the batch's order, and the
 * outcomes that finish their activity are written together in one set-based statement
 * (report-batch.ts; a requeue or a pause writes alone, after the writes before it).
 * - Idempotent: the idempotency key is stored with the report; the same report again answers
 *   duplicate: true and changes nothing (the key reused for another activity or attempt, or twice
 *   in one batch, is a 422 and nothing of the batch is written).
 * - Fenced: only the attempt that holds the claim may report; a late report of an attempt whose
 *   lease expired (the activity was queued again, maybe claimed again) answers accepted: false.
 * - Scoped: an activity of a persona outside `personaIds` is not found (found: false).
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
export async function reportActivities(
  deps: EngineDeps,
  input: { personaIds: readonly string[]; reports: readonly ActivityReport[] },
): Promise<ActivityReportResult[]> {
  const { reports } = input;
  const keys = reports.map((item) => item.idempotency_key);
  const ids = reports.map((item) => item.activity_id);
  if (new Set(keys).size !== keys.length || new Set(ids).size !== ids.length) {
    throw new ValidationError('reports', reportedTwiceMessage);
  }
  if (reports.length === 0) return [];
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { loaded, previous } = await lockReported(tx, input.personaIds, ids, keys);
    // Refusals first: a reused key refuses the whole batch before anything is written.
    for (const item of reports) {
      const before = previous.get(item.idempotency_key);
      if (before && !sameReport(before, item)) {
        throw new ValidationError('idempotency_key', idempotencyKeyReusedMessage);
      }
    }
    // Items of one campaign share its state: a pause by one is seen by the next. (An execution has
    // at most one claimed activity, so no two items of a batch move the same execution.)
    const campaignsById = new Map<string, LockedExecution['campaign']>();
    const applyOne = async (item: ActivityReport): Promise<Omit<ActivityReportResult, 'activity_id'>> => {
      const row = loaded.get(item.activity_id);
      if (!row) return { accepted: false, duplicate: false, found: false };
      if (previous.has(item.idempotency_key)) return { accepted: true, duplicate: true, found: true };
      const { activity } = row;
      if (activity.state !== 'claimed' || activity.attempt !== item.attempt) {
        return { accepted: false, duplicate: false, found: true };
      }
      const campaign = campaignsById.get(activity.campaignId) ?? row.campaign;
      campaignsById.set(activity.campaignId, campaign);
      const release = await applyOutcome({
        tx,
        now,
        activity,
        locked: { execution: row.execution, campaign },
        report: item,
        claimedAt: row.claimedAt,
        batch,
      });
      if (release) batch.release({ activityId: activity.id, attempt: activity.attempt });
      return { accepted: true, duplicate: false, found: true };
    };
    const batch = new ReportBatch(tx, now);
    const results: ActivityReportResult[] = [];
    // In the batch's order, one after another: they share the transaction and the batch's writes.
    for (const item of reports) results.push({ activity_id: item.activity_id, ...(await applyOne(item)) });
    await batch.flush();
    return results;
  });
}

/** POST activities/{id}/report: one report (the batch of one); an unknown activity is a 404. */
export async function reportActivity(
  deps: EngineDeps,
  input: { personaId: string; activityId: string; report: ReportActivityRequest },
): Promise<ReportActivityResponse> {
  const [result] = await reportActivities(deps, {
    personaIds: [input.personaId],
    reports: [{ ...input.report, activity_id: input.activityId }],
  });
  if (!result?.found) throw new NotFoundError('Activity not found');
  return { accepted: result.accepted, duplicate: result.duplicate };
}

const sameReport = (before: PreviousReport, item: ActivityReport) =>
  before.activity_id === item.activity_id &&
  before.attempt === item.attempt &&
  before.outcome === item.outcome;

/**
 * The reported activities of the personas with their executions (both locked, in id order so two
 * batches never wait on each other in a cycle), their campaigns and claim times, and the reports
 * already stored under the batch's keys, in one query planned once per connection.
 */
async function lockReported(
  tx: Transaction,
  personaIds: readonly string[],
  ids: readonly string[],
  keys: readonly string[],
) {
  const rows = await tx
    .select({
      activity: activities,
      claimedAt: activityClaims.claimedAt,
      execution: executions,
      campaign: { state: campaigns.state, steps: campaigns.steps },
      previous: sql<PreviousReport[]>`(
        select coalesce(json_agg(json_build_object('key', r.idempotency_key, 'activity_id', r.activity_id,
          'attempt', r.attempt, 'outcome', r.outcome)), '[]')
        from ${activityReports} r where r.idempotency_key = any(${sql.placeholder('keys')}::text[]))`,
    })
    .from(activities)
    .innerJoin(executions, eq(executions.id, activities.executionId))
    .innerJoin(campaigns, eq(campaigns.id, activities.campaignId))
    .leftJoin(
      activityClaims,
      and(eq(activityClaims.activityId, activities.id), eq(activityClaims.attempt, activities.attempt)),
    )
    .where(
      and(
        sql`${activities.id} = any(${sql.placeholder('ids')}::uuid[])`,
        sql`${activities.personaId} = any(${sql.placeholder('personaIds')}::uuid[])`,
      ),
    )
    .orderBy(activities.id)
    .for('update', { of: [activities, executions] })
    // Named: each connection plans this five-table read once, not on every report.
    .prepare('report_activities_load')
    .execute({ ids: pgArray(ids), personaIds: pgArray(personaIds), keys: pgTextArray(keys) });
  const previous = new Map((rows[0]?.previous ?? []).map((report) => [report.key, report]));
  return { loaded: new Map(rows.map((row) => [row.activity.id, row])), previous };
}
