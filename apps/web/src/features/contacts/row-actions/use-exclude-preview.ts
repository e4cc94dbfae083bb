import { executionsEndpoints } from '@outpilot/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import { buildIdsFilter } from '../filters/contact-filters.ts';

/** GET executions/delete/preview: what the rules keep in their campaigns, asked when Exclude is pressed. */
export function useExcludePreview() {
  const api = useApi();
  return useMutation({
    mutationFn: (executionIds: readonly string[]) =>
      api.call(executionsEndpoints.deletePreview, { query: { filter: buildIdsFilter(executionIds) } }),
  });
}
