import { createHash } from 'node:crypto';
import type { OperationType } from '@outpilot/contracts';
import type { ExecutionEvent } from '@outpilot/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { finishCampaign } from '../campaigns/complete-campaign.ts';
import { executeNamed } from '../db/execute-named.ts';
import type { Executor } from '../db/executor.ts';
import { rowsOf } from '../db/rows-of.ts';
import { type ActivityAction, campaigns } from '../db/schema.ts';
import {
  campaignsLeftOpenNone,
  type ExecutionMoveRow,
  executionMovesSql,
  type LockedExecution,
  planExecutionMove,
} from './advance-execution.ts';

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
 * meanwhile): answers whether it moved. An execution that ends may complete its campaign.
 */
export async function advanceIfAt(
  tx: Executor,
  locked: LockedExecution,
  expected: { state: 'InQueue' | 'InProgress'; stepNumber: number },
  event: ExecutionEvent,
  now: Date,
): Promise<boolean> {
  const move = moveIfAt(locked, expected, event, now);
  if (!move) return false;
  await writeExecutionMoves(tx, [move], now);
  return true;
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

/**
 * The engine's one way to write execution moves: in one statement (with `alongside`, the caller's
 * own data-modifying WITH steps, in the same round trip), which also reads whether a move ended
 * its campaign's last open execution (campaignsLeftOpenNone); such a Running campaign is then
 * completed (reason System).
 */
export async function writeExecutionMoves(
  tx: Executor,
  moves: readonly ExecutionMoveRow[],
  now: Date,
  alongside?: SQL,
): Promise<void> {
  const steps = alongside ? sql`${alongside}, ${executionMovesSql(moves)}` : executionMovesSql(moves);
  const done = rowsOf<{ campaign_id: string; persona_id: string }>(
    await executeNamed(tx, sql`with ${steps} ${campaignsLeftOpenNone(moves)}`),
  );
  for (const row of done) {
    await completeCampaignIfOpenNone(tx, { campaignId: row.campaign_id, personaId: row.persona_id }, now);
  }
}

/** Completes (reason System) a Running campaign once the caller knows that none of its executions is open. */
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
