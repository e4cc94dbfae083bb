import { type WorkingHours, workspaceEndpoints } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ignoredAnswer } from '../../api/api-client.ts';
import { useApi } from '../../api/api-context.tsx';
import { workspaceQueryKeys } from './workspace-query-keys.ts';

/** PUT workspace/working-hours-in-minutes; the caller decides the notices. */
export function useUpdateWorkingHours() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workingHours: WorkingHours) =>
      api.call(workspaceEndpoints.updateWorkingHours, { body: workingHours }, { answer: ignoredAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceQueryKeys.workingHours }),
  });
}
