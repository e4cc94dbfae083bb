import { workspaceEndpoints } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { workspaceQueryKeys } from './workspace-query-keys.ts';

/** GET workspace/automation-mode. */
export function useAutomationMode() {
  const api = useApi();
  return useQuery({
    queryKey: workspaceQueryKeys.automationMode,
    queryFn: ({ signal }) => api.call(workspaceEndpoints.automationMode, undefined, { signal }),
  });
}
