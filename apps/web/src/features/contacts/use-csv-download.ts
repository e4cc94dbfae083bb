import type { EndpointClient } from '@outpilot/contracts';
import { exportFileName } from '@outpilot/domain';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { saveFileAnswer } from './api-file.ts';

/** A call that answers a CSV file (an export), e.g. `(api) => api.call(executionsEndpoints.export, { query })`. */
export type CsvDownloadRequest = (api: EndpointClient) => Promise<Response>;

/** A CSV answer of the main API (an export), saved under the server's file name. */
export function useCsvDownload() {
  const api = useApi();
  return useMutation({
    mutationFn: async (request: CsvDownloadRequest) => {
      const response = await request(api);
      await saveFileAnswer(response, exportFileName(new Date()));
    },
  });
}
