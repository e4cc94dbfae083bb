import type { Campaign, RenameCampaignRequest } from '@outpilot/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { campaigns } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../errors.ts';
import { campaignNotFoundMessage } from './find-campaign.ts';
import { toCampaignDocument } from './to-campaign-documents.ts';

/** PUT campaigns/{id}/update {name}: any state, archived included (the title is always renameable). */
export async function renameCampaign(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; campaignId: string; request: RenameCampaignRequest },
): Promise<Campaign> {
  const [row] = await deps.db
    .update(campaigns)
    .set({ name: input.request.name, version: sql`${campaigns.version} + 1` })
    .where(and(eq(campaigns.id, input.campaignId), eq(campaigns.personaId, input.personaId)))
    .returning();
  if (!row) throw new NotFoundError(campaignNotFoundMessage);
  return toCampaignDocument(deps.db, row);
}
