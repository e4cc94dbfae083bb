import { createHash } from 'node:crypto';
import { finalExecutionStates, type OperationType } from '@outpilot/contracts';
import type { ExecutionEvent } from '@outpilot/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { finishCampaign } from '../campaigns/complete-campaign.ts';
import { type Executor, rowsOf } from '../campaigns/db-executor.ts';
import { executeNamed } from '../db/execute-named.ts';
import { type ActivityAction, campaigns, executions } from '../db/schema.ts';
import { executionMove, type LockedExecution } from '../executions/advance-execution.ts';

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
 * still applies. `alongside`: the caller's own data-modifying WITH steps, written in the same
 * statement as the move (one round trip). An execution that ends may complete its campaign.
 */
export async function advanceIfAt(
  tx: Executor,
  locked: LockedExecution,
  expected: { state: 'InQueue' | 'InProgress'; stepNumber: number },
  event: ExecutionEvent,
  now: Date,
  alongside?: SQL,
): Promise<boolean> {
  const { execution } = locked;
  const applies = execution.state === expected.state && execution.stepIndex === expected.stepNumber - 1;
  const move = applies ? executionMove(locked, event, now) : null;
  const steps = [alongside, move?.steps].filter((part): part is SQL => part !== undefined);
  if (steps.length === 0) return false;
  // Only an execution that ended can be the campaign's last open one. Whether another is still
  // open is read in the same statement (its snapshot is from before this move, hence "another").
  const ended = move !== null && finalExecutionStates.has(move.progress.state);
  const answer = ended ? openExecutionExists(execution.campaignId, execution.id) : sql`true`;
  const [row] = rowsOf<{ open: boolean }>(
    await executeNamed(tx, sql`with ${sql.join(steps, sql`, `)} select ${answer} as open`),
  );
  if (ended && row?.open === false) await completeCampaignIfOpenNone(tx, execution, now);
  return move !== null;
}

/**
 * Whether the campaign has an open execution (other than `except`): a probe of
 * executions_campaign_id_state_idx that stops at the first.
 */
function openExecutionExists(campaignId: string, except: string | null): SQL {
  return sql`exists (select 1 from ${executions} o where o.campaign_id = ${campaignId}::uuid
    and o.state in ('NotStarted', 'InQueue', 'InProgress')${except ? sql` and o.id <> ${except}::uuid` : sql``})`;
}

/** The engine completes (reason System) a Running campaign whose executions have all ended. */
export async function completeCampaignIfDone(
  tx: Executor,
  execution: { campaignId: string; personaId: string },
  now: Date,
): Promise<boolean> {
  const [row] = rowsOf<{ open: boolean }>(
    await tx.execute(sql`select ${openExecutionExists(execution.campaignId, null)} as open`),
  );
  if (row?.open) return false;
  return completeCampaignIfOpenNone(tx, execution, now);
}

/** completeCampaignIfDone once the caller knows that no execution of the campaign is open. */
async function completeCampaignIfOpenNone(
  tx: Executor,
  execution: { campaignId: string; personaId: string },
  now: Date,
): Promise<boolean> {
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
