import { type Campaign, campaignsEndpoints } from '@outpilot/contracts';
import { type Query, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { isApiError } from '../../api/api-error.ts';
import { campaignsQueryKeys } from './campaigns-query-keys.ts';

/** A campaign id is a uuid; anything else is unknown without asking (the server would answer 4xx). */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET campaigns/{id}. `data` is null when the campaign does not exist for this workspace (404, or
 * an id that is not one): the screens show the not-found view, never another workspace's data.
 */
export function useCampaign(
  id: string,
  options: { refetchInterval?: (query: Query<Campaign | null>) => number | false } = {},
) {
  const api = useApi();
  return useQuery({
    queryKey: campaignsQueryKeys.detail(id),
    queryFn: async ({ signal }) => {
      if (!uuidPattern.test(id)) return null;
      try {
        return await api.call(campaignsEndpoints.get, { params: { id } }, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    ...(options.refetchInterval ? { refetchInterval: options.refetchInterval } : {}),
  });
}
