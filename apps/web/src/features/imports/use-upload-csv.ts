import { importsEndpoints } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { contactsQueryKeys } from '../contacts/contacts-query-keys.ts';
import { importsQueryKeys } from './imports-query-keys.ts';

/**
 * POST imports/csv: the raw file goes straight to the server as text/csv (the server detects the
 * encoding and delimiter), which answers the finished import list, named after the file.
 */
export function useUploadCsv() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      return api.call(importsEndpoints.importCsv, {
        query: { file_name: file.name.slice(0, 255) },
        file: { body: file, type: 'text/csv' },
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all });
      return queryClient.invalidateQueries({ queryKey: importsQueryKeys.recent });
    },
  });
}
