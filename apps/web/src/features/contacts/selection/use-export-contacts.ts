import { contactsEndpoints } from '@outpilot/contracts';
import { exportFileName } from '@outpilot/domain';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import { saveFileAnswer } from '../api-file.ts';

export type ExportContactsRequest = { filter?: string | undefined; keywords?: string | undefined };

/** GET contacts/export: the CSV of the filter (the selection or the whole list), downloaded. */
export function useExportContacts() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ filter, keywords }: ExportContactsRequest) => {
      const response = await api.call(contactsEndpoints.export, { query: { $filter: filter, keywords } });
      await saveFileAnswer(response, exportFileName(new Date()));
    },
  });
}
