import { type CreateCampaignRequest, campaignResponseSchema, campaignsPaths } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { contactsQueryKeys } from './contacts-query-keys.ts';

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
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactsQueryKeys.addableCampaigns }),
        queryClient.invalidateQueries({ queryKey: contactsQueryKeys.campaignOptions }),
      ]),
  });
}
