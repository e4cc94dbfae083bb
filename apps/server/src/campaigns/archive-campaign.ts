import type { Campaign } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { toCampaignDocument } from './to-campaign-documents.ts';
import { transitionCampaign } from './transition-campaign.ts';

/** PUT campaigns/{id}/archive and /unarchive: the flag only; the state is kept. */
export async function archiveCampaign(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; campaignId: string; archived: boolean },
): Promise<Campaign> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { after } = await transitionCampaign(tx, {
      ...input,
      action: { type: input.archived ? 'archive' : 'unarchive' },
      now,
    });
    return toCampaignDocument(tx, after);
  });
}
