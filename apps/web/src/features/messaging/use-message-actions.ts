import { type EventsPage, type MessageEvent, messagingEndpoints } from '@outpilot/contracts';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { useNotify } from '../notices/use-notify.tsx';
import { messagingQueryKeys } from './messaging-query-keys.ts';

/** The thread's cached pages with one message changed. */
function withEvent(
  data: InfiniteData<EventsPage> | undefined,
  messageId: string,
  change: (event: MessageEvent) => MessageEvent,
) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      events: page.events.map((event) => (event.message_id === messageId ? change(event) : event)),
    })),
  };
}

/** The viewer's reaction with this emoji added or taken back, as the server will count it. */
export function toggledReactions(event: MessageEvent, emoji: string, on: boolean): MessageEvent {
  const current = event.reaction_summaries.find((each) => each.emoji === emoji);
  const count = (current?.count ?? 0) - (current?.viewerReacted ? 1 : 0) + (on ? 1 : 0);
  const changed = { emoji, count, viewerReacted: on };
  const summaries = current
    ? event.reaction_summaries.map((each) => (each === current ? changed : each))
    : [...event.reaction_summaries, changed];
  return { ...event, reaction_summaries: summaries.filter((each) => each.count > 0) };
}

/** Send, edit, delete and react in one conversation (seed 002 §7.2); each refreshes the inbox after. */
export function useMessageActions(conversationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { notifyError } = useNotify();
  const eventsKey = messagingQueryKeys.events(conversationId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: messagingQueryKeys.all });

  const send = useMutation({
    mutationFn: (message: string) =>
      api.call(messagingEndpoints.sendMessage, {
        params: { id: conversationId },
        body: { attachments: [], message },
      }),
    onError: notifyError,
    onSettled: refresh,
  });

  const edit = useMutation({
    mutationFn: ({ eventId, message }: { eventId: string; message: string }) =>
      api.call(messagingEndpoints.editMessage, {
        params: { id: conversationId, eventId },
        body: { message },
      }),
    onError: notifyError,
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (eventId: string) =>
      api.call(messagingEndpoints.deleteMessage, { params: { id: conversationId, eventId } }),
    onError: notifyError,
    onSettled: refresh,
  });

  // Reactions show at once and roll back when the call fails (seed 002 §4).
  const react = useMutation({
    mutationFn: ({ eventId, emoji, on }: { eventId: string; emoji: string; on: boolean }) =>
      api.call(on ? messagingEndpoints.react : messagingEndpoints.unreact, {
        params: { id: conversationId, eventId, emoji },
      }),
    onMutate: async ({ eventId, emoji, on }) => {
      await queryClient.cancelQueries({ queryKey: eventsKey });
      const before = queryClient.getQueryData<InfiniteData<EventsPage>>(eventsKey);
      queryClient.setQueryData<InfiniteData<EventsPage>>(eventsKey, (data) =>
        withEvent(data, eventId, (event) => toggledReactions(event, emoji, on)),
      );
      return { before };
    },
    onError: (error, _input, context) => {
      queryClient.setQueryData(eventsKey, context?.before);
      notifyError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsKey }),
  });

  return { send, edit, remove, react };
}
