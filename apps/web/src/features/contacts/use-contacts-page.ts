import { contactsPageAnswerSchema, contactsPaths } from '@outpilot/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { contactsQueryKeys } from './contacts-query-keys.ts';

/** A 204 answer means the list does not exist (an unknown import list): null. */
const answerSchema = z.union([contactsPageAnswerSchema, z.undefined().transform(() => null)]);

/** GET contacts/page: one page of contacts; the previous page stays shown while the next loads. */
export type ContactsPageRequest = {
  $take: number;
  $skip: number;
  $filter?: string | undefined;
  $orderby?: string | undefined;
  keywords?: string | undefined;
};

export function useContactsPage(query: ContactsPageRequest) {
  const api = useApi();
  return useQuery({
    queryKey: contactsQueryKeys.page(query),
    queryFn: ({ signal }) =>
      api.request({ path: contactsPaths.page, query: { ...query }, schema: answerSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
