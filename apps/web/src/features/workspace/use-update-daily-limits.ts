import { type DailyLimits, workspaceEndpoints } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { workspaceQueryKeys } from './workspace-query-keys.ts';

/** PUT workspace/daily-limits with all four daily_linkedin_* fields. */
export function useUpdateDailyLimits() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limits: DailyLimits) => api.call(workspaceEndpoints.updateDailyLimits, { body: limits }),
    onSuccess: (saved) => {
      queryClient.setQueryData(workspaceQueryKeys.dailyLimits, saved);
      // The statistics show each count beside its limit.
      return queryClient.invalidateQueries({ queryKey: workspaceQueryKeys.periodStatisticsAll });
    },
  });
}
