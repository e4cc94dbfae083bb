import { fillPath, importListSchema, importsPaths } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { isApiError } from '../../api/api-error.ts';
import { importsQueryKeys } from './imports-query-keys.ts';

/** 204 (and an unknown id) mean the list does not exist: null, shown as page-not-found (§2.1). */
const answerSchema = z.union([importListSchema, z.undefined().transform(() => null)]);

/** GET imports/{id}: the list's name and origin link. */
export function useImportList(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: importsQueryKeys.one(id),
    queryFn: async ({ signal }) => {
      if (!z.uuid().safeParse(id).success) return null;
      try {
        return await api.request({ path: fillPath(importsPaths.one, { id }), schema: answerSchema, signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}
