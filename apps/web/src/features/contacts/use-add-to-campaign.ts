import { audienceChangeResponseSchema, campaignsPaths, fillPath } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { contactsQueryKeys } from './contacts-query-keys.ts';
import type { AudienceRequest } from './use-audience-preview.ts';

/** PUT campaigns/{id}/target_audience with the selection's filter and search; refreshes the grid. */
export function useAddToCampaign() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, selection }: AudienceRequest) =>
      api.request({
        method: 'PUT',
        path: fillPath(campaignsPaths.targetAudience, { id: campaignId }),
        body: { filter: selection.filter, searchQuery: selection.searchQuery },
        schema: audienceChangeResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all }),
  });
}
