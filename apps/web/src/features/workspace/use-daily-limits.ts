import { workspaceEndpoints } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { workspaceQueryKeys } from './workspace-query-keys.ts';

/** GET workspace/daily-limits: the four daily_linkedin_* limits of the workspace. */
export function useDailyLimits() {
  const api = useApi();
  return useQuery({
    queryKey: workspaceQueryKeys.dailyLimits,
    queryFn: ({ signal }) => api.call(workspaceEndpoints.dailyLimits, undefined, { signal }),
  });
}
