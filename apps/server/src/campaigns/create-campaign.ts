import type { Campaign, CreateCampaignRequest } from '@outpilot/contracts';
import { campaigns } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { addAudienceIn } from './target-audience.ts';
import { toCampaignDocument } from './to-campaign-documents.ts';

/**
 * POST campaigns: a new draft (Compose) with no steps. With target_audience ('Create campaign'
 * from the contacts grid) the selected contacts go in within the same transaction, so a user who
 * cancels before confirming leaves no empty draft behind, and a failed add leaves no campaign.
 */
export async function createCampaign(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; request: CreateCampaignRequest },
): Promise<Campaign> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(campaigns)
      .values({ personaId: input.personaId, name: input.request.name, createdAt: now })
      .returning();
    if (!created) throw new Error('createCampaign: insert returned no row');
    const selection = input.request.target_audience;
    if (selection !== undefined) await addAudienceIn(tx, { campaign: created, selection, now });
    return created;
  });
  return toCampaignDocument(deps.db, row);
}
