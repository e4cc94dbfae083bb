import { campaignsEndpoints, recentCampaignsCount } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { campaignsQueryKeys } from './campaigns-query-keys.ts';

const recentCampaignsSchema = z.object({
  documents: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** GET campaigns/page with $take 5: the side menu's 'Recently created' (§2, §7). */
export function useRecentCampaigns() {
  const api = useApi();
  return useQuery({
    queryKey: campaignsQueryKeys.recent,
    queryFn: ({ signal }) =>
      api.call(
        campaignsEndpoints.page,
        { query: { $take: recentCampaignsCount, $orderby: 'created desc' } },
        { signal, answer: recentCampaignsSchema },
      ),
    select: (answer) => answer.documents,
  });
}
