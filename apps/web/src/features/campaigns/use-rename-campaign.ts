import { campaignResponseSchema, campaignsPaths, fillPath } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { campaignsQueryKeys } from './campaigns-query-keys.ts';

/** PUT campaigns/{id}/update {name}: the title of the detail page. */
export function useRenameCampaign(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.request({
        method: 'PUT',
        path: fillPath(campaignsPaths.rename, { id }),
        body: { name },
        schema: campaignResponseSchema,
      }),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignsQueryKeys.detail(id), campaign);
      return queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.all });
    },
  });
}
