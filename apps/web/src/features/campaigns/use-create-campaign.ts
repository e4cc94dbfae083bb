import { type CreateCampaignRequest, campaignsEndpoints } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { campaignsQueryKeys } from './campaigns-query-keys.ts';

/** POST campaigns: a new draft campaign, answered as the campaign document. */
export function useCreateCampaign() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateCampaignRequest) => api.call(campaignsEndpoints.create, { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.all }),
  });
}
