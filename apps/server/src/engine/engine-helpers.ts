import { createHash } from 'node:crypto';
import { finalExecutionStates, type OperationType } from '@outpilot/contracts';
import type { ExecutionEvent } from '@outpilot/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { finishCampaign } from '../campaigns/complete-campaign.ts';
import type { Executor } from '../campaigns/db-executor.ts';
import { type ActivityAction, campaigns, executions } from '../db/schema.ts';
import { type LockedExecution, moveExecution } from '../executions/advance-execution.ts';

/** What the activity log records for a performed operation. */
export function logActionOf(operation: OperationType): ActivityAction {
  switch (operation) {
    case 'Connect':
      return 'invitation_sent';
    case 'Message':
      return 'message_sent';
    case 'ReactOnPost':
      return 'post_reacted';
    case 'Follow':
      return 'profile_followed';
    case 'VisitProfile':
      return 'profile_visited';
    case 'EndorseSkill':
      return 'skill_endorsed';
    case 'ScrapeProfile':
      return 'profile_scraped';
    case 'Withdraw':
      return 'invitation_withdrawn';
  }
}

/**
 * Applies an event to an execution (locked by the caller) only when it is still where the
 * activity left it (a user may have completed the contact, a reply may have ended the sequence
 * meanwhile): the network action is recorded either way, the execution moves only if the event
 * still applies. An execution that ends may complete its campaign.
 */
export async function advanceIfAt(
  tx: Executor,
  locked: LockedExecution,
  expected: { state: 'InQueue' | 'InProgress'; stepNumber: number },
  event: ExecutionEvent,
  now: Date,
): Promise<boolean> {
  const { execution } = locked;
  if (execution.state !== expected.state || execution.stepIndex !== expected.stepNumber - 1) return false;
  const { progress } = await moveExecution(tx, locked, event, now);
  // Only an execution that ended can be the campaign's last open one.
  if (finalExecutionStates.has(progress.state)) await completeCampaignIfDone(tx, execution, now);
  return true;
}

/** The engine completes (reason System) a Running campaign whose executions have all ended. */
export async function completeCampaignIfDone(
  tx: Executor,
  execution: { campaignId: string; personaId: string },
  now: Date,
): Promise<boolean> {
  // Whether one is still open, not how many: a probe of executions_campaign_id_state_idx.
  const [open] = await tx
    .select({ id: executions.id })
    .from(executions)
    .where(
      and(
        eq(executions.campaignId, execution.campaignId),
        inArray(executions.state, ['NotStarted', 'InQueue', 'InProgress']),
      ),
    )
    .limit(1);
  if (open) return false;
  const [campaign] = await tx
    .select({ state: campaigns.state })
    .from(campaigns)
    .where(eq(campaigns.id, execution.campaignId));
  if (campaign?.state !== 'Running') return false;
  await finishCampaign(tx, {
    personaId: execution.personaId,
    campaignId: execution.campaignId,
    now,
    reason: 'System',
  });
  return true;
}

/** A number in [0, 1) fixed by the key: jitter that a test can predict and a replay repeats. */
export function stableFraction(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) / 0x1_0000_0000;
}

export const retryPolicy = {
  /** Attempts before a transient error fails the execution ('System error'). */
  maxAttempts: 5,
  baseDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
} as const;

/**
 * Backoff before retrying after a transient error of attempt n: base × 2^(n-1), capped, times a
 * jitter factor in [0.5, 1) drawn from the activity and attempt; never before the network's
 * Retry-After.
 */
export function retryDelayMs(activityId: string, attempt: number, retryAfterMs?: number): number {
  const exponential = Math.min(
    retryPolicy.maxDelayMs,
    retryPolicy.baseDelayMs * 2 ** Math.max(0, attempt - 1),
  );
  const jittered = Math.round(exponential * (0.5 + 0.5 * stableFraction(`${activityId}:${attempt}`)));
  return Math.max(jittered, retryAfterMs ?? 0);
}
