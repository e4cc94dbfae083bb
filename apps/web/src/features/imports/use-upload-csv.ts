import { importListSchema, importsPaths } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { useClientConfig } from '../../config/config-context.tsx';
import { fetchApiFile } from '../contacts/api-file.ts';
import { contactsQueryKeys } from '../contacts/contacts-query-keys.ts';
import { importsQueryKeys } from './imports-query-keys.ts';

/**
 * POST imports/csv: the raw file goes straight to the server as text/csv (the server detects the
 * encoding and delimiter), which answers the finished import list, named after the file.
 */
export function useUploadCsv() {
  const bridge = useBridge();
  const config = useClientConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const response = await fetchApiFile({
        baseUrl: config.apiBaseUrl,
        bridge,
        path: importsPaths.csv,
        method: 'POST',
        query: { file_name: file.name.slice(0, 255) },
        body: file,
        contentType: 'text/csv',
      });
      return importListSchema.parse(await response.json());
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all });
      return queryClient.invalidateQueries({ queryKey: importsQueryKeys.recent });
    },
  });
}
