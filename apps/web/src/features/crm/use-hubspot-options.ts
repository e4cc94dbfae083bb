import { crmEndpoints, type HubspotPropertyName } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { crmQueryKeys } from './crm-query-keys.ts';

/** GET integrations/hubspot/contacts/properties/{property}/options: the portal's choices. */
export function useHubspotOptions(property: HubspotPropertyName) {
  const api = useApi();
  return useQuery({
    queryKey: crmQueryKeys.options(property),
    queryFn: async ({ signal }) =>
      (await api.call(crmEndpoints.hubspotPropertyOptions, { params: { property } }, { signal })).options,
  });
}
