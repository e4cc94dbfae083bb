import { exportFileName } from '@outpilot/domain';
import { useMutation } from '@tanstack/react-query';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { useClientConfig } from '../../config/config-context.tsx';
import { fetchApiFile, readFileName, saveFile } from './api-file.ts';

export type CsvDownloadRequest = { path: string; query?: Record<string, string | number | undefined> };

/** A CSV answer of the main API (an export), saved under the server's file name. */
export function useCsvDownload() {
  const bridge = useBridge();
  const config = useClientConfig();
  return useMutation({
    mutationFn: async ({ path, query }: CsvDownloadRequest) => {
      const response = await fetchApiFile({ baseUrl: config.apiBaseUrl, bridge, path, query: query ?? {} });
      saveFile(await response.blob(), readFileName(response, exportFileName(new Date())));
    },
  });
}
