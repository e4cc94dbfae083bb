import { workspaceEndpoints } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { workspaceQueryKeys } from './workspace-query-keys.ts';

/** GET workspace/period-statistics?start&end (ISO date-times with the workspace's offset). */
export function usePeriodStatistics({ start, end }: { start: string; end: string }, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: workspaceQueryKeys.periodStatistics(start, end),
    queryFn: ({ signal }) =>
      api.call(workspaceEndpoints.periodStatistics, { query: { start, end } }, { signal }),
    enabled,
  });
}
