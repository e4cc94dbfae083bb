import { audiencePreviewSchema, campaignsPaths, fillPath } from '@outpilot/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { ContactsSelectionRequest } from '../contacts/selection/contacts-selection.ts';

export type AudienceRequest = { campaignId: string; selection: ContactsSelectionRequest };
/** No campaign id: the preview of a campaign created with these contacts on Confirm. */
export type AudiencePreviewRequest = { campaignId: string | undefined; selection: ContactsSelectionRequest };

/**
 * GET campaigns/{id}/target_audience/preview: how many of the selected contacts the campaign would
 * take; GET campaigns/target_audience/preview for a campaign not created yet.
 */
export function useAudiencePreview() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ campaignId, selection }: AudiencePreviewRequest) =>
      api.request({
        path:
          campaignId === undefined
            ? campaignsPaths.newCampaignAudiencePreview
            : fillPath(campaignsPaths.targetAudiencePreview, { id: campaignId }),
        query: { filter: selection.filter, searchQuery: selection.searchQuery },
        schema: audiencePreviewSchema,
      }),
  });
}
