import type { Campaign } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { findCampaign } from './find-campaign.ts';
import { toCampaignDocument } from './to-campaign-documents.ts';

/** GET campaigns/{id}. */
export async function getCampaign(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; campaignId: string },
): Promise<Campaign> {
  return toCampaignDocument(deps.db, await findCampaign(deps.db, input));
}
