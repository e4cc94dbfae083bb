import {
  conversationMessagesResponseSchema,
  conversationsResponseSchema,
  sandboxActionPaths,
  sandboxSinceQuerySchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
} from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listConversationMessages, listConversations } from '../actions/list-conversations.ts';
import { sendMessage } from '../actions/send-message.ts';
import { drawsFaults, routeDocs, signedIn } from '../http/route-docs.ts';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';

const conversationParamsSchema = z.object({ conversationId: z.string().min(1).max(200) });

export function registerMessagingRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post(
    sandboxActionPaths.messages,
    routeDocs({
      summary: 'Message a 1st-degree connection (the same text again while it is the latest: that message)',
      body: sendMessageRequestSchema,
      answers: { 201: { description: 'Delivered', schema: sendMessageResponseSchema } },
      refusals: [...signedIn, ...drawsFaults, 400, 403, 404, 422],
    }),
    async (request, reply) => {
      const { member } = requireSignedIn(context, request);
      const input = sendMessageRequestSchema.parse(request.body ?? {});
      return reply.status(201).send(sendMessage(context, member, input));
    },
  );

  app.get(
    sandboxActionPaths.conversations,
    routeDocs({
      summary: 'Conversations active since `since`, most recent first',
      querystring: sandboxSinceQuerySchema,
      answers: { 200: { description: 'The conversations', schema: conversationsResponseSchema } },
      refusals: [...signedIn, 422],
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      const { since } = sandboxSinceQuerySchema.parse(request.query);
      return listConversations(context, member, since ? new Date(since) : undefined);
    },
  );

  app.get(
    '/api/conversations/:conversationId/messages',
    routeDocs({
      summary: 'Every delivered message of a conversation (marks it read)',
      params: conversationParamsSchema,
      answers: { 200: { description: 'The messages', schema: conversationMessagesResponseSchema } },
      refusals: [...signedIn, 404, 422],
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      const { conversationId } = conversationParamsSchema.parse(request.params);
      return listConversationMessages(context, member, conversationId);
    },
  );
}
