import { campaignsEndpoints } from '@outpilot/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { ContactsSelectionRequest } from '../contacts/selection/contacts-selection.ts';

export type AudienceRequest = { campaignId: string; selection: ContactsSelectionRequest };
/** No campaign id: the preview of a campaign created with these contacts on Confirm. */
export type AudiencePreviewRequest = { campaignId: string | undefined; selection: ContactsSelectionRequest };

const selectionQueryOf = (selection: ContactsSelectionRequest) => ({
  filter: selection.filter,
  searchQuery: selection.searchQuery,
});

/**
 * GET campaigns/{id}/target_audience/preview: how many of the selected contacts the campaign would
 * take; GET campaigns/target_audience/preview for a campaign not created yet.
 */
export function useAudiencePreview() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ campaignId, selection }: AudiencePreviewRequest) =>
      campaignId === undefined
        ? api.call(campaignsEndpoints.previewNewCampaignAudience, { query: selectionQueryOf(selection) })
        : api.call(campaignsEndpoints.previewTargetAudience, {
            params: { id: campaignId },
            query: selectionQueryOf(selection),
          }),
  });
}
