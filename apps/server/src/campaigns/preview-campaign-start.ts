import type { StartPreview } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { checkAudience } from './check-audience.ts';
import { findCampaign } from './find-campaign.ts';

/**
 * GET campaigns/{id}/preview: what run would do. validation_rules_summary counts the contacts it
 * would exclude, by rule; valid_audience_count the contacts it would queue.
 */
export async function previewCampaignStart(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; campaignId: string },
): Promise<StartPreview> {
  const campaign = await findCampaign(deps.db, input);
  const { validCount, summary } = await checkAudience(deps.db, campaign);
  return { validation_rules_summary: summary, valid_audience_count: validCount };
}
