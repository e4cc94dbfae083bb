import { workspaceEndpoints } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { workspaceQueryKeys } from './workspace-query-keys.ts';

/** GET workspace/working-hours-in-minutes. */
export function useWorkingHours() {
  const api = useApi();
  return useQuery({
    queryKey: workspaceQueryKeys.workingHours,
    queryFn: ({ signal }) => api.call(workspaceEndpoints.workingHours, undefined, { signal }),
  });
}
