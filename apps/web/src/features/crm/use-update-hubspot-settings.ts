import { crmPaths, fillPath, type HubspotSettings, hubspotSettingsSchema } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { crmQueryKeys } from './crm-query-keys.ts';

/** PUT campaigns/{id}/settings/hubspot: replaces the campaign's static fields. */
export function useUpdateHubspotSettings(campaignId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: HubspotSettings) =>
      api.request({
        method: 'PUT',
        path: fillPath(crmPaths.campaignHubspotSettings, { id: campaignId }),
        body: settings,
        schema: hubspotSettingsSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(crmQueryKeys.settings(campaignId), saved),
  });
}
