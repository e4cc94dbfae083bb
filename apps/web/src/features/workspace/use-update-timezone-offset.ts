import { type UpdateTimezoneOffsetRequest, workspaceEndpoints } from '@outpilot/contracts';
import { useMutation } from '@tanstack/react-query';
import { ignoredAnswer } from '../../api/api-client.ts';
import { useApi } from '../../api/api-context.tsx';

/** PUT workspace/timezone-offset with {timezone_offset} in minutes east of UTC. */
export function useUpdateTimezoneOffset() {
  const api = useApi();
  return useMutation({
    mutationFn: (offset: number) => {
      const body: UpdateTimezoneOffsetRequest = { timezone_offset: offset };
      return api.call(workspaceEndpoints.updateTimezoneOffset, { body }, { answer: ignoredAnswer });
    },
  });
}
