import { inboxCategories, messengerUrns } from '@outpilot/agent/linkedin-dialect';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  changeConversation,
  deleteConversation,
  editMessage,
  recallMessage,
  setMessageReaction,
} from '../actions/change-conversation.ts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { LinkedInRefusal } from './linkedin-refusal.ts';
import { requireApiSession } from './linkedin-session.ts';

const voyager = '/voyager/api';
const messageUrnBodySchema = z.object({ messageUrn: z.string().min(1).max(300) });
const reactionBodySchema = messageUrnBodySchema.extend({ emoji: z.string().min(1).max(16) });
const editBodySchema = z.object({
  patch: z.object({ $set: z.object({ body: z.object({ text: z.string().trim().min(1).max(8000) }) }) }),
});
const readBodySchema = z.object({
  entities: z.record(z.string(), z.object({ patch: z.object({ $set: z.object({ read: z.boolean() }) }) })),
});
const categoryBodySchema = z.object({
  category: z.enum([inboxCategories.starred, inboxCategories.archived, inboxCategories.other]),
  conversationUrns: z.array(z.string()).min(1).max(50),
});

type Helpers = {
  ownConversationId(member: Person, urn: string | undefined): string;
  parseBody<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S>;
};

/**
 * The member's changes to their own inbox in LinkedIn's dialect (reference §1: edit, recall,
 * reactions, mark read, delete conversation; star, archive and Focused/Other as categories), run
 * by the sandbox's same inbox actions. Each answers 2xx once stored; a repeat changes nothing.
 */
export function registerLinkedInInbox(app: FastifyInstance, context: SandboxContext, helpers: Helpers) {
  const { ownConversationId, parseBody } = helpers;

  /** The conversation holding a message URN of the member's mailbox. */
  const messageRef = (member: Person, messageUrn: string) => {
    const read = messengerUrns.read(messageUrn);
    if (!read || read.mailboxId !== member.entityId) throw new LinkedInRefusal(404);
    for (const conversation of context.network.peek(member.index)?.conversations.values() ?? []) {
      if (conversation.messages.some((message) => message.messageId === read.id))
        return { conversationId: conversation.conversationId, messageId: read.id };
    }
    throw new LinkedInRefusal(404);
  };

  /** ?action=recall|reactWithEmoji|unreactWithEmoji on the messages resource. */
  const messageActions: Record<
    string,
    (member: Person, request: FastifyRequest, reply: FastifyReply) => unknown
  > = {
    recall(member, request, reply) {
      const { messageUrn } = parseBody(messageUrnBodySchema, request);
      recallMessage(context, member, messageRef(member, messageUrn));
      return reply.status(204).send();
    },
    reactWithEmoji: (member, request, reply) => react(member, request, reply, true),
    unreactWithEmoji: (member, request, reply) => react(member, request, reply, false),
  };
  function react(member: Person, request: FastifyRequest, reply: FastifyReply, on: boolean) {
    const { messageUrn, emoji } = parseBody(reactionBodySchema, request);
    setMessageReaction(context, member, { ...messageRef(member, messageUrn), emoji, on });
    return reply.status(204).send();
  }

  // Edit: POST …MessengerMessages/<messageUrn> with a partial update of the body.
  app.post(`${voyager}/voyagerMessagingDashMessengerMessages/:messageUrn`, async (request, reply) => {
    const { member } = requireApiSession(context, request);
    const { messageUrn } = request.params as { messageUrn: string };
    const { patch } = parseBody(editBodySchema, request);
    editMessage(context, member, { ...messageRef(member, messageUrn), text: patch.$set.body.text });
    return reply.status(204).send();
  });

  // Mark read or unread: a REST.li batch partial update, ids=List(<urn>,…).
  app.post(`${voyager}/voyagerMessagingDashMessengerConversations`, async (request, reply) => {
    const { member } = requireApiSession(context, request);
    const action = (request.query as Record<string, string | undefined>).action;
    if (action === 'addCategory' || action === 'removeCategory') {
      const { category, conversationUrns } = parseBody(categoryBodySchema, request);
      const on = action === 'addCategory';
      for (const urn of conversationUrns) {
        const conversationId = ownConversationId(member, urn);
        changeConversation(
          context,
          member,
          conversationId,
          category === inboxCategories.starred
            ? { starred: on }
            : category === inboxCategories.archived
              ? { archived: on }
              : { mailbox: on ? 'Other' : 'Focused' },
        );
      }
      return reply.status(204).send();
    }
    const { entities } = parseBody(readBodySchema, request);
    const results: Record<string, { status: number }> = {};
    for (const [urn, entity] of Object.entries(entities)) {
      changeConversation(context, member, ownConversationId(member, urn), { read: entity.patch.$set.read });
      results[urn] = { status: 204 };
    }
    return reply.status(200).send({ results, errors: {} });
  });

  app.delete(`${voyager}/voyagerMessagingDashMessengerConversations/:urn`, async (request, reply) => {
    const { member } = requireApiSession(context, request);
    const { urn } = request.params as { urn: string };
    deleteConversation(context, member, ownConversationId(member, urn));
    return reply.status(204).send();
  });

  return { messageActions };
}
