import { createHash } from 'node:crypto';
import type { OperationType } from '@outpilot/contracts';
import type { ExecutionEvent } from '@outpilot/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { finishCampaign } from '../campaigns/complete-campaign.ts';
import { type Executor, rowsOf } from '../campaigns/db-executor.ts';
import { executeNamed } from '../db/execute-named.ts';
import { type ActivityAction, campaigns, executions } from '../db/schema.ts';
import {
  campaignsLeftOpenNone,
  type ExecutionMoveRow,
  executionMovesSql,
  type LockedExecution,
  planExecutionMove,
} from '../executions/advance-execution.ts';

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
  const move = moveIfAt(locked, expected, event, now);
  const steps = [alongside, move ? executionMovesSql([move]) : undefined].filter(
    (part): part is SQL => part !== undefined,
  );
  if (steps.length === 0) return false;
  // Only an execution that ended can be the campaign's last open one: read in the same statement.
  const answer = move
    ? campaignsLeftOpenNone([move])
    : sql`select null::uuid as campaign_id, null::uuid as persona_id where false`;
  const done = rowsOf<CampaignOpenNone>(
    await executeNamed(tx, sql`with ${sql.join(steps, sql`, `)} ${answer}`),
  );
  await completeCampaignsOpenNone(tx, done, now);
  return move !== null;
}

/**
 * The event's move of an execution (locked by the caller) if it is still where the activity left
 * it (state and step), else null: see advanceIfAt.
 */
export function moveIfAt(
  locked: LockedExecution,
  expected: { state: 'InQueue' | 'InProgress'; stepNumber: number },
  event: ExecutionEvent,
  now: Date,
): ExecutionMoveRow | null {
  const { execution } = locked;
  const applies = execution.state === expected.state && execution.stepIndex === expected.stepNumber - 1;
  return applies ? planExecutionMove(locked, event, now).row : null;
}

/** Whether the campaign has an open execution: a probe of executions_campaign_id_state_idx. */
function openExecutionExists(campaignId: string): SQL {
  return sql`exists (select 1 from ${executions} o where o.campaign_id = ${campaignId}::uuid
    and o.state in ('NotStarted', 'InQueue', 'InProgress'))`;
}

/** The engine completes (reason System) a Running campaign whose executions have all ended. */
export async function completeCampaignIfDone(
  tx: Executor,
  execution: { campaignId: string; personaId: string },
  now: Date,
): Promise<boolean> {
  const [row] = rowsOf<{ open: boolean }>(
    await tx.execute(sql`select ${openExecutionExists(execution.campaignId)} as open`),
  );
  if (row?.open) return false;
  return completeCampaignIfOpenNone(tx, execution, now);
}

/** A row of campaignsLeftOpenNone: a campaign whose last open execution a statement ended. */
export type CampaignOpenNone = { campaign_id: string; persona_id: string };

/** completeCampaignIfOpenNone for each campaign of campaignsLeftOpenNone's answer. */
export async function completeCampaignsOpenNone(tx: Executor, rows: readonly CampaignOpenNone[], now: Date) {
  for (const row of rows) {
    await completeCampaignIfOpenNone(tx, { campaignId: row.campaign_id, personaId: row.persona_id }, now);
  }
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
