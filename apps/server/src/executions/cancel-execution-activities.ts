import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { activities } from '../db/schema.ts';

/**
 * Cancels the queued activities of executions (a contact completed or excluded, a campaign stopped
 * or completed). Claimed ones are in a runner's hands: their report still arrives and is judged by
 * the execution's state then. Answers how many were cancelled.
 */
export async function cancelExecutionActivities(
  tx: Executor,
  executionIds: string | string[],
): Promise<number> {
  const ids = Array.isArray(executionIds) ? executionIds : [executionIds];
  if (ids.length === 0) return 0;
  const cancelled = await tx
    .update(activities)
    .set({ state: 'cancelled' })
    .where(and(inArray(activities.executionId, ids), eq(activities.state, 'queued')))
    .returning({ id: activities.id });
  return cancelled.length;
}

/** Cancels every queued activity of a campaign (stop, complete). */
export async function cancelCampaignActivities(tx: Executor, campaignId: string): Promise<number> {
  const cancelled = await tx
    .update(activities)
    .set({ state: 'cancelled' })
    .where(and(eq(activities.campaignId, campaignId), eq(activities.state, 'queued')))
    .returning({ id: activities.id });
  return cancelled.length;
}
