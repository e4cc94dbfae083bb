import type { Campaign } from '@outpilot/contracts';
import { requirePlanFeature } from '../billing/load-subscription.ts';
import type { AppDeps } from '../deps.ts';
import { launchExecutions } from '../engine/launch-executions.ts';
import { queueWaitingActivities } from '../engine/queue-waiting-activities.ts';
import { AppError } from '../errors.ts';
import { excludeInvalidAudience } from './check-audience.ts';
import { toCampaignDocument } from './to-campaign-documents.ts';
import { transitionCampaign } from './transition-campaign.ts';

export const runMessages = {
  noValidContacts: 'Please change your contacts or campaign steps',
} as const;

/**
 * PUT campaigns/{id}/run, one transaction. From Compose: the contacts the start preview reports
 * are excluded, an execution is made for each remaining contact with its first activity queued
 * (within the campaign's queue window: launchExecutions). From Stopped: resumes at once, queueing
 * again the current step of the InQueue executions, then launching contacts added while it was
 * stopped, so the contacts already going keep their turn. Nothing to launch: 422, no change.
 * `queueWindow` is campaignQueueWindow but in tests. An expired subscription cannot run campaigns (403).
 */
export async function runCampaign(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; campaignId: string },
  options: { queueWindow?: number } = {},
): Promise<Campaign> {
  await requirePlanFeature(deps, input.personaId, 'any');
  const now = deps.clock.now();
  const window = options.queueWindow;
  return deps.db.transaction(async (tx) => {
    const { after, resumed } = await transitionCampaign(tx, { ...input, action: { type: 'run' }, now });
    await excludeInvalidAudience(tx, after);
    if (resumed) await queueWaitingActivities(tx, { campaignId: after.id, steps: after.steps, now, window });
    const { launched } = await launchExecutions(tx, { campaign: after, now, window });
    if (!resumed && launched === 0) {
      throw new AppError(422, 'UnprocessableEntity', runMessages.noValidContacts);
    }
    return toCampaignDocument(tx, after);
  });
}
