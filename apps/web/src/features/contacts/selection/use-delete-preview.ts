import { contactsEndpoints } from '@outpilot/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import { type ContactsSelectionRequest, deletionQueryOf } from './contacts-selection.ts';

/** GET contacts/delete/preview: what the rules keep from deletion, asked when Delete is pressed. */
export function useDeletePreview() {
  const api = useApi();
  return useMutation({
    mutationFn: (selection: ContactsSelectionRequest) =>
      api.call(contactsEndpoints.deletePreview, { query: deletionQueryOf(selection) }),
  });
}
