import type { ActivityError, ConnectionDegree, ReportActivityRequest } from '@outpilot/contracts';
import { sandboxActionErrorCodes } from '@outpilot/contracts';
import type { ExecutionEvent } from '@outpilot/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../campaigns/db-executor.ts';
import { pauseCampaign } from '../campaigns/stop-campaign.ts';
import { activities, activityLog, activityReports, contacts, personas } from '../db/schema.ts';
import type { LockedExecution } from '../executions/advance-execution.ts';
import { advanceIfAt, logActionOf, retryDelayMs, retryPolicy } from './engine-helpers.ts';

type ActivityRow = typeof activities.$inferSelect;

/** Without a Retry-After, the weekly invitation cap blocks invitations for a day. */
export const defaultWeeklyBlockMs = 24 * 60 * 60_000;

const codes = sandboxActionErrorCodes;
/** Refusals a runner may report as an error instead of limit_exceeded: handled the same way. */
const limitCodes: ReadonlySet<string> = new Set([
  codes.exceedFreeMonthlyPersonalizedInvitations,
  codes.tooLongInvitationMessage,
  codes.weeklyInvitationLimit,
]);

/** A report being applied, in the report's transaction (activity and execution locked). */
export type ReportContext = {
  tx: Transaction;
  now: Date;
  activity: ActivityRow;
  locked: LockedExecution;
  report: ReportActivityRequest;
  /** When the attempt being reported was claimed (null for a claim recorded before claims were). */
  claimedAt: Date | null;
};

/**
 * Applies the outcome (see reportActivity); answers whether the claim's limit unit goes back
 * (nothing was done on the network).
 */
export async function applyOutcome(context: ReportContext): Promise<boolean> {
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

/**
 * The report stored under its idempotency key and the activity finished, as WITH steps (named
 * `finish_*`) to run with the execution's move; with `logged`, also the activity log line and the
 * contact's last-contacted time.
 */
function finishSteps(context: ReportContext, state: 'done' | 'failed', logged?: { at: Date }): SQL {
  const { now, activity, report, locked } = context;
  const steps = [
    sql`finish_stored as (
      insert into ${activityReports} (idempotency_key, activity_id, attempt, outcome, received_at)
      values (${report.idempotency_key}, ${activity.id}::uuid, ${report.attempt}::int, ${report.outcome},
              ${now.toISOString()}::timestamptz)
      returning 1)`,
    sql`finish_activity as (
      update ${activities} set state = ${state}, outcome = ${report.outcome},
        network_ref = coalesce(${report.network_ref ?? null}::text, network_ref),
        error = ${report.error ? JSON.stringify(report.error) : null}::jsonb,
        reported_at = ${now.toISOString()}::timestamptz,
        lease_owner = null, lease_expires_at = null
      where id = ${activity.id}::uuid
      returning 1)`,
  ];
  if (logged) {
    const at = logged.at.toISOString();
    steps.push(
      sql`finish_logged as (
        insert into ${activityLog} (persona_id, campaign_id, execution_id, action, occurred_at)
        values (${activity.personaId}::uuid, ${activity.campaignId}::uuid, ${activity.executionId}::uuid,
                ${logActionOf(activity.operationType)}, ${at}::timestamptz)
        returning 1)`,
      // One update of the contact row: two in one statement would keep only one of them.
      sql`finish_contacted as (
        update ${contacts} set contacted_at = ${at}::timestamptz${scrapedColumns(context)}
        where ${contacts.id} = ${locked.execution.contactId}::uuid
        returning 1)`,
    );
  }
  return sql.join(steps, sql`, `);
}

/** The network's degree as the contacts' distance column keeps it (1, 2, 3; null otherwise). */
const distanceOfDegree: Record<ConnectionDegree, number | null> = {
  FIRST: 1,
  SECOND: 2,
  THIRD: 3,
  OUT_OF_NETWORK: 3,
  SELF: null,
};

/**
 * A ScrapeProfile that executed: the contact takes what the profile shows now (names, headline,
 * location, company, degree, premium), as more SET columns of the contact's update. Identity
 * columns are left alone (they pick the contact); a blank field read keeps the stored value.
 * Fields the contacts table has no column for (summary, email, skills, websites, industry) are
 * not kept (docs/decisions.md).
 */
function scrapedColumns(context: ReportContext): SQL {
  const { activity, report } = context;
  const scraped = report.scraped_profile;
  if (activity.operationType !== 'ScrapeProfile' || !scraped) return sql``;
  const text = (value: string | null) => (value?.trim() ? value.trim() : null);
  const first = text(scraped.first_name);
  const last = text(scraped.last_name);
  const full = first || last ? [first, last].filter(Boolean).join(' ') : null;
  return sql`,
    first_name = coalesce(${first}::text, first_name),
    last_name = coalesce(${last}::text, last_name),
    full_name = coalesce(${full}::text, full_name),
    occupation = coalesce(${text(scraped.headline)}::text, occupation),
    location = coalesce(${text(scraped.location)}::text, location),
    last_job = coalesce(${text(scraped.company_name)}::text, last_job),
    distance = coalesce(${distanceOfDegree[scraped.degree]}::smallint, distance),
    is_premium = ${scraped.is_premium}`;
}

/** When the action happened: the runner's time, kept between its claim and now. */
function occurredAt(context: ReportContext): Date {
  const { now, report } = context;
  const claimedAt = context.claimedAt ?? now;
  const performedAt = report.performed_at ? new Date(report.performed_at) : now;
  return new Date(Math.min(now.getTime(), Math.max(claimedAt.getTime(), performedAt.getTime())));
}

/**
 * The activity finished (finishSteps) and the step it belongs to moved by `event` if the execution
 * is still there, in one statement. Answers whether the execution moved.
 */
function finishAndAdvance(context: ReportContext, finish: SQL, event: ExecutionEvent) {
  const { tx, now, activity, locked } = context;
  // A Withdraw acts while its Connect step waits for an answer (InProgress); the rest are queued steps.
  const state = activity.operationType === 'Withdraw' ? 'InProgress' : 'InQueue';
  return advanceIfAt(tx, locked, { state, stepNumber: activity.stepNumber }, event, now, finish);
}

async function performed(context: ReportContext) {
  const at = occurredAt(context);
  await finishAndAdvance(
    context,
    finishSteps(context, 'done', { at }),
    context.activity.operationType === 'Withdraw'
      ? { type: 'timedOut', at: context.now }
      : { type: 'performed', at },
  );
}

async function skipped(context: ReportContext) {
  // Nothing left to withdraw: the wait is over all the same.
  await finishAndAdvance(
    context,
    finishSteps(context, 'done'),
    context.activity.operationType === 'Withdraw'
      ? { type: 'timedOut', at: context.now }
      : { type: 'skipped', at: context.now },
  );
}

/** A Withdraw found the invitation accepted meanwhile: the contact connected after all. */
async function acceptedBeforeWithdraw(context: ReportContext) {
  const { tx, now, activity } = context;
  if (await finishAndAdvance(context, finishSteps(context, 'done'), { type: 'accepted', at: now })) {
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
 * Back in the queue (the report stored), due no earlier than `notBefore`: the persona's next check
 * comes from the trigger. While its campaign is not running (paused by another report of the same
 * batch, or stopped by the user meanwhile) it is cancelled like the rest of that campaign's queue,
 * and run queues it again.
 */
async function requeue(context: ReportContext, notBefore: Date | null) {
  const { tx, now, activity, report, locked } = context;
  const dueAt = notBefore && notBefore > activity.dueAt ? notBefore : activity.dueAt;
  await tx.execute(sql`
    with stored as (
      insert into ${activityReports} (idempotency_key, activity_id, attempt, outcome, received_at)
      values (${report.idempotency_key}, ${activity.id}::uuid, ${report.attempt}::int, ${report.outcome},
              ${now.toISOString()}::timestamptz)
      returning 1)
    update ${activities} set state = ${locked.campaign.state === 'Running' ? 'queued' : 'cancelled'},
      outcome = ${report.outcome}, error = ${report.error ? JSON.stringify(report.error) : null}::jsonb,
      reported_at = ${now.toISOString()}::timestamptz, lease_owner = null, lease_expires_at = null,
      due_at = ${dueAt.toISOString()}::timestamptz
    where id = ${activity.id}::uuid`);
}

async function pauseIfRunning(
  context: ReportContext,
  reason: 'ExceedFreeMonthlyPersonalizedInvitations' | 'TooLongInvitationMessage' | 'NotAuthenticated',
) {
  const { tx, now, activity, locked } = context;
  if (locked.campaign.state !== 'Running') return;
  const { after } = await pauseCampaign(tx, {
    personaId: activity.personaId,
    campaignId: activity.campaignId,
    now,
    reason,
  });
  // The batch's later reports of this campaign share this object: they see it stopped.
  locked.campaign.state = after.state;
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
}

async function failedAttempt(context: ReportContext, error: ActivityError | undefined) {
  const { now, activity } = context;
  if (error?.name === 'NotAuthenticated') {
    await requeue(context, null);
    await pauseIfRunning(context, 'NotAuthenticated');
    return;
  }
  if (error?.code !== undefined && limitCodes.has(error.code)) {
    await limitExceeded(context, error);
    return;
  }
  if (error?.transient && activity.attempt < retryPolicy.maxAttempts) {
    const delay = retryDelayMs(activity.id, activity.attempt, error.retry_after_ms);
    await requeue(context, new Date(now.getTime() + delay));
    return;
  }
  await finishAndAdvance(context, finishSteps(context, 'failed'), { type: 'failed', at: now });
}
