import { type CreateCampaignRequest, campaignResponseSchema, campaignsPaths } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { campaignsQueryKeys } from './campaigns-query-keys.ts';

/** POST campaigns: a new draft campaign, answered as the campaign document. */
export function useCreateCampaign() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateCampaignRequest) =>
      api.request({
        method: 'POST',
        path: campaignsPaths.create,
        body: request,
        schema: campaignResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.all }),
  });
}
