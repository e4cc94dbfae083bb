import { type CampaignEventName, campaignsEndpoints } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { campaignsQueryKeys } from './campaigns-query-keys.ts';

/**
 * PUT campaigns/{id}/run, /stop, /complete, /clone, /archive and /unarchive: six endpoints of one
 * shape (no body, the campaign answered; clone answers the new one), so one hook takes the
 * endpoint's name rather than six copies of the same lines. Every campaign query is refreshed
 * afterwards (§4: the campaign and its statistics are reloaded).
 */
export function useCampaignEvent(event: CampaignEventName) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(campaignsEndpoints[event], { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.all }),
  });
}
