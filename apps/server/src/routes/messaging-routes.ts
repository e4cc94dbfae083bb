import {
  conversationActionParamsSchema,
  conversationParamsSchema,
  conversationResponseSchema,
  conversationsPageSchema,
  conversationsQuerySchema,
  editMessageBodySchema,
  errorBodySchema,
  eventParamsSchema,
  eventResponseSchema,
  eventsPageSchema,
  eventsQuerySchema,
  mailboxParamsSchema,
  messagingPaths,
  messagingSettingsSchema,
  participantsResponseSchema,
  reactionParamsSchema,
  sendMessageBodySchema,
  unreadCountersSchema,
} from '@outpilot/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { createSandboxNetworks } from '../engine/cloud-runner.ts';
import {
  applyConversationAction,
  deleteConversation,
  getMessagingSettings,
  getUnreadCounters,
} from '../messaging/conversation-actions.ts';
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
import { authOf } from '../plugins/auth-guard.ts';

const tags = ['messaging'];
const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };

/**
 * The unified inbox's calls of seed 002 §7.2 on the automation service, each scoped to the
 * caller's persona (another workspace's conversation: 404). Changes that must reach the other side
 * (sending) go to the network through the persona's NetworkClient first.
 */
export const messagingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; networkOf?: InboxNetworkOf }> = async (
  app,
  { deps, networkOf: givenNetworkOf },
) => {
  const networkOf =
    givenNetworkOf ??
    createSandboxNetworks({ db: deps.db, clock: deps.clock, publicUrl: deps.config.publicUrl });
  const networkDeps = { ...deps, networkOf };
  const personaOf = (request: Parameters<typeof authOf>[0]) => authOf(request).personaId;

  for (const [path, summary] of [
    [messagingPaths.recentConversations, 'The first page of a mailbox (filter narrows it)'],
    [messagingPaths.nextConversations, 'The next page of a mailbox, by nextCursor'],
    [messagingPaths.searchRecentConversations, 'The first page of a keyword search in a mailbox'],
    [messagingPaths.searchNextConversations, 'The next page of a keyword search, by nextCursor'],
  ] as const) {
    app.get(
      path,
      {
        preHandler: app.requireAuth,
        schema: {
          tags,
          security,
          summary,
          params: mailboxParamsSchema,
          querystring: conversationsQuerySchema,
          response: { 200: conversationsPageSchema, ...errors },
        },
      },
      (request) =>
        listConversations(deps, {
          personaId: personaOf(request),
          mailbox: request.params.mailbox,
          query: request.query,
        }),
    );
  }

  app.get(
    messagingPaths.settings,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Messaging settings',
        response: { 200: messagingSettingsSchema, ...errors },
      },
    },
    () => getMessagingSettings(),
  );

  app.get(
    messagingPaths.unreadCounters,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Conversations with unread messages, per mailbox',
        response: { 200: unreadCountersSchema, ...errors },
      },
    },
    (request) => getUnreadCounters(deps, { personaId: personaOf(request) }),
  );

  app.put(
    messagingPaths.conversationAction,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Archive, restore, read, unread, star, unstar, or move a conversation to Focused or Other',
        params: conversationActionParamsSchema,
        response: { 200: conversationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      conversation: await applyConversationAction(deps, {
        personaId: personaOf(request),
        conversationId: request.params.id,
        action: request.params.action,
      }),
    }),
  );

  app.delete(
    messagingPaths.conversation,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Delete a conversation',
        params: conversationParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteConversation(deps, { personaId: personaOf(request), conversationId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    messagingPaths.sync,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Read the conversation from the network now',
        params: conversationParamsSchema,
        response: { 200: conversationResponseSchema, ...errors, 502: errorBodySchema },
      },
    },
    async (request) => ({
      conversation: await syncInboxConversation(networkDeps, {
        personaId: personaOf(request),
        conversationId: request.params.id,
      }),
    }),
  );

  app.get(
    messagingPaths.participants,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'The participants of a conversation',
        params: conversationParamsSchema,
        response: { 200: participantsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      participants: [toParticipant(await findConversation(deps.db, personaOf(request), request.params.id))],
    }),
  );

  for (const [path, summary] of [
    [messagingPaths.recentEvents, 'The latest messages of a conversation, oldest first'],
    [messagingPaths.nextEvents, 'The messages before prevCursor'],
  ] as const) {
    app.get(
      path,
      {
        preHandler: app.requireAuth,
        schema: {
          tags,
          security,
          summary,
          params: conversationParamsSchema,
          querystring: eventsQuerySchema,
          response: { 200: eventsPageSchema, ...errors },
        },
      },
      (request) =>
        listEvents(deps, {
          personaId: personaOf(request),
          conversationId: request.params.id,
          ...(request.query.prevCursor ? { prevCursor: request.query.prevCursor } : {}),
        }),
    );
  }

  app.post(
    messagingPaths.events,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Send a message in the conversation (through the network)',
        params: conversationParamsSchema,
        body: sendMessageBodySchema,
        response: { 201: eventResponseSchema, ...errors, 502: errorBodySchema },
      },
    },
    async (request, reply) => {
      const event = await sendInboxMessage(networkDeps, {
        personaId: personaOf(request),
        conversationId: request.params.id,
        text: request.body.message,
      });
      return reply.status(201).send({ event });
    },
  );

  app.put(
    messagingPaths.event,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Edit an own message younger than 1 hour',
        params: eventParamsSchema,
        body: editMessageBodySchema,
        response: { 200: eventResponseSchema, ...errors },
      },
    },
    async (request) => ({
      event: await editInboxMessage(deps, {
        personaId: personaOf(request),
        conversationId: request.params.id,
        eventId: request.params.eventId,
        text: request.body.message,
      }),
    }),
  );

  app.delete(
    messagingPaths.event,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Delete an own message younger than 1 hour',
        params: eventParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteInboxMessage(deps, {
        personaId: personaOf(request),
        conversationId: request.params.id,
        eventId: request.params.eventId,
      });
      return reply.status(204).send(null);
    },
  );

  for (const [method, on] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](
      messagingPaths.reaction,
      {
        preHandler: app.requireAuth,
        schema: {
          tags,
          security,
          summary: on ? 'React to a message' : 'Take a reaction back',
          params: reactionParamsSchema,
          response: { 200: eventResponseSchema, ...errors },
        },
      },
      async (request) => ({
        event: await setInboxReaction(deps, {
          personaId: personaOf(request),
          conversationId: request.params.id,
          eventId: request.params.eventId,
          emoji: request.params.emoji,
          on,
        }),
      }),
    );
  }
};
