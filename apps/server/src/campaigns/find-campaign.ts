import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { campaigns } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

export const campaignNotFoundMessage = 'Campaign not found';

/** The persona's campaign (404 for an unknown id or another persona's); forUpdate locks the row. */
export async function findCampaign(
  db: Executor,
  input: { personaId: string; campaignId: string; forUpdate?: boolean },
): Promise<CampaignRow> {
  const query = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, input.campaignId), eq(campaigns.personaId, input.personaId)));
  const [row] = input.forUpdate ? await query.for('update') : await query;
  if (!row) throw new NotFoundError(campaignNotFoundMessage);
  return row;
}
