import { campaignsEndpoints, type UpdateStepsRequest } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { campaignsQueryKeys } from './campaigns-query-keys.ts';

/** PUT campaigns/{id}/update_steps {steps, launch_in_minutes}: the steps editor's Save. */
export function useUpdateSteps(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateStepsRequest) =>
      api.call(campaignsEndpoints.updateSteps, { params: { id }, body: request }),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignsQueryKeys.detail(id), campaign);
      return queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.all });
    },
  });
}
