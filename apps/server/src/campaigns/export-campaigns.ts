import type { Campaign, CampaignsExportQuery } from '@outpilot/contracts';
import { campaignStateLabels } from '@outpilot/contracts';
import { type CsvColumn, writeCsv } from '@outpilot/domain';
import type { AppDeps } from '../deps.ts';
import { selectCampaigns } from './list-campaigns.ts';
import { toCampaignDocuments } from './to-campaign-documents.ts';

/** Rows of one export; more is refused by narrowing the filter. */
export const maxExportRows = 1000;

/** The list's columns (§2 "Campaign list"), plus contacts, in the list's order. */
export const campaignExportColumns: readonly CsvColumn<Campaign>[] = [
  { title: 'Campaign', value: (c) => c.name },
  { title: 'Status', value: (c) => campaignStateLabels[c.state] },
  { title: 'Contacts', value: (c) => c.target_audience_count },
  { title: 'Started contacts', value: (c) => c.statistics.started_count },
  { title: 'Invites sent', value: (c) => c.statistics.invitation_sent },
  { title: 'Acceptance rate', value: (c) => c.statistics.acceptance_rate },
  { title: 'Messages sent', value: (c) => c.statistics.messages_sent },
  { title: 'Reply rate', value: (c) => c.statistics.reply_rate },
  { title: 'Created', value: (c) => new Date(c.created) },
];

/** GET campaigns/export: the list query's campaigns (up to maxExportRows) as CSV. */
export async function exportCampaigns(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; query: CampaignsExportQuery },
): Promise<string> {
  const { rows } = await selectCampaigns(deps.db, input.personaId, {
    filter: input.query.filter,
    searchQuery: input.query.searchQuery,
    orderby: input.query.orderby,
    archived: input.query.archived,
    take: maxExportRows,
  });
  return writeCsv(await toCampaignDocuments(deps.db, input.personaId, rows), campaignExportColumns);
}
