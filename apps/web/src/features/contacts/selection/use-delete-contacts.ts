import { contactsEndpoints } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import { contactsQueryKeys } from '../contacts-query-keys.ts';
import { type ContactsSelectionRequest, deletionQueryOf } from './contacts-selection.ts';

/** DELETE contacts with the selection's filter and search. */
export function useDeleteContacts() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selection: ContactsSelectionRequest) =>
      api.call(contactsEndpoints.delete, { query: deletionQueryOf(selection) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all }),
  });
}
