import { crmEndpoints, type HubspotSettings } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { crmQueryKeys } from './crm-query-keys.ts';

/** PUT campaigns/{id}/settings/hubspot: replaces the campaign's static fields. */
export function useUpdateHubspotSettings(campaignId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: HubspotSettings) =>
      api.call(crmEndpoints.updateHubspotSettings, { params: { id: campaignId }, body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(crmQueryKeys.settings(campaignId), saved),
  });
}
