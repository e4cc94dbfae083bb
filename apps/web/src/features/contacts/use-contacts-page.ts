import { type ContactsPageAnswer, contactsEndpoints, contactsPageAnswerSchema } from '@outpilot/contracts';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../api/api-client.ts';
import { useApi } from '../../api/api-context.tsx';
import { isApiError } from '../../api/api-error.ts';
import { contactsQueryKeys } from './contacts-query-keys.ts';

/** A 204 answer means the list does not exist (an unknown import list): null. */
// A 204 (no page) reads as null.
const answerSchema = z.union([contactsPageAnswerSchema, z.null()]);

/** GET contacts/page: one page of contacts; the previous page stays shown while the next loads. */
export type ContactsPageRequest = {
  $take: number;
  $skip: number;
  $filter?: string | undefined;
  $orderby?: string | undefined;
  keywords?: string | undefined;
  /** A campaign id: each contact comes with its execution in that campaign (its Status column). */
  with_execution_of?: string | undefined;
};

/**
 * The next_cursor of the page just before `query` (same filter, order, search and page size),
 * when that page is in the cache: the page after it can then be read by keyset ($after), whose
 * cost does not grow with the depth as $skip's does.
 */
export function cursorBefore(queryClient: QueryClient, query: ContactsPageRequest): string | undefined {
  if (query.$skip < query.$take) return undefined;
  const before = { ...query, $skip: query.$skip - query.$take };
  return queryClient.getQueryData<ContactsPageAnswer | null>(contactsQueryKeys.page(before))?.next_cursor;
}

async function loadPage(
  api: ApiClient,
  query: ContactsPageRequest,
  after: string | undefined,
  signal: AbortSignal,
) {
  const request = (pageQuery: Record<string, string | number | undefined>) =>
    api.call(contactsEndpoints.page, { query: pageQuery }, { signal, answer: answerSchema });
  if (after === undefined) return request({ ...query });
  const { $skip: _skip, ...keyset } = query;
  try {
    return await request({ ...keyset, $after: after });
  } catch (error) {
    // A cursor the server no longer takes (signed with an older secret, say) is no reason to fail
    // the page: the same page by $skip is always right.
    if (isApiError(error) && error.status === 422) return request({ ...query });
    throw error;
  }
}

/**
 * One page of contacts. Moving on to the next page (same filter, order and page size) reads it
 * after the previous page's next_cursor; other jumps use $skip. The page's key stays its $skip,
 * so both ways share the cache. With `refetchMs` the page is asked again that often (a running
 * campaign's contacts, whose executions move).
 */
export function useContactsPage(query: ContactsPageRequest, options: { refetchMs?: number | false } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: contactsQueryKeys.page(query),
    queryFn: ({ signal }) => loadPage(api, query, cursorBefore(queryClient, query), signal),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchMs ?? false,
  });
}
