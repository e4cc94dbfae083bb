import { contactsPaths } from '@outpilot/contracts';
import { exportFileName } from '@outpilot/domain';
import { useMutation } from '@tanstack/react-query';
import { useBridge } from '../../../bridge/bridge-context.tsx';
import { useClientConfig } from '../../../config/config-context.tsx';
import { fetchApiFile, readFileName, saveFile } from '../api-file.ts';

export type ExportContactsRequest = { filter?: string | undefined; keywords?: string | undefined };

/** GET contacts/export: the CSV of the filter (the selection or the whole list), downloaded. */
export function useExportContacts() {
  const bridge = useBridge();
  const config = useClientConfig();
  return useMutation({
    mutationFn: async ({ filter, keywords }: ExportContactsRequest) => {
      const response = await fetchApiFile({
        baseUrl: config.apiBaseUrl,
        bridge,
        path: contactsPaths.export,
        query: { $filter: filter, keywords },
      });
      saveFile(await response.blob(), readFileName(response, exportFileName(new Date())));
    },
  });
}
