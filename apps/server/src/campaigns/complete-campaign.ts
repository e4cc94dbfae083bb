import type { Campaign, CompleteReason } from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { executions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { cancelCampaignActivities } from '../executions/cancel-execution-activities.ts';
import { toCampaignDocument } from './to-campaign-documents.ts';
import { transitionCampaign } from './transition-campaign.ts';

/**
 * Completes a campaign in the caller's transaction: every execution still going is Cancelled at
 * its step (kept, so figures stay) and the queued activities are cancelled. System completion
 * (reason System) is for the engine, e.g. when the last execution ends.
 */
export async function finishCampaign(
  tx: Executor,
  input: { personaId: string; campaignId: string; now: Date; reason?: CompleteReason },
) {
  const outcome = await transitionCampaign(tx, {
    ...input,
    action: input.reason ? { type: 'complete', reason: input.reason } : { type: 'complete' },
  });
  await tx.execute(sql`
    update ${executions} set state = 'Cancelled', completed_at = ${input.now.toISOString()}::timestamptz,
      step_states = case when step_index is null then step_states
        else step_states || jsonb_build_object((step_index + 1)::text, 'Cancelled') end
    where campaign_id = ${outcome.after.id}::uuid and state in ('NotStarted', 'InQueue', 'InProgress')`);
  await cancelCampaignActivities(tx, outcome.after.id);
  return outcome;
}

/** PUT campaigns/{id}/complete. */
export async function completeCampaign(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; campaignId: string },
): Promise<Campaign> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { after } = await finishCampaign(tx, { ...input, now });
    return toCampaignDocument(tx, after);
  });
}
