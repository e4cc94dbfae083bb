import type {
  ConversationMessagesResponse,
  ConversationsResponse,
  SandboxConversation,
  SandboxConversationMessage,
} from '@outpilot/contracts';
import { SandboxError } from '../http/sandbox-error.ts';
import type { ConversationRecord, MessageRecord } from '../network-state/network-state.ts';
import type { Person } from '../population/person.ts';
import { toNetworkProfile } from '../population/to-network-profile.ts';
import type { SandboxContext } from '../sandbox-context.ts';

const latestMessages = 20;

/**
 * Messages delivered by `now`, oldest first; replies decided for later stay hidden until then, and
 * what was delivered before the member deleted the conversation stays gone.
 */
export function visibleMessages(conversation: ConversationRecord, now: Date): MessageRecord[] {
  const clearedAt = conversation.clearedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  return conversation.messages
    .filter((message) => message.deliveredAt.getTime() <= now.getTime())
    .filter((message) => message.deliveredAt.getTime() > clearedAt)
    .sort((a, b) => a.deliveredAt.getTime() - b.deliveredAt.getTime());
}

/** Reactions by emoji, in the order each emoji first came, with whether the member is among them. */
function reactionSummary(message: MessageRecord, memberIndex: number) {
  const byEmoji = new Map<string, { emoji: string; count: number; viewerReacted: boolean }>();
  for (const reaction of message.reactions ?? []) {
    const chip = byEmoji.get(reaction.emoji) ?? { emoji: reaction.emoji, count: 0, viewerReacted: false };
    chip.count += 1;
    chip.viewerReacted ||= reaction.authorIndex === memberIndex;
    byEmoji.set(reaction.emoji, chip);
  }
  return [...byEmoji.values()];
}

function toMessage(
  context: SandboxContext,
  conversation: ConversationRecord,
  message: MessageRecord,
): SandboxConversationMessage {
  const recalled = Boolean(message.recalledAt);
  return {
    messageId: message.messageId,
    from: context.population.people[message.authorIndex]?.entityId ?? '',
    text: recalled ? '' : message.text,
    deliveredAt: message.deliveredAt.toISOString(),
    edited: Boolean(message.editedAt) && !recalled,
    recalled,
    reactions: recalled ? [] : reactionSummary(message, conversation.memberIndex),
  };
}

function toConversation(
  context: SandboxContext,
  conversation: ConversationRecord,
  messages: MessageRecord[],
): SandboxConversation | undefined {
  const person = context.population.people[conversation.personIndex];
  const last = messages.at(-1);
  if (!person || !last) return undefined;
  const profile = toNetworkProfile(person, 'FIRST', context.basePath);
  const readAt = conversation.lastReadAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  return {
    conversationId: conversation.conversationId,
    participants: [
      {
        entityId: person.entityId,
        firstName: person.firstName,
        lastName: person.lastName,
        picture: profile.picture,
        occupation: person.headline,
      },
    ],
    lastActivityAt: last.deliveredAt.toISOString(),
    unreadCount: Math.max(
      conversation.markedUnread ? 1 : 0,
      messages.filter(
        (message) => message.authorIndex === person.index && message.deliveredAt.getTime() > readAt,
      ).length,
    ),
    messages: messages.slice(-latestMessages).map((message) => toMessage(context, conversation, message)),
    starred: conversation.starred ?? false,
    archived: conversation.archived ?? false,
    mailbox: conversation.mailbox ?? 'Focused',
  };
}

/** The member's conversations active since `since` (inclusive), most recent activity first. */
export function listConversations(
  context: SandboxContext,
  member: Person,
  since?: Date,
): ConversationsResponse {
  const now = context.clock.now();
  const conversations = [...(context.network.peek(member.index)?.conversations.values() ?? [])]
    .map((conversation) => toConversation(context, conversation, visibleMessages(conversation, now)))
    .filter((conversation): conversation is SandboxConversation => conversation !== undefined)
    .filter((conversation) => !since || Date.parse(conversation.lastActivityAt) >= since.getTime())
    .sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt));
  return { conversations };
}

/** The member's own conversation; any other (or an unknown id) is 404, never another member's. */
export function memberConversation(
  context: SandboxContext,
  member: Person,
  conversationId: string,
): ConversationRecord {
  const conversation = context.network.findConversation(conversationId);
  if (!conversation || conversation.memberIndex !== member.index) {
    throw new SandboxError('NotFound', 'This conversation does not exist');
  }
  return conversation;
}

/** Every delivered message of one conversation; opening the thread marks it read. */
export function listConversationMessages(
  context: SandboxContext,
  member: Person,
  conversationId: string,
): ConversationMessagesResponse {
  const conversation = memberConversation(context, member, conversationId);
  const now = context.clock.now();
  context.network.markRead(conversation, now);
  return {
    conversationId,
    messages: visibleMessages(conversation, now).map((message) => toMessage(context, conversation, message)),
  };
}
