import type { Campaign, CreateCampaignRequest } from '@outpilot/contracts';
import { campaigns } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { toCampaignDocument } from './to-campaign-documents.ts';

/** POST campaigns: a new draft (Compose) with no steps. */
export async function createCampaign(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; request: CreateCampaignRequest },
): Promise<Campaign> {
  const [row] = await deps.db
    .insert(campaigns)
    .values({ personaId: input.personaId, name: input.request.name, createdAt: deps.clock.now() })
    .returning();
  if (!row) throw new Error('createCampaign: insert returned no row');
  return toCampaignDocument(deps.db, row);
}
