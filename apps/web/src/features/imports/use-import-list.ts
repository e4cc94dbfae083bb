import { importsEndpoints } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { isApiError } from '../../api/api-error.ts';
import { importsQueryKeys } from './imports-query-keys.ts';

/**
 * GET imports/{id}: the list's name and origin link. A 204 (the endpoint's null) and an unknown id
 * mean the list does not exist: null, shown as page-not-found (§2.1).
 */
export function useImportList(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: importsQueryKeys.one(id),
    queryFn: async ({ signal }) => {
      if (!z.uuid().safeParse(id).success) return null;
      try {
        return await api.call(importsEndpoints.get, { params: { id } }, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}
