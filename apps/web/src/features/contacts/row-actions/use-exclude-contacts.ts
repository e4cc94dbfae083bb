import { executionsEndpoints } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import { contactsQueryKeys } from '../contacts-query-keys.ts';
import { buildIdsFilter } from '../filters/contact-filters.ts';

/** DELETE executions/delete: takes the contacts of these executions out of their campaigns. */
export function useExcludeContacts() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (executionIds: readonly string[]) =>
      api.call(executionsEndpoints.delete, { query: { filter: buildIdsFilter(executionIds) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all }),
  });
}
