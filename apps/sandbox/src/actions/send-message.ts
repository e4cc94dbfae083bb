import {
  type SendMessageRequest,
  type SendMessageResponse,
  sandboxActionErrorCodes,
} from '@outpilot/contracts';
import { decideReply } from '../behaviour/decide-reply.ts';
import { decideReplyReaction } from '../behaviour/inbound-conversations.ts';
import { SandboxError } from '../http/sandbox-error.ts';
import {
  type ConversationRecord,
  type MessageRecord,
  stableNumericId,
} from '../network-state/network-state.ts';
import { isConnected } from '../network-state/relationships.ts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { findOtherMember } from './find-target.ts';

const toResponse = (message: MessageRecord): SendMessageResponse => ({
  messageId: message.messageId,
  conversationId: message.conversationId,
  deliveredAt: message.deliveredAt.toISOString(),
});

function openConversation(context: SandboxContext, member: Person, person: Person): ConversationRecord {
  const existing = context.network.peek(member.index)?.conversations.get(person.index);
  if (existing) return existing;
  const conversation: ConversationRecord = {
    conversationId: `2-${stableNumericId(context.population.seed, `conversation:${member.index}:${person.index}`)}`,
    memberIndex: member.index,
    personIndex: person.index,
    messages: [],
    outgoingCount: 0,
    lastReadAt: null,
  };
  context.network.addConversation(conversation);
  return conversation;
}

/**
 * Sends a message to a 1st-degree connection (or in an InMail's conversation) and decides, from the
 * person's traits, whether and when they answer. The same text sent again while it is still the
 * latest message of the thread is the same message: a retry never delivers twice.
 */
export function sendMessage(
  context: SandboxContext,
  member: Person,
  input: SendMessageRequest,
): SendMessageResponse {
  context.faults.maybeFail('messages.send');
  const person = findOtherMember(context, member, { entityId: input.entityId });
  const now = context.clock.now();
  const known = context.network.peek(member.index)?.conversations.get(person.index);
  // An InMail may be answered in its own conversation without being connected.
  const answersInMail = known?.conversationType === 'INMAIL' && input.conversationId === known.conversationId;
  if (!answersInMail && !isConnected(context, member, person, now)) {
    throw new SandboxError(
      'NotAuthorized',
      'You can only message your 1st-degree connections',
      sandboxActionErrorCodes.notConnected,
    );
  }
  if (input.conversationId !== undefined && known?.conversationId !== input.conversationId) {
    throw new SandboxError('NotFound', 'This conversation does not exist');
  }
  const visible = known?.messages.filter((message) => message.deliveredAt.getTime() <= now.getTime()) ?? [];
  const latest = visible.reduce<MessageRecord | undefined>(
    (last, message) =>
      !last || message.deliveredAt.getTime() >= last.deliveredAt.getTime() ? message : last,
    undefined,
  );
  if (latest && latest.authorIndex === member.index && latest.text === input.text) return toResponse(latest);

  const conversation = known ?? openConversation(context, member, person);
  const seed = context.population.seed;
  const nextId = () =>
    `2-${stableNumericId(seed, `message:${member.index}:${person.index}:${conversation.messages.length}`)}`;
  const message: MessageRecord = {
    messageId: nextId(),
    conversationId: conversation.conversationId,
    authorIndex: member.index,
    text: input.text,
    deliveredAt: now,
  };
  context.network.addMessage(conversation, message);
  context.network.markRead(conversation, now);

  const fromPerson = conversation.messages.filter((each) => each.authorIndex === person.index);
  const replyPending = fromPerson.some((each) => each.deliveredAt.getTime() > now.getTime());
  if (!replyPending) {
    const reply = decideReply({
      seed,
      member,
      person,
      ordinal: conversation.outgoingCount,
      hasReplied: fromPerson.length > 0,
      sentAt: now,
      options: context.behaviour,
    });
    if (reply) {
      const reaction = decideReplyReaction(
        seed,
        member,
        person,
        conversation.outgoingCount,
        now,
        reply.deliveredAt,
      );
      if (reaction) {
        context.network.changeMessage(message, {
          reactions: [{ emoji: reaction.emoji, authorIndex: person.index, at: reaction.at }],
        });
      }
      context.network.addMessage(conversation, {
        messageId: nextId(),
        conversationId: conversation.conversationId,
        authorIndex: person.index,
        text: reply.text,
        deliveredAt: reply.deliveredAt,
      });
    }
  }
  return toResponse(message);
}
