import type { Campaign } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { queueExecutionActivities } from '../executions/queue-execution-activities.ts';
import { excludeInvalidAudience } from './check-audience.ts';
import { launchExecutions } from './launch-executions.ts';
import { toCampaignDocument } from './to-campaign-documents.ts';
import { transitionCampaign } from './transition-campaign.ts';

export const runMessages = {
  noValidContacts: 'Please change your contacts or campaign steps',
} as const;

/**
 * PUT campaigns/{id}/run, one transaction. From Compose: the contacts the start preview reports
 * are excluded, an execution is made for each remaining contact with its first activity queued. From Stopped: resumes at once, queueing again the current step of every InQueue
 * execution and launching contacts added while it was stopped. Nothing to launch: 422, no change.
 */
export async function runCampaign(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; campaignId: string },
): Promise<Campaign> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { after, resumed } = await transitionCampaign(tx, { ...input, action: { type: 'run' }, now });
    await excludeInvalidAudience(tx, after.id);
    const { launched } = await launchExecutions(tx, { campaign: after, now });
    if (!resumed && launched === 0) {
      throw new AppError(422, 'UnprocessableEntity', runMessages.noValidContacts);
    }
    if (resumed) await queueExecutionActivities(tx, { campaignId: after.id, steps: after.steps, now });
    return toCampaignDocument(tx, after);
  });
}
