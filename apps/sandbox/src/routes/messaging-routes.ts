import {
  conversationMessagesResponseSchema,
  conversationsResponseSchema,
  sandboxActionPaths,
  sandboxConversationChangeSchema,
  sandboxEditMessageRequestSchema,
  sandboxSinceQuerySchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
} from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  changeConversation,
  deleteConversation,
  editMessage,
  recallMessage,
  setMessageReaction,
} from '../actions/change-conversation.ts';
import {
  findAttachmentFile,
  listConversationMessages,
  listConversations,
} from '../actions/list-conversations.ts';
import { sendMessage } from '../actions/send-message.ts';
import { readInput } from '../http/read-input.ts';
import { drawsFaults, noContent, routeDocs, signedIn } from '../http/route-docs.ts';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';

const conversationParamsSchema = z.object({ conversationId: z.string().min(1).max(200) });
const messageParamsSchema = conversationParamsSchema.extend({ messageId: z.string().min(1).max(200) });
const reactionParamsSchema = messageParamsSchema.extend({ emoji: z.string().min(1).max(16) });
const attachmentParamsSchema = conversationParamsSchema.extend({
  attachmentId: z.string().min(1).max(200),
});
const messagePath = '/api/conversations/:conversationId/messages/:messageId';
const reactionPath = `${messagePath}/reactions/:emoji`;

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
      const input = readInput(request, 'body', sendMessageRequestSchema);
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
      const { since } = readInput(request, 'query', sandboxSinceQuerySchema);
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
      const { conversationId } = readInput(request, 'params', conversationParamsSchema);
      return listConversationMessages(context, member, conversationId);
    },
  );

  app.get(
    '/api/conversations/:conversationId/attachments/:attachmentId',
    routeDocs({
      summary: "A file sent in one of the member's conversations (its bytes, with its media type)",
      params: attachmentParamsSchema,
      answers: {
        200: { description: 'The file', schema: z.string(), mediaType: 'application/octet-stream' },
      },
      refusals: [...signedIn, 404, 422],
    }),
    async (request, reply) => {
      const { member } = requireSignedIn(context, request);
      const params = readInput(request, 'params', attachmentParamsSchema);
      const { name, file } = findAttachmentFile(context, member, params);
      return reply
        .header('content-type', file.mediaType)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(Buffer.from(file.bytes));
    },
  );

  registerInboxChangeRoutes(app, context);
}

/** The member's changes to their own inbox: each answers 204 once stored, the same on a repeat. */
function registerInboxChangeRoutes(app: FastifyInstance, context: SandboxContext): void {
  const done = { 204: noContent };
  app.patch(
    '/api/conversations/:conversationId',
    routeDocs({
      summary: 'Mark a conversation read or unread, starred, archived, focused or other',
      params: conversationParamsSchema,
      body: sandboxConversationChangeSchema,
      answers: done,
      refusals: [...signedIn, 404, 422],
    }),
    async (request, reply) => {
      const { member } = requireSignedIn(context, request);
      const { conversationId } = readInput(request, 'params', conversationParamsSchema);
      changeConversation(
        context,
        member,
        conversationId,
        readInput(request, 'body', sandboxConversationChangeSchema),
      );
      return reply.status(204).send();
    },
  );
  app.delete(
    '/api/conversations/:conversationId',
    routeDocs({
      summary: 'Delete a conversation for the member (a later message brings it back)',
      params: conversationParamsSchema,
      answers: done,
      refusals: [...signedIn, 404, 422],
    }),
    async (request, reply) => {
      const { member } = requireSignedIn(context, request);
      deleteConversation(
        context,
        member,
        readInput(request, 'params', conversationParamsSchema).conversationId,
      );
      return reply.status(204).send();
    },
  );
  app.put(
    messagePath,
    routeDocs({
      summary: "Edit the member's own message",
      params: messageParamsSchema,
      body: sandboxEditMessageRequestSchema,
      answers: done,
      refusals: [...signedIn, 400, 403, 404, 422],
    }),
    async (request, reply) => {
      const { member } = requireSignedIn(context, request);
      const params = readInput(request, 'params', messageParamsSchema);
      const { text } = readInput(request, 'body', sandboxEditMessageRequestSchema);
      editMessage(context, member, { ...params, text });
      return reply.status(204).send();
    },
  );
  app.delete(
    messagePath,
    routeDocs({
      summary: "Recall the member's own message (it stays as deleted)",
      params: messageParamsSchema,
      answers: done,
      refusals: [...signedIn, 400, 403, 404, 422],
    }),
    async (request, reply) => {
      const { member } = requireSignedIn(context, request);
      recallMessage(context, member, readInput(request, 'params', messageParamsSchema));
      return reply.status(204).send();
    },
  );
  for (const [method, on] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      reactionPath,
      routeDocs({
        summary: on ? 'React to a message with an emoji' : 'Take back a reaction',
        params: reactionParamsSchema,
        answers: done,
        refusals: [...signedIn, 400, 404, 422],
      }),
      async (request, reply) => {
        const { member } = requireSignedIn(context, request);
        setMessageReaction(context, member, { ...readInput(request, 'params', reactionParamsSchema), on });
        return reply.status(204).send();
      },
    );
  }
}
