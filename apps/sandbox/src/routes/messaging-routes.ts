import { sandboxActionPaths, sandboxSinceQuerySchema, sendMessageRequestSchema } from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listConversationMessages, listConversations } from '../actions/list-conversations.ts';
import { sendMessage } from '../actions/send-message.ts';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';

const conversationParamsSchema = z.object({ conversationId: z.string().min(1).max(200) });

export function registerMessagingRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post(sandboxActionPaths.messages, async (request, reply) => {
    const { member } = requireSignedIn(context, request);
    const input = sendMessageRequestSchema.parse(request.body ?? {});
    return reply.status(201).send(sendMessage(context, member, input));
  });

  app.get(sandboxActionPaths.conversations, async (request) => {
    const { member } = requireSignedIn(context, request);
    const { since } = sandboxSinceQuerySchema.parse(request.query);
    return listConversations(context, member, since ? new Date(since) : undefined);
  });

  app.get('/api/conversations/:conversationId/messages', async (request) => {
    const { member } = requireSignedIn(context, request);
    const { conversationId } = conversationParamsSchema.parse(request.params);
    return listConversationMessages(context, member, conversationId);
  });
}
