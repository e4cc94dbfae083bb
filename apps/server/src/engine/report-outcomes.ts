import type { ActivityError, ConnectionDegree, ReportActivityRequest } from '@outpilot/contracts';
import { sandboxActionErrorCodes } from '@outpilot/contracts';
import type { ExecutionEvent } from '@outpilot/domain';
import { eq } from 'drizzle-orm';
import { pauseCampaign } from '../campaigns/stop-campaign.ts';
import type { Transaction } from '../db/executor.ts';
import { type ActivityAction, type activities, personas } from '../db/schema.ts';
import type { LockedExecution } from './advance-execution.ts';
import { logActionOf, moveIfAt, retryDelayMs, retryPolicy } from './engine-helpers.ts';
import type { ContactWrite, ReportBatch } from './report-batch.ts';

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
  /** The batch's writes: a finished activity waits there; a report written alone flushes it first. */
  batch: ReportBatch;
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
 * The report stored under its idempotency key and the activity finished (`state`), with the move
 * of its step by `event` if the execution is still where the activity left it: a write of the
 * batch. With `logged`, also an activity log line at `logged.at` (only if the execution moved, with
 * `onlyIfMoved`): the operation's own action, which also sets the contact's last-contacted time
 * (and what a ScrapeProfile read), or `logged.action` (an event seen, not an action: no contact).
 */
function finish(
  context: ReportContext,
  state: 'done' | 'failed',
  event: ExecutionEvent,
  logged?: { at: Date; action?: ActivityAction; onlyIfMoved?: boolean },
): Promise<void> {
  const { now, activity, report, locked } = context;
  // A Withdraw acts while its Connect step waits for an answer (InProgress); the rest are queued steps.
  const expected = {
    state: activity.operationType === 'Withdraw' ? ('InProgress' as const) : ('InQueue' as const),
    stepNumber: activity.stepNumber,
  };
  const move = moveIfAt(locked, expected, event, now);
  const logs = logged !== undefined && (move !== null || !logged.onlyIfMoved);
  const at = logged?.at.toISOString() ?? now.toISOString();
  return context.batch.write({
    ...reportRow(context),
    state,
    network_ref: report.network_ref ?? null,
    due_at: null,
    logged: logs
      ? {
          persona_id: activity.personaId,
          campaign_id: activity.campaignId,
          execution_id: activity.executionId,
          action: logged?.action ?? logActionOf(activity.operationType),
          occurred_at: at,
        }
      : null,
    contact:
      logs && logged?.action === undefined
        ? { contact_id: locked.execution.contactId, contacted_at: at, ...scrapedColumns(context) }
        : null,
    move,
  });
}

/** The report as stored under its idempotency key, and the error it carried. */
function reportRow({ activity, report }: ReportContext) {
  return {
    idempotency_key: report.idempotency_key,
    activity_id: activity.id,
    attempt: report.attempt,
    outcome: report.outcome,
    error: report.error ?? null,
  };
}

/** The network's degree as the contacts' distance column keeps it (1, 2, 3; null otherwise). */
const distanceOfDegree: Record<ConnectionDegree, number | null> = {
  FIRST: 1,
  SECOND: 2,
  THIRD: 3,
  OUT_OF_NETWORK: 3,
  SELF: null,
};

const unchangedContact = {
  first_name: null,
  last_name: null,
  full_name: null,
  occupation: null,
  location: null,
  last_job: null,
  distance: null,
  is_premium: null,
} as const;

/**
 * A ScrapeProfile that executed: the contact takes what the profile shows now (names, headline,
 * location, company, degree, premium). Identity columns are left alone (they pick the contact); a
 * blank field read keeps the stored value (null). Fields the contacts table has no column for
 * (summary, email, skills, websites, industry) are not kept (docs/decisions.md).
 */
function scrapedColumns(context: ReportContext): Omit<ContactWrite, 'contact_id' | 'contacted_at'> {
  const { activity, report } = context;
  const scraped = report.scraped_profile;
  if (activity.operationType !== 'ScrapeProfile' || !scraped) return unchangedContact;
  const text = (value: string | null) => (value?.trim() ? value.trim() : null);
  const first = text(scraped.first_name);
  const last = text(scraped.last_name);
  return {
    first_name: first,
    last_name: last,
    full_name: first || last ? [first, last].filter(Boolean).join(' ') : null,
    occupation: text(scraped.headline),
    location: text(scraped.location),
    last_job: text(scraped.company_name),
    distance: distanceOfDegree[scraped.degree],
    is_premium: scraped.is_premium,
  };
}

/** When the action happened: the runner's time, kept between its claim and now. */
function occurredAt(context: ReportContext): Date {
  const { now, report } = context;
  const claimedAt = context.claimedAt ?? now;
  const performedAt = report.performed_at ? new Date(report.performed_at) : now;
  return new Date(Math.min(now.getTime(), Math.max(claimedAt.getTime(), performedAt.getTime())));
}

async function performed(context: ReportContext) {
  const at = occurredAt(context);
  await finish(
    context,
    'done',
    context.activity.operationType === 'Withdraw'
      ? { type: 'timedOut', at: context.now }
      : { type: 'performed', at },
    { at },
  );
}

async function skipped(context: ReportContext) {
  // Nothing left to withdraw: the wait is over all the same.
  await finish(
    context,
    'done',
    context.activity.operationType === 'Withdraw'
      ? { type: 'timedOut', at: context.now }
      : { type: 'skipped', at: context.now },
  );
}

/** A Withdraw found the invitation accepted meanwhile: the contact connected after all. */
async function acceptedBeforeWithdraw(context: ReportContext) {
  const { now } = context;
  await finish(
    context,
    'done',
    { type: 'accepted', at: now },
    {
      at: now,
      action: 'invitation_accepted',
      onlyIfMoved: true,
    },
  );
}

/**
 * Back in the queue (the report stored), due no earlier than `notBefore`: the persona's next check
 * comes from the trigger. While its campaign is not running (paused by another report of the same
 * batch, or stopped by the user meanwhile) it is cancelled like the rest of that campaign's queue,
 * and run queues it again.
 */
async function requeue(context: ReportContext, notBefore: Date | null) {
  const { activity, locked } = context;
  const dueAt = notBefore && notBefore > activity.dueAt ? notBefore : activity.dueAt;
  await context.batch.write({
    ...reportRow(context),
    state: locked.campaign.state === 'Running' ? 'queued' : 'cancelled',
    network_ref: null,
    due_at: dueAt.toISOString(),
    logged: null,
    contact: null,
    move: null,
  });
}

async function pauseIfRunning(
  context: ReportContext,
  reason: 'ExceedFreeMonthlyPersonalizedInvitations' | 'TooLongInvitationMessage' | 'NotAuthenticated',
) {
  const { tx, now, activity, locked } = context;
  if (locked.campaign.state !== 'Running') return;
  await context.batch.flush();
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
  await finish(context, 'failed', { type: 'failed', at: now });
}
