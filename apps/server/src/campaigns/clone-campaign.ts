import { type Campaign, campaignNameMaxLength } from '@outpilot/contracts';
import { campaignEvent, cloneName, foldSteps } from '@outpilot/domain';
import { count, eq, sql } from 'drizzle-orm';
import { campaignAudience, campaignHubspotSettings, campaigns } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findCampaign } from './find-campaign.ts';
import { toCampaignDocument } from './to-campaign-documents.ts';

/**
 * PUT campaigns/{id}/clone: a new draft (Compose, not archived) with the same steps, launch
 * delay and CRM settings and the name with ' (copy)'; the contacts are not copied (the editor flow
 * adds them).
 */
export async function cloneCampaign(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; campaignId: string },
): Promise<Campaign> {
  return deps.db.transaction(async (tx) => {
    const source = await findCampaign(tx, input);
    const [audience] = await tx
      .select({ total: count() })
      .from(campaignAudience)
      .where(eq(campaignAudience.campaignId, source.id));
    const event = campaignEvent(
      {
        state: source.state,
        archived: source.archived,
        target_audience_count: audience?.total ?? 0,
        steps: foldSteps(source.steps),
      },
      'clone',
    );
    if (!event.enabled) throw new AppError(422, 'UnprocessableEntity', event.hint ?? 'Cannot clone');
    const [row] = await tx
      .insert(campaigns)
      .values({
        personaId: source.personaId,
        name: cloneName(source.name, campaignNameMaxLength),
        steps: source.steps,
        launchInMinutes: source.launchInMinutes,
        createdAt: deps.clock.now(),
      })
      .returning();
    if (!row) throw new Error('cloneCampaign: insert returned no row');
    await tx.execute(sql`
      insert into ${campaignHubspotSettings} (campaign_id, static_fields, updated_at)
      select ${row.id}::uuid, static_fields, ${deps.clock.now().toISOString()}::timestamptz
      from ${campaignHubspotSettings} where campaign_id = ${source.id}::uuid`);
    return toCampaignDocument(tx, row);
  });
}
