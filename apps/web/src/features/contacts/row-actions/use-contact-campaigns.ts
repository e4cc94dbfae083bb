import { campaignsEndpoints, type Execution, executionsEndpoints } from '@outpilot/contracts';
import { executionStateLabels, filterCompare, filterString, formatFilter } from '@outpilot/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client.ts';
import { useApi } from '../../../api/api-context.tsx';
import { contactsQueryKeys } from '../contacts-query-keys.ts';
import { buildIdsFilter } from '../filters/contact-filters.ts';

/** One entry of a contact's 'Participate in campaigns' menu. */
export type ParticipatedCampaign = { id: string; name: string; stateLabel: string; archived: boolean };

const campaignsSchema = z.object({ documents: z.array(z.object({ id: z.string(), name: z.string() })) });
type ExecutionEntry = Pick<Execution, 'campaign_id' | 'campaign_name' | 'human_state'>;
type CampaignEntry = z.infer<typeof campaignsSchema>['documents'][number];

// A contact in more campaigns than this is not one a menu can list usefully anyway.
const maxExecutions = 100;

/**
 * The menu's entries: campaigns with an execution of the contact first (newest first, labelled by
 * the execution's state), then campaigns it is only a target of (a draft's audience, or added
 * while the campaign was stopped), labelled 'Not started' like an execution that has not begun.
 */
export function participatedCampaigns(input: {
  executions: readonly ExecutionEntry[];
  archived: readonly CampaignEntry[];
  targets: readonly CampaignEntry[];
}): ParticipatedCampaign[] {
  const archivedIds = new Set(input.archived.map((campaign) => campaign.id));
  const entries = new Map<string, ParticipatedCampaign>();
  for (const execution of input.executions) {
    if (entries.has(execution.campaign_id)) continue;
    entries.set(execution.campaign_id, {
      id: execution.campaign_id,
      name: execution.campaign_name,
      stateLabel: execution.human_state,
      archived: archivedIds.has(execution.campaign_id),
    });
  }
  for (const [campaigns, archived] of [
    [input.targets, false],
    [input.archived, true],
  ] as const) {
    for (const campaign of campaigns) {
      if (entries.has(campaign.id)) continue;
      entries.set(campaign.id, {
        id: campaign.id,
        name: campaign.name,
        stateLabel: executionStateLabels.NotStarted,
        archived,
      });
    }
  }
  return [...entries.values()];
}

/** The page a campaign opens in: the archive's form once the campaign is archived (§2.1 routes). */
export function participatedCampaignPath(campaign: ParticipatedCampaign): string {
  return `/${campaign.archived ? 'archive' : 'campaigns'}/${encodeURIComponent(campaign.id)}`;
}

/**
 * What a contact's row knows of its campaigns: the menu's entries, and its executions newest
 * first (the first is the latest, which the row actions act on; Show details lists them all).
 */
export type ContactParticipation = { campaigns: ParticipatedCampaign[]; executions: Execution[] };

async function loadParticipation(
  api: ApiClient,
  contactId: string,
  campaignIds: readonly string[],
  signal: AbortSignal,
): Promise<ContactParticipation> {
  // Campaigns of campaignIds: GET campaigns/page answers archived ones only when asked for them.
  const campaignsAmong = (ids: readonly string[], archived: boolean) =>
    api.call(
      campaignsEndpoints.page,
      { query: { $filter: buildIdsFilter(ids), $take: ids.length, $orderby: 'created desc', archived } },
      { signal, answer: campaignsSchema },
    );
  const [executions, archived] = await Promise.all([
    api.call(
      executionsEndpoints.page,
      {
        query: {
          $filter: formatFilter(filterCompare('linkedin_contact/id', 'eq', filterString(contactId))),
          $orderby: 'created desc',
          $take: maxExecutions,
        },
      },
      { signal },
    ),
    campaignsAmong(campaignIds, true),
  ]);
  const known = new Set([
    ...executions.documents.map((execution) => execution.campaign_id),
    ...archived.documents.map((campaign) => campaign.id),
  ]);
  const unnamed = campaignIds.filter((id) => !known.has(id));
  const targets = unnamed.length === 0 ? { documents: [] } : await campaignsAmong(unnamed, false);
  return {
    campaigns: participatedCampaigns({
      executions: executions.documents,
      archived: archived.documents,
      targets: targets.documents,
    }),
    executions: executions.documents,
  };
}

/**
 * The campaigns a contact takes part in, asked while its row menu (or its details) is open: GET
 * executions/page by linkedin_contact/id (created desc) for the executions, GET campaigns/page
 * (archived=true) among the row's campaign ids for the archived flag, and the names of campaigns
 * it is only a target of. A contact whose row lists no campaign needs no call (the menu says so
 * at once).
 */
export function useContactCampaigns(contact: { id: string; campaigns: readonly string[] }, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: contactsQueryKeys.participation(contact.id, contact.campaigns),
    queryFn: ({ signal }) => loadParticipation(api, contact.id, contact.campaigns, signal),
    enabled: enabled && contact.campaigns.length > 0,
    staleTime: 0,
  });
}
