import { crmEndpoints } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { crmQueryKeys } from './crm-query-keys.ts';

/** GET campaigns/{id}/settings/hubspot: the campaign's static fields. */
export function useHubspotSettings(campaignId: string) {
  const api = useApi();
  return useQuery({
    queryKey: crmQueryKeys.settings(campaignId),
    queryFn: ({ signal }) =>
      api.call(crmEndpoints.hubspotSettings, { params: { id: campaignId } }, { signal }),
  });
}
