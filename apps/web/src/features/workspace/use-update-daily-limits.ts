import { type DailyLimits, workspacePaths } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { workspaceQueryKeys } from './workspace-query-keys.ts';

/** PUT workspace/daily-limits with all four daily_linkedin_* fields. */
export function useUpdateDailyLimits() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limits: DailyLimits) =>
      api.request({ method: 'PUT', path: workspacePaths.dailyLimits, body: limits, schema: z.unknown() }),
    // The statistics carry the limits, so they are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceQueryKeys.periodStatisticsAll }),
  });
}
