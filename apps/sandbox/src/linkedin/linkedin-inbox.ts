import {
  conversationsAnswer,
  type DialectAttachment,
  type DialectConversation,
  inboxCategories,
  messagesAnswer,
  messengerCategories,
  messengerUrns,
  readMessengerVariables,
} from '@outpilot/agent/linkedin-dialect';
import type { SandboxAttachment, SandboxConversation } from '@outpilot/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  listConversations,
  readConversationMessages,
} from '../actions/list-conversations.ts';
import { degreeBetween } from '../network-state/relationships.ts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { LinkedInRefusal } from './linkedin-refusal.ts';
import { requireApiSession, requirePageSession } from './linkedin-session.ts';
import { distanceOf, toDialectMember } from './to-dialect.ts';

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

/** Where the facade serves a message's file: a path like LinkedIn's media addresses, on its own origin. */
const attachmentRoute = '/dms/prv/attachment/:conversationId/:attachmentId';
const attachmentParamsSchema = z.object({
  conversationId: z.string().min(1).max(200),
  attachmentId: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/),
});

/** The categories a conversation carries: its tab (Focused/Other) and the folders it is in. */
function categoriesOf(conversation: SandboxConversation): string[] {
  return [
    conversation.mailbox === 'Other' ? messengerCategories.secondary : messengerCategories.primary,
    ...(conversation.starred ? [messengerCategories.starred] : []),
    ...(conversation.archived ? [messengerCategories.archived] : []),
    ...(conversation.spam ? [messengerCategories.spam] : []),
    ...(conversation.conversationType === 'INMAIL' ? [messengerCategories.inMail] : []),
  ];
}

/** A conversation a category query finds: the two tabs hold neither archived nor spam conversations. */
function inCategory(conversation: SandboxConversation, category: string | undefined): boolean {
  if (category === undefined) return true;
  const tab = category === messengerCategories.primary || category === messengerCategories.secondary;
  if (tab && (conversation.archived || conversation.spam)) return false;
  return categoriesOf(conversation).includes(category);
}

/**
 * The member's inbox as the messenger's GraphQL queries answer it (reference §1), over the same
 * listing the sandbox's own dialect gives: conversations by category, newest change first, paged
 * by lastUpdatedBefore; a thread's messages with their form (edited, recalled, system), InMail
 * subject, files in renderContent and reactions. Reading a thread does not mark it read (that is
 * its own call, as on LinkedIn). Files are served on the facade's origin under /dms/prv/.
 */
export function registerLinkedInMessenger(
  app: FastifyInstance,
  context: SandboxContext,
  helpers: Pick<Helpers, 'ownConversationId'>,
) {
  const basePath = app.prefix;

  app.get(attachmentRoute, async (request, reply) => {
    const { member } = requirePageSession(context, basePath, request);
    const parsed = attachmentParamsSchema.safeParse(request.params);
    if (!parsed.success) throw new LinkedInRefusal(404);
    const { name, file } = findAttachmentFile(context, member, parsed.data);
    return reply
      .header('content-type', file.mediaType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(file.bytes));
  });

  const fileUrl = (origin: string, conversationId: string, url: string) =>
    `${origin}${basePath}${attachmentRoute
      .replace(':conversationId', encodeURIComponent(conversationId))
      .replace(':attachmentId', encodeURIComponent(url.split('/').at(-1) ?? ''))}`;

  function toDialectAttachment(
    origin: string,
    conversationId: string,
    attachment: SandboxAttachment,
  ): DialectAttachment[] {
    const { kind, url, name } = attachment;
    if (kind === 'video_meeting') return [{ kind, name }];
    if (!url) return [];
    const at = fileUrl(origin, conversationId, url);
    switch (kind) {
      case 'file':
        return [{ kind, url: at, name, byteSize: attachment.byteSize, mediaType: attachment.mediaType }];
      case 'image':
      case 'gif':
        return [{ kind, url: at, name }];
      case 'audio':
        return [{ kind, url: at, durationMs: attachment.durationMs ?? 0 }];
    }
  }

  function conversations(member: Person, variables: string) {
    const { before, count, category } = readMessengerVariables(variables);
    const now = context.clock.now();
    const page = listConversations(context, member)
      .conversations.filter((conversation) => inCategory(conversation, category))
      .map((conversation) => ({ conversation, updatedAt: Date.parse(conversation.updatedAt) }))
      .filter(({ updatedAt }) => updatedAt < before)
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .slice(0, Math.min(Math.max(count, 1), 100));
    return conversationsAnswer(
      page.map(({ conversation, updatedAt }): DialectConversation => {
        const others = conversation.participants.flatMap((each) => {
          const other = context.population.findByEntityId(each.entityId);
          return other ? [other] : [];
        });
        return {
          urn: messengerUrns.conversation(member.entityId, conversation.conversationId),
          lastActivityAt: Date.parse(conversation.lastActivityAt),
          lastUpdatedAt: updatedAt,
          unreadCount: conversation.unreadCount,
          categories: categoriesOf(conversation),
          distances: new Map(
            others.map((other) => [other.entityId, distanceOf[degreeBetween(context, member, other, now)]]),
          ),
          participants: [member, ...others].map(toDialectMember),
        };
      }),
    );
  }

  function messages(member: Person, variables: string, origin: string) {
    const conversationId = helpers.ownConversationId(
      member,
      readMessengerVariables(variables).conversationUrn,
    );
    return messagesAnswer(
      readConversationMessages(context, member, conversationId).messages.map((message) => ({
        urn: messengerUrns.message(member.entityId, message.messageId),
        deliveredAt: Date.parse(message.deliveredAt),
        text: message.text,
        fromId: message.from,
        format: message.recalled
          ? 'RECALLED'
          : message.system
            ? 'SYSTEM'
            : message.edited
              ? 'EDITED'
              : 'DEFAULT',
        subject: message.subject,
        attachments: message.attachments.flatMap((attachment) =>
          toDialectAttachment(origin, conversationId, attachment),
        ),
        reactions: message.reactions,
        lastUpdatedAt: message.changedAt ? Date.parse(message.changedAt) : null,
      })),
    );
  }

  return { conversations, messages };
}
