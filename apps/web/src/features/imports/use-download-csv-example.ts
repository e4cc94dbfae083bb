import { contactsPaths } from '@outpilot/contracts';
import { csvExampleFileName } from '@outpilot/domain';
import { useMutation } from '@tanstack/react-query';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { useClientConfig } from '../../config/config-context.tsx';
import { fetchApiFile, readFileName, saveFile } from '../contacts/api-file.ts';

/** GET contacts/csv-example: the template file, named after the project. */
export function useDownloadCsvExample() {
  const bridge = useBridge();
  const config = useClientConfig();
  return useMutation({
    mutationFn: async () => {
      const response = await fetchApiFile({
        baseUrl: config.apiBaseUrl,
        bridge,
        path: contactsPaths.csvExample,
      });
      saveFile(await response.blob(), readFileName(response, csvExampleFileName));
    },
  });
}
