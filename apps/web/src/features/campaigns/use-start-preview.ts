import { campaignsEndpoints } from '@outpilot/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';

/** GET campaigns/{id}/preview: the start validation asked before running a Compose campaign (§4). */
export function useStartPreview() {
  const api = useApi();
  return useMutation({
    mutationFn: (id: string) => api.call(campaignsEndpoints.preview, { params: { id } }),
  });
}
