import { importsEndpoints } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { importsQueryKeys } from './imports-query-keys.ts';

/** GET imports/recent: the side menu's 'Recently imported' lists. */
export function useRecentImports() {
  const api = useApi();
  return useQuery({
    queryKey: importsQueryKeys.recent,
    queryFn: ({ signal }) => api.call(importsEndpoints.recent, undefined, { signal }),
    select: (answer) => answer.documents,
  });
}
