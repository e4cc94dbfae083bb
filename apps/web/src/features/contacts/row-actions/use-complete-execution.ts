import { executionsEndpoints } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import { contactsQueryKeys } from '../contacts-query-keys.ts';

/** PUT executions/{id}/complete: ends one contact's run of a campaign; refreshes the rows and menus. */
export function useCompleteExecution() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (executionId: string) =>
      api.call(executionsEndpoints.complete, { params: { id: executionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all }),
  });
}
