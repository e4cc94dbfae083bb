import { foldSteps, type TransitionAction, transition } from '@outpilot/domain';
import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { campaignAudience, campaigns } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { type CampaignRow, findCampaign } from './find-campaign.ts';

export type TransitionOutcome = { before: CampaignRow; after: CampaignRow; resumed: boolean };

/**
 * Locks the campaign and applies one lifecycle action through the domain's transition (the same
 * rules that make the events flags). A refused action is a 422 with the refusal's description
 * and changes nothing. Call inside the transaction that performs the action's side effects.
 */
export async function transitionCampaign(
  tx: Executor,
  input: { personaId: string; campaignId: string; action: TransitionAction; now: Date },
): Promise<TransitionOutcome> {
  const before = await findCampaign(tx, { ...input, forUpdate: true });
  const [audience] = await tx
    .select({ total: count() })
    .from(campaignAudience)
    .where(eq(campaignAudience.campaignId, before.id));
  const result = transition(
    {
      state: before.state,
      archived: before.archived,
      target_audience_count: audience?.total ?? 0,
      steps: foldSteps(before.steps),
      pause_reason: before.pauseReason,
      complete_reason: before.completeReason,
      started: before.startedAt,
      completed: before.completedAt,
    },
    input.action,
    input.now,
  );
  if (!result.ok) throw new AppError(422, 'UnprocessableEntity', result.refusal.description);
  const next = result.campaign;
  const [after] = await tx
    .update(campaigns)
    .set({
      state: next.state,
      archived: next.archived,
      pauseReason: next.pause_reason,
      completeReason: next.complete_reason,
      startedAt: next.started,
      completedAt: next.completed,
      version: sql`${campaigns.version} + 1`,
    })
    .where(eq(campaigns.id, before.id))
    .returning();
  if (!after) throw new Error('transitionCampaign: update returned no row');
  return { before, after, resumed: result.resumed };
}
