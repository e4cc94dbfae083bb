import { type WorkingHours, workspacePaths } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { workspaceQueryKeys } from './workspace-query-keys.ts';

/** PUT workspace/working-hours-in-minutes; the caller decides the notices. */
export function useUpdateWorkingHours() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workingHours: WorkingHours) =>
      api.request({
        method: 'PUT',
        path: workspacePaths.workingHours,
        body: workingHours,
        schema: z.unknown(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceQueryKeys.workingHours }),
  });
}
