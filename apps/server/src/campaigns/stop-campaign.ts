import type { Campaign, PauseReason } from '@outpilot/contracts';
import type { Executor } from '../db/executor.ts';
import type { AppDeps } from '../deps.ts';
import { cancelCampaignActivities } from '../executions/cancel-execution-activities.ts';
import { toCampaignDocument } from './to-campaign-documents.ts';
import { transitionCampaign } from './transition-campaign.ts';

/**
 * Pauses a Running campaign in the caller's transaction: its queued activities are cancelled
 * (executions keep their place; run requeues them). A reason other than User is a system pause
 * (the report system uses it for the network's refusals).
 */
export async function pauseCampaign(
  tx: Executor,
  input: { personaId: string; campaignId: string; now: Date; reason?: PauseReason },
) {
  const outcome = await transitionCampaign(tx, {
    ...input,
    action: input.reason ? { type: 'stop', reason: input.reason } : { type: 'stop' },
  });
  await cancelCampaignActivities(tx, outcome.after.id);
  return outcome;
}

/** PUT campaigns/{id}/stop. */
export async function stopCampaign(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; campaignId: string },
): Promise<Campaign> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { after } = await pauseCampaign(tx, { ...input, now });
    return toCampaignDocument(tx, after);
  });
}
