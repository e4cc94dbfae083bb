import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type Conversation, messagingEndpoints } from '@outpilot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { ConfirmDialog } from '../contacts/confirm-dialog.tsx';
import { useNotify } from '../notices/use-notify.tsx';
import { Composer, type EditTarget } from './composer.tsx';
import { formatDay, groupByDay } from './format-message-time.ts';
import { MessageItem } from './message-item.tsx';
import { messagingQueryKeys } from './messaging-query-keys.ts';
import { useConversationAction } from './use-conversation-action.ts';
import { useLoadMoreWhenVisible } from './use-load-more-when-visible.ts';
import { useMessageActions } from './use-message-actions.ts';
import { useThreadEvents } from './use-thread-events.ts';

type ThreadViewProps = {
  conversationId: string;
  /** The conversation as the list shows it (unknown while the list loads). */
  conversation: Conversation | undefined;
  /** The Sync button is for personas on the beta list. */
  canSync: boolean;
};

/** POST conversations/{id}/sync: the thread read from the network now. */
function useSyncConversation(conversationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { notifyError } = useNotify();
  return useMutation({
    mutationFn: () => api.call(messagingEndpoints.sync, { params: { id: conversationId } }),
    onError: notifyError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagingQueryKeys.all }),
  });
}

/** The middle of the inbox: one conversation's messages by day, older ones on scrolling up, and the composer. */
export function ThreadView({ conversationId, conversation, canSync }: ThreadViewProps) {
  const events = useThreadEvents(conversationId);
  const actions = useMessageActions(conversationId);
  const conversationAction = useConversationAction();
  const sync = useSyncConversation(conversationId);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const participant = conversation?.participants[0];

  // Opening a conversation with unread messages marks it read (seed 002 §4).
  const unread = (conversation?.unread_count ?? 0) > 0;
  const { mutate: changeConversation } = conversationAction;
  useEffect(() => {
    if (unread) changeConversation({ id: conversationId, action: 'read' });
  }, [unread, conversationId, changeConversation]);

  const top = useLoadMoreWhenVisible(events);

  // Pages come newest first; each page is oldest first.
  const all = [...(events.data?.pages ?? [])].reverse().flatMap((page) => page.events);
  return (
    <Box
      component="section"
      aria-label="Conversation"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" variant="h6" noWrap>
            {participant?.fullName ?? ' '}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {participant?.occupation ?? ''}
          </Typography>
        </Box>
        {canSync ? (
          <Button variant="outlined" size="small" onClick={() => sync.mutate()} disabled={sync.isPending}>
            Sync
          </Button>
        ) : null}
      </Box>
      {/* column-reverse keeps the view at the latest message, and in place when older ones load above. */}
      <Box
        sx={{ flex: 1, overflowY: 'auto', display: 'flex', flexDirection: 'column-reverse', minHeight: 0 }}
      >
        <Box>
          <div ref={top} />
          {events.hasNextPage ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
              <Button
                size="small"
                onClick={() => void events.fetchNextPage()}
                disabled={events.isFetchingNextPage}
              >
                Load older messages
              </Button>
            </Box>
          ) : null}
          {events.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
              <CircularProgress size={28} aria-label="Loading messages" />
            </Box>
          ) : events.isError ? (
            <Alert severity="warning" sx={{ m: 2 }}>
              Mailbox is not available
            </Alert>
          ) : (
            groupByDay(all).map((group) => (
              <Box
                key={group.day}
                component="section"
                aria-label={formatDay(group.events[0]?.created_at ?? '')}
              >
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="h3"
                  sx={{ display: 'block', textAlign: 'center', my: 1.5 }}
                >
                  {formatDay(group.events[0]?.created_at ?? '')}
                </Typography>
                <Box component="ul" sx={{ m: 0, p: 0 }}>
                  {group.events.map((event, index) => (
                    <MessageItem
                      key={event.message_id}
                      conversationId={conversationId}
                      event={event}
                      showSender={
                        index === 0 || group.events[index - 1]?.from.entityId !== event.from.entityId
                      }
                      onReact={(emoji, on) => actions.react.mutate({ eventId: event.message_id, emoji, on })}
                      onEdit={() => setEditing({ eventId: event.message_id, text: event.text })}
                      onDelete={() => setDeleting(event.message_id)}
                    />
                  ))}
                </Box>
              </Box>
            ))
          )}
        </Box>
      </Box>
      <Composer
        editing={editing}
        isBusy={actions.send.isPending || actions.edit.isPending}
        onSend={(text) => actions.send.mutateAsync(text)}
        onSave={async (target, text) => {
          await actions.edit.mutateAsync({ eventId: target.eventId, message: text });
          setEditing(null);
        }}
        onCancelEdit={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete message?"
        buttons="confirm"
        destructive
        isBusy={actions.remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) actions.remove.mutate(deleting, { onSettled: () => setDeleting(null) });
        }}
      >
        The message is deleted for everyone in the conversation.
      </ConfirmDialog>
    </Box>
  );
}
