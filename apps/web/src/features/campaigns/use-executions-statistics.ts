import { executionsEndpoints } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { campaignsQueryKeys } from './campaigns-query-keys.ts';

/** GET campaigns/{id}/executions-statistics: the pie chart; asked again every refetchInterval while it runs. */
export function useExecutionsStatistics(
  id: string,
  options: { enabled: boolean; refetchInterval: number | false },
) {
  const api = useApi();
  return useQuery({
    queryKey: campaignsQueryKeys.statistics(id),
    queryFn: ({ signal }) => api.call(executionsEndpoints.statistics, { params: { id } }, { signal }),
    enabled: options.enabled,
    refetchInterval: options.refetchInterval,
  });
}
