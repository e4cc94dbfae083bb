import { campaignsEndpoints } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { isApiError } from '../../api/api-error.ts';
import type { CampaignOption } from '../contacts/filters/contact-filters.ts';
import { campaignsQueryKeys } from './campaigns-query-keys.ts';

const campaignOptionsSchema = z.object({
  documents: z.array(z.object({ id: z.string(), name: z.string() })),
});

/**
 * GET campaigns/page for the 'Participated in Campaigns' filters. Until the campaigns API is
 * served (404), there is simply nothing to choose: `isAvailable` is false and no notice shows.
 */
export function useCampaignOptions() {
  const api = useApi();
  const query = useQuery({
    queryKey: campaignsQueryKeys.options,
    queryFn: async ({ signal }): Promise<CampaignOption[] | null> => {
      try {
        const answer = await api.call(
          campaignsEndpoints.page,
          { query: { $take: 1000, $orderby: 'created desc' } },
          { signal, answer: campaignOptionsSchema },
        );
        return answer.documents;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });
  return { options: query.data ?? [], isAvailable: query.data !== null && query.data !== undefined };
}
