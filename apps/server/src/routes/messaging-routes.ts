import { messagingEndpoints } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { readInboxAttachment } from '../messaging/attachment-file.ts';
import {
  applyConversationAction,
  deleteConversation,
  getMessagingSettings,
  getUnreadCounters,
} from '../messaging/conversation-actions.ts';
import { createInboxNetworkOf } from '../messaging/inbox-dispatch.ts';
import { findConversation, toParticipant } from '../messaging/inbox-documents.ts';
import type { InboxNetworkOf } from '../messaging/inbox-network.ts';
import { listConversations } from '../messaging/list-conversations.ts';
import { listEvents } from '../messaging/list-events.ts';
import {
  deleteInboxMessage,
  editInboxMessage,
  sendInboxMessage,
  setInboxReaction,
} from '../messaging/message-actions.ts';
import { syncInboxConversation } from '../messaging/sync-conversation.ts';
import { type EndpointCall, routesOf } from './register-endpoints.ts';

type ConversationsCall = EndpointCall<typeof messagingEndpoints.recentConversations>;
type EventsCall = EndpointCall<typeof messagingEndpoints.recentEvents>;
type ReactionCall = EndpointCall<typeof messagingEndpoints.react>;

/**
 * The unified inbox's calls of seed 002 §7.2 on the automation service, each scoped to the
 * caller's persona (another workspace's conversation: 404). Every change (send, edit, delete,
 * react, star, archive, read, focused/other, delete conversation) goes to the network through the
 * persona's NetworkClient first and is stored only once the network took it; which runner acts is
 * the dispatcher's choice (messaging/inbox-dispatch.ts; default: the sandbox network).
 */
export const messagingRoutes = (deps: AppDeps, givenNetworkOf?: InboxNetworkOf) => {
  const networkOf = givenNetworkOf ?? createInboxNetworkOf(deps, undefined);
  const networkDeps = { ...deps, networkOf };
  const conversations = ({ auth, params, query }: ConversationsCall) =>
    listConversations(deps, { personaId: auth.personaId, mailbox: params.mailbox, query });
  const events = ({ auth, params, query }: EventsCall) =>
    listEvents(deps, {
      personaId: auth.personaId,
      conversationId: params.id,
      ...(query.prevCursor ? { prevCursor: query.prevCursor } : {}),
    });
  const reaction =
    (on: boolean) =>
    async ({ auth, params }: ReactionCall) => ({
      event: await setInboxReaction(networkDeps, {
        personaId: auth.personaId,
        conversationId: params.id,
        eventId: params.eventId,
        emoji: params.emoji,
        on,
      }),
    });

  return routesOf(messagingEndpoints, {
    recentConversations: conversations,
    nextConversations: conversations,
    searchRecentConversations: conversations,
    searchNextConversations: conversations,
    settings: () => getMessagingSettings(),
    unreadCounters: ({ auth }) => getUnreadCounters(deps, { personaId: auth.personaId }),
    conversationAction: async ({ auth, params }) => ({
      conversation: await applyConversationAction(networkDeps, {
        personaId: auth.personaId,
        conversationId: params.id,
        action: params.action,
      }),
    }),
    deleteConversation: async ({ auth, params }) => {
      await deleteConversation(networkDeps, { personaId: auth.personaId, conversationId: params.id });
      return null;
    },
    sync: async ({ auth, params }) => ({
      conversation: await syncInboxConversation(networkDeps, {
        personaId: auth.personaId,
        conversationId: params.id,
      }),
    }),
    participants: async ({ auth, params }) => ({
      participants: [toParticipant(await findConversation(deps.db, auth.personaId, params.id))],
    }),
    recentEvents: events,
    nextEvents: events,
    sendMessage: async ({ auth, params, body }) => ({
      event: await sendInboxMessage(networkDeps, {
        personaId: auth.personaId,
        conversationId: params.id,
        text: body.message,
      }),
    }),
    editMessage: async ({ auth, params, body }) => ({
      event: await editInboxMessage(networkDeps, {
        personaId: auth.personaId,
        conversationId: params.id,
        eventId: params.eventId,
        text: body.message,
      }),
    }),
    deleteMessage: async ({ auth, params }) => {
      await deleteInboxMessage(networkDeps, {
        personaId: auth.personaId,
        conversationId: params.id,
        eventId: params.eventId,
      });
      return null;
    },
    react: reaction(true),
    unreact: reaction(false),
    attachment: async ({ auth, params, request, reply }) => {
      const file = await readInboxAttachment(networkDeps, {
        personaId: auth.personaId,
        conversationId: params.id,
        url: params.url,
        accept: request.headers.accept,
      });
      // Someone else's file: never rendered as a page of this origin (an SVG's script, an HTML
      // file), only read by the screen or saved.
      return reply
        .type(file.mediaType)
        .header('content-disposition', 'attachment')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(Buffer.from(file.bytes));
    },
  });
};
