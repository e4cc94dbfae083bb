import type { ActivityError, ReportActivityRequest, ReportActivityResponse } from '@outpilot/contracts';
import { sandboxActionErrorCodes } from '@outpilot/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { replanPersonaQueue } from '../activities-queue/plan-persona-queue.ts';
import type { Transaction } from '../campaigns/db-executor.ts';
import { pauseCampaign } from '../campaigns/stop-campaign.ts';
import {
  activities,
  activityClaims,
  activityLog,
  activityReports,
  campaigns,
  contacts,
  executions,
  personas,
} from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import {
  advanceIfAt,
  type ExecutionSnapshot,
  logActionOf,
  retryDelayMs,
  retryPolicy,
} from './engine-helpers.ts';
import { releaseClaim } from './release-claim.ts';

type ActivityRow = typeof activities.$inferSelect;

export const idempotencyKeyReusedMessage = 'This idempotency key was used for another report';
/** Without a Retry-After, the weekly invitation cap blocks invitations for a day. */
export const defaultWeeklyBlockMs = 24 * 60 * 60_000;

const codes = sandboxActionErrorCodes;
/** Refusals a runner may report as an error instead of limit_exceeded: handled the same way. */
const limitCodes: ReadonlySet<string> = new Set([
  codes.exceedFreeMonthlyPersonalizedInvitations,
  codes.tooLongInvitationMessage,
  codes.weeklyInvitationLimit,
]);

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
 * The limit counter is released last, keeping the claim's lock order (activities → counters).
 */
export async function reportActivity(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; activityId: string; report: ReportActivityRequest },
): Promise<ReportActivityResponse> {
  const now = deps.clock.now();
  const { report } = input;
  return deps.db.transaction(async (tx) => {
    // The activity (locked), the report already stored under this key, the claim's time and the
    // execution it advances, in one query.
    const [row] = await tx
      .select({
        activity: activities,
        previous: {
          activityId: activityReports.activityId,
          attempt: activityReports.attempt,
          outcome: activityReports.outcome,
        },
        claimedAt: activityClaims.claimedAt,
        execution: {
          id: executions.id,
          personaId: executions.personaId,
          campaignId: executions.campaignId,
          contactId: executions.contactId,
          state: executions.state,
          stepIndex: executions.stepIndex,
          steps: campaigns.steps,
          campaignState: campaigns.state,
        },
      })
      .from(activities)
      .innerJoin(executions, eq(executions.id, activities.executionId))
      .innerJoin(campaigns, eq(campaigns.id, activities.campaignId))
      .leftJoin(activityReports, eq(activityReports.idempotencyKey, report.idempotency_key))
      .leftJoin(
        activityClaims,
        and(eq(activityClaims.activityId, activities.id), eq(activityClaims.attempt, activities.attempt)),
      )
      .where(and(eq(activities.id, input.activityId), eq(activities.personaId, input.personaId)))
      .for('update', { of: activities });
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
    await tx.insert(activityReports).values({
      idempotencyKey: report.idempotency_key,
      activityId: activity.id,
      attempt: report.attempt,
      outcome: report.outcome,
      receivedAt: now,
    });
    const context: ReportContext = {
      tx,
      now,
      activity,
      execution: row.execution,
      report,
      claimedAt: row.claimedAt,
    };
    const release = await applyOutcome(context);
    if (release) await releaseClaim(tx, { activityId: activity.id, attempt: activity.attempt, now });
    return { accepted: true, duplicate: false };
  });
}

type ReportContext = {
  tx: Transaction;
  now: Date;
  activity: ActivityRow;
  execution: ExecutionSnapshot;
  report: ReportActivityRequest;
  /** When the attempt being reported was claimed (null for a claim recorded before claims were). */
  claimedAt: Date | null;
};

/** Applies the outcome; answers whether the claim's limit unit goes back (nothing was done). */
async function applyOutcome(context: ReportContext): Promise<boolean> {
  const { activity, report } = context;
  const error = report.error;
  switch (report.outcome) {
    case 'executed':
      await performed(context);
      return false;
    case 'withdrawn':
      if (activity.operationType === 'Withdraw') {
        await performed(context);
        return false;
      }
      await skipped(context);
      return true;
    case 'skipped':
      await skipped(context);
      return true;
    case 'limit_exceeded':
      await limitExceeded(context, error);
      return true;
    case 'error':
      if (error?.code === codes.alreadyConnected && activity.operationType === 'Connect') {
        await skipped(context);
      } else if (error?.code === codes.invitationAlreadyAccepted && activity.operationType === 'Withdraw') {
        await acceptedBeforeWithdraw(context);
      } else {
        await failedAttempt(context, error);
      }
      return true;
  }
}

async function finish(context: ReportContext, state: 'done' | 'failed') {
  const { tx, now, activity, report } = context;
  await tx
    .update(activities)
    .set({
      state,
      outcome: report.outcome,
      networkRef: report.network_ref ?? activity.networkRef,
      error: report.error ?? null,
      idempotencyKey: report.idempotency_key,
      reportedAt: now,
      leaseOwner: null,
      leaseExpiresAt: null,
    })
    .where(eq(activities.id, activity.id));
}

/** When the action happened: the runner's time, kept between its claim and now. */
function occurredAt(context: ReportContext): Date {
  const { now, report } = context;
  const claimedAt = context.claimedAt ?? now;
  const performedAt = report.performed_at ? new Date(report.performed_at) : now;
  return new Date(Math.min(now.getTime(), Math.max(claimedAt.getTime(), performedAt.getTime())));
}

async function performed(context: ReportContext) {
  const { tx, now, activity, execution } = context;
  await finish(context, 'done');
  const at = occurredAt(context);
  // The log line and the contact's last-contacted time in one statement.
  await tx.execute(sql`
    with logged as (
      insert into ${activityLog} (persona_id, campaign_id, execution_id, action, occurred_at)
      values (${activity.personaId}::uuid, ${activity.campaignId}::uuid, ${activity.executionId}::uuid,
              ${logActionOf(activity.operationType)}, ${at.toISOString()}::timestamptz)
      returning 1)
    update ${contacts} set contacted_at = ${at.toISOString()}::timestamptz
    where ${contacts.id} = ${execution.contactId}::uuid`);
  if (activity.operationType === 'Withdraw') {
    await advanceIfAt(
      tx,
      execution,
      { state: 'InProgress', stepNumber: activity.stepNumber },
      { type: 'timedOut', at: now },
      now,
    );
  } else {
    await advanceIfAt(
      tx,
      execution,
      { state: 'InQueue', stepNumber: activity.stepNumber },
      { type: 'performed', at },
      now,
    );
  }
}

async function skipped(context: ReportContext) {
  const { tx, now, activity, execution } = context;
  await finish(context, 'done');
  if (activity.operationType === 'Withdraw') {
    // Nothing left to withdraw: the wait is over all the same.
    await advanceIfAt(
      tx,
      execution,
      { state: 'InProgress', stepNumber: activity.stepNumber },
      { type: 'timedOut', at: now },
      now,
    );
    return;
  }
  await advanceIfAt(
    tx,
    execution,
    { state: 'InQueue', stepNumber: activity.stepNumber },
    { type: 'skipped', at: now },
    now,
  );
}

/** A Withdraw found the invitation accepted meanwhile: the contact connected after all. */
async function acceptedBeforeWithdraw(context: ReportContext) {
  const { tx, now, activity, execution } = context;
  await finish(context, 'done');
  const moved = await advanceIfAt(
    tx,
    execution,
    { state: 'InProgress', stepNumber: activity.stepNumber },
    { type: 'accepted', at: now },
    now,
  );
  if (moved) {
    await tx.insert(activityLog).values({
      personaId: activity.personaId,
      campaignId: activity.campaignId,
      executionId: activity.executionId,
      action: 'invitation_accepted',
      occurredAt: now,
    });
  }
}

/**
 * Back in the queue, no earlier than `notBefore`; the re-plan gives it its time. While its campaign
 * is not running (paused by another report of the same batch, or stopped by the user meanwhile) it
 * is cancelled like the rest of that campaign's queue, and run queues it again.
 */
async function requeue(context: ReportContext, notBefore: Date | null) {
  const { tx, now, activity, report } = context;
  const dueAt = notBefore && notBefore > activity.dueAt ? notBefore : activity.dueAt;
  const [campaign] = await tx
    .select({ state: campaigns.state })
    .from(campaigns)
    .where(eq(campaigns.id, activity.campaignId));
  await tx
    .update(activities)
    .set({
      state: campaign?.state === 'Running' ? 'queued' : 'cancelled',
      outcome: report.outcome,
      error: report.error ?? null,
      reportedAt: now,
      leaseOwner: null,
      leaseExpiresAt: null,
      dueAt,
      plannedAt: null,
    })
    .where(eq(activities.id, activity.id));
}

async function pauseIfRunning(
  context: ReportContext,
  reason: 'ExceedFreeMonthlyPersonalizedInvitations' | 'TooLongInvitationMessage' | 'NotAuthenticated',
) {
  const { tx, now, activity } = context;
  const [campaign] = await tx
    .select({ state: campaigns.state })
    .from(campaigns)
    .where(eq(campaigns.id, activity.campaignId));
  if (campaign?.state !== 'Running') return;
  await pauseCampaign(tx, { personaId: activity.personaId, campaignId: activity.campaignId, now, reason });
}

async function limitExceeded(context: ReportContext, error: ActivityError | undefined) {
  const { tx, now, activity } = context;
  const retryAfter = error?.retry_after_ms;
  switch (error?.code) {
    case codes.exceedFreeMonthlyPersonalizedInvitations:
      await requeue(context, null);
      await pauseIfRunning(context, 'ExceedFreeMonthlyPersonalizedInvitations');
      break;
    case codes.tooLongInvitationMessage:
      await requeue(context, null);
      await pauseIfRunning(context, 'TooLongInvitationMessage');
      break;
    case codes.weeklyInvitationLimit: {
      await requeue(context, null);
      const blockedUntil = new Date(now.getTime() + (retryAfter ?? defaultWeeklyBlockMs));
      await tx
        .update(personas)
        .set({ invitationsBlockedUntil: blockedUntil })
        .where(eq(personas.id, activity.personaId));
      break;
    }
    default:
      await requeue(
        context,
        new Date(now.getTime() + retryDelayMs(activity.id, activity.attempt, retryAfter)),
      );
  }
  await replanPersonaQueue(tx, activity.personaId, now);
}

async function failedAttempt(context: ReportContext, error: ActivityError | undefined) {
  const { tx, now, activity, execution } = context;
  if (error?.name === 'NotAuthenticated') {
    await requeue(context, null);
    await pauseIfRunning(context, 'NotAuthenticated');
    await replanPersonaQueue(tx, activity.personaId, now);
    return;
  }
  if (error?.code !== undefined && limitCodes.has(error.code)) {
    await limitExceeded(context, error);
    return;
  }
  if (error?.transient && activity.attempt < retryPolicy.maxAttempts) {
    const delay = retryDelayMs(activity.id, activity.attempt, error.retry_after_ms);
    await requeue(context, new Date(now.getTime() + delay));
    await replanPersonaQueue(tx, activity.personaId, now);
    return;
  }
  await finish(context, 'failed');
  const expected = activity.operationType === 'Withdraw' ? 'InProgress' : 'InQueue';
  await advanceIfAt(
    tx,
    execution,
    { state: expected, stepNumber: activity.stepNumber },
    { type: 'failed', at: now },
    now,
  );
}
