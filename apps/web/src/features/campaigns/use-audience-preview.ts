import { audiencePreviewSchema, campaignsPaths, fillPath } from '@outpilot/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { ContactsSelectionRequest } from '../contacts/selection/contacts-selection.ts';

export type AudienceRequest = { campaignId: string; selection: ContactsSelectionRequest };

/** GET campaigns/{id}/target_audience/preview: how many of the selected contacts the campaign would take. */
export function useAudiencePreview() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ campaignId, selection }: AudienceRequest) =>
      api.request({
        path: fillPath(campaignsPaths.targetAudiencePreview, { id: campaignId }),
        query: { filter: selection.filter, searchQuery: selection.searchQuery },
        schema: audiencePreviewSchema,
      }),
  });
}
