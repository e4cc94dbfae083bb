import { contactsEndpoints } from '@outpilot/contracts';
import { csvExampleFileName } from '@outpilot/domain';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { saveFileAnswer } from '../contacts/api-file.ts';

/** GET contacts/csv-example: the template file, named after the project. */
export function useDownloadCsvExample() {
  const api = useApi();
  return useMutation({
    mutationFn: async () => saveFileAnswer(await api.call(contactsEndpoints.csvExample), csvExampleFileName),
  });
}
