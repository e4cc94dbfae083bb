import { type EventsPage, messagingEndpoints } from '@outpilot/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { messagingQueryKeys, messagingRefresh } from './messaging-query-keys.ts';

/**
 * GET conversations/{id}/events/recent, then events/next by prevCursor: the first page is the
 * latest; each further page is older (loaded when the thread is scrolled up).
 */
export function useThreadEvents(conversationId: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: messagingQueryKeys.events(conversationId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.call(
        pageParam ? messagingEndpoints.nextEvents : messagingEndpoints.recentEvents,
        { params: { id: conversationId }, query: { prevCursor: pageParam ?? undefined } },
        { signal },
      ),
    getNextPageParam: (page: EventsPage) => page.prevCursor,
    ...messagingRefresh,
  });
}
