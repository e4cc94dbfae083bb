import { executionsEndpoints } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';

export const activitiesQueueQueryKey = ['activities-queue'] as const;

/** While the queue page is open its times move: it asks again this often. */
const queueRefreshMs = 30_000;

/**
 * GET workspace/activities-queue. Each visit of the route asks again (seed 001 §2 "Visiting the
 * route reloads the queue"), and the open page refreshes its times now and then.
 */
export function useActivitiesQueue() {
  const api = useApi();
  return useQuery({
    queryKey: activitiesQueueQueryKey,
    queryFn: ({ signal }) => api.call(executionsEndpoints.activitiesQueue, undefined, { signal }),
    refetchOnMount: 'always',
    refetchInterval: queueRefreshMs,
  });
}
