import {
  type Conversation,
  type ConversationAction,
  type ConversationsPage,
  messagingEndpoints,
} from '@outpilot/contracts';
import { type InfiniteData, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { useNotify } from '../notices/use-notify.tsx';
import { messagingQueryKeys } from './messaging-query-keys.ts';

type Lists = [QueryKey, InfiniteData<ConversationsPage> | undefined][];

/** How an action shows at once in the lists (seed 002 §4: read and star apply before the answer). */
const optimistic: Partial<Record<ConversationAction, (conversation: Conversation) => Conversation>> = {
  read: (conversation) => ({ ...conversation, unread_count: 0 }),
  unread: (conversation) => ({ ...conversation, unread_count: Math.max(1, conversation.unread_count) }),
  star: (conversation) => ({ ...conversation, is_starred: true }),
  unstar: (conversation) => ({ ...conversation, is_starred: false }),
};

export type ConversationChange = { id: string; action: ConversationAction | 'delete' };

/**
 * PUT conversations/{id}/{action} and DELETE conversations/{id}. Read and star change the cached
 * lists first and roll back when the call fails; the others refresh the lists after the answer.
 */
export function useConversationAction() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { notifyError } = useNotify();
  return useMutation({
    mutationFn: ({ id, action }: ConversationChange) =>
      action === 'delete'
        ? api.call(messagingEndpoints.deleteConversation, { params: { id } })
        : api.call(messagingEndpoints.conversationAction, { params: { id, action } }),
    onMutate: async ({ id, action }): Promise<{ lists: Lists }> => {
      const change = action === 'delete' ? undefined : optimistic[action];
      if (!change) return { lists: [] };
      await queryClient.cancelQueries({ queryKey: messagingQueryKeys.lists });
      const lists = queryClient.getQueriesData<InfiniteData<ConversationsPage>>({
        queryKey: messagingQueryKeys.lists,
      });
      queryClient.setQueriesData<InfiniteData<ConversationsPage>>(
        { queryKey: messagingQueryKeys.lists },
        (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  conversations: page.conversations.map((each) =>
                    each.entity_id === id ? change(each) : each,
                  ),
                })),
              }
            : data,
      );
      return { lists };
    },
    onError: (error, _change, context) => {
      for (const [key, data] of context?.lists ?? []) queryClient.setQueryData(key, data);
      notifyError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagingQueryKeys.all }),
  });
}
