import { campaignStateSchema, campaignsEndpoints } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { campaignsQueryKeys } from './campaigns-query-keys.ts';

const addableCampaignsSchema = z.object({
  documents: z.array(z.object({ id: z.string(), name: z.string(), state: campaignStateSchema })),
  total: z.number().int(),
});
export type AddableCampaign = z.infer<typeof addableCampaignsSchema>['documents'][number];

/** Completed campaigns take no contacts; archived ones are left out by GET campaigns/page itself. */
export const addableCampaignsFilter = "state ne 'Completed'";

/**
 * GET campaigns/page: the persona's campaigns that can take contacts (not archived, not
 * Completed), newest first, asked while the Add to campaign dialog is open.
 */
export function useAddableCampaigns(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: campaignsQueryKeys.addable,
    queryFn: ({ signal }) =>
      api.call(
        campaignsEndpoints.page,
        { query: { $take: 1000, $filter: addableCampaignsFilter, $orderby: 'created desc' } },
        { signal, answer: addableCampaignsSchema },
      ),
    enabled,
    staleTime: 0,
  });
}
