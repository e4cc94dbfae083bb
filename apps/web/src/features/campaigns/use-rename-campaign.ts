import { campaignsEndpoints } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { campaignsQueryKeys } from './campaigns-query-keys.ts';

/** PUT campaigns/{id}/update {name}: the title of the detail page. */
export function useRenameCampaign(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.call(campaignsEndpoints.rename, { params: { id }, body: { name } }),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignsQueryKeys.detail(id), campaign);
      return queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.all });
    },
  });
}
