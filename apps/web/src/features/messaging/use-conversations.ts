import { type ConversationsPage, messagingEndpoints } from '@outpilot/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { type ConversationsRequest, messagingQueryKeys, messagingRefresh } from './messaging-query-keys.ts';

/**
 * GET mailboxes/{mailbox}/conversations/recent, then .../next by nextCursor (infinite scroll);
 * with a search text the mailboxes/search/... form (seed 002 §7.2).
 */
export function useConversations(request: ConversationsRequest) {
  const api = useApi();
  const searching = request.keywords.trim().length > 0;
  return useInfiniteQuery({
    queryKey: messagingQueryKeys.list(request),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const endpoint = searching
        ? pageParam
          ? messagingEndpoints.searchNextConversations
          : messagingEndpoints.searchRecentConversations
        : pageParam
          ? messagingEndpoints.nextConversations
          : messagingEndpoints.recentConversations;
      return api.call(
        endpoint,
        {
          params: { mailbox: request.mailbox },
          query: {
            keywords: searching ? request.keywords.trim() : undefined,
            filter: request.filter ?? undefined,
            nextCursor: pageParam ?? undefined,
          },
        },
        { signal },
      );
    },
    getNextPageParam: (page: ConversationsPage) => page.nextCursor,
    ...messagingRefresh,
  });
}

/** GET messaging/unread-conversations-counters: the navigation's unread indicator. */
export function useUnreadCounters(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: messagingQueryKeys.unreadCounters,
    queryFn: ({ signal }) => api.call(messagingEndpoints.unreadCounters, undefined, { signal }),
    enabled,
    ...messagingRefresh,
  });
}

/** GET settings: whether the Focused and Other tabs show. */
export function useMessagingSettings() {
  const api = useApi();
  return useQuery({
    queryKey: messagingQueryKeys.settings,
    queryFn: ({ signal }) => api.call(messagingEndpoints.settings, undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
