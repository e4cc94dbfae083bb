import { type Execution, executionsEndpoints } from '@outpilot/contracts';
import { filterIn, filterString, formatFilter } from '@outpilot/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { contactsQueryKeys } from '../contacts/contacts-query-keys.ts';

/**
 * GET executions/page (campaign_id, contact_id in the shown page's ids): each shown contact's
 * execution of the campaign, by contact id, for the Status column and the row actions. A draft
 * has none, so it asks nothing. While the campaign runs it asks again every `refetchMs`, so the
 * step indicators move as the engine works.
 */
export function useCampaignExecutions(
  campaignId: string,
  contactIds: readonly string[],
  options: { enabled: boolean; refetchMs: number | false },
) {
  const api = useApi();
  return useQuery({
    queryKey: contactsQueryKeys.campaignExecutions(campaignId, contactIds),
    queryFn: async ({ signal }) => {
      const answer = await api.call(
        executionsEndpoints.page,
        {
          query: {
            campaign_id: campaignId,
            $filter: formatFilter(filterIn('contact_id', contactIds.map(filterString))),
            $take: contactIds.length,
          },
        },
        { signal },
      );
      return new Map<string, Execution>(
        answer.documents.map((execution) => [execution.linkedin_contact.id, execution]),
      );
    },
    enabled: options.enabled && contactIds.length > 0,
    refetchInterval: options.refetchMs,
    placeholderData: keepPreviousData,
  });
}
