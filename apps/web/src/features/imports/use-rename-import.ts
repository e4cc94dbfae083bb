import { importsEndpoints } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { importsQueryKeys } from './imports-query-keys.ts';

/** PUT imports/{id} with {name}. */
export function useRenameImport(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.call(importsEndpoints.rename, { params: { id }, body: { name } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(importsQueryKeys.one(id), saved);
      return queryClient.invalidateQueries({ queryKey: importsQueryKeys.recent });
    },
  });
}
