import { campaignsEndpoints } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { contactsQueryKeys } from '../contacts/contacts-query-keys.ts';
import { campaignsQueryKeys } from './campaigns-query-keys.ts';
import type { AudienceRequest } from './use-audience-preview.ts';

/**
 * PUT campaigns/{id}/target_audience with the selection's filter and search; refreshes the grid
 * (its campaigns column) and the campaigns (their contact counts).
 */
export function useAddToCampaign() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, selection }: AudienceRequest) =>
      api.call(campaignsEndpoints.addTargetAudience, {
        params: { id: campaignId },
        body: { filter: selection.filter, searchQuery: selection.searchQuery },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.all }),
      ]),
  });
}
