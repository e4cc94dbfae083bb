import {
  type ConversationMessagesResponse,
  type ConversationsResponse,
  type SandboxConversation,
  type SandboxConversationMessage,
  sandboxActionPaths,
} from '@outpilot/contracts';
import { type AttachmentFile, attachmentFile, toSandboxAttachment } from '../behaviour/attachment-files.ts';
import { SandboxError } from '../http/sandbox-error.ts';
import type { ConversationRecord, MessageRecord } from '../network-state/network-state.ts';
import { isConnected } from '../network-state/relationships.ts';
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

const reached = (at: Date | null | undefined, now: Date): at is Date =>
  at != null && at.getTime() <= now.getTime();

/** Recalled by `now` (the other side may recall a message later than it came). */
export function isRecalled(message: MessageRecord, now: Date): boolean {
  return reached(message.recalledAt, now);
}

/** The reactions made by `now`. */
function reactionsAt(message: MessageRecord, now: Date) {
  return (message.reactions ?? []).filter((reaction) => !reaction.at || reached(reaction.at, now));
}

/** The message's text at `now`: the other side's later edit once it is made. */
export function textAt(message: MessageRecord, now: Date): string {
  return message.laterEdit && reached(message.laterEdit.at, now) ? message.laterEdit.text : message.text;
}

/** The latest edit, recall or reaction seen by `now`, if any. */
function messageChangedAt(message: MessageRecord, now: Date): Date | null {
  const instants = [
    message.editedAt,
    message.laterEdit?.at,
    message.recalledAt,
    ...(message.reactions ?? []).map((reaction) => reaction.at),
  ].filter((at): at is Date => reached(at, now));
  return instants.length > 0 ? new Date(Math.max(...instants.map((at) => at.getTime()))) : null;
}

/** Reactions by emoji, in the order each emoji first came, with whether the member is among them. */
function reactionSummary(message: MessageRecord, memberIndex: number, now: Date) {
  const byEmoji = new Map<string, { emoji: string; count: number; viewerReacted: boolean }>();
  for (const reaction of reactionsAt(message, now)) {
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
  now: Date,
): SandboxConversationMessage {
  const recalled = isRecalled(message, now);
  const edited = Boolean(message.editedAt) || reached(message.laterEdit?.at, now);
  const changedAt = messageChangedAt(message, now);
  return {
    messageId: message.messageId,
    from: context.population.people[message.authorIndex]?.entityId ?? '',
    text: recalled ? '' : textAt(message, now),
    deliveredAt: message.deliveredAt.toISOString(),
    edited: edited && !recalled,
    recalled,
    reactions: recalled ? [] : reactionSummary(message, conversation.memberIndex, now),
    attachments: recalled
      ? []
      : (message.attachments ?? []).map((attachment) =>
          toSandboxAttachment(
            attachment,
            `${context.basePath}${sandboxActionPaths.attachment(conversation.conversationId, attachment.attachmentId)}`,
          ),
        ),
    system: message.system ?? false,
    subject: message.subject ?? null,
    changedAt: changedAt?.toISOString() ?? null,
  };
}

function toConversation(
  context: SandboxContext,
  conversation: ConversationRecord,
  messages: MessageRecord[],
  now: Date,
): SandboxConversation | undefined {
  const person = context.population.people[conversation.personIndex];
  const last = messages.at(-1);
  if (!person || !last) return undefined;
  const connected = isConnected(
    context,
    context.population.people[conversation.memberIndex] ?? person,
    person,
    now,
  );
  const profile = toNetworkProfile(person, connected ? 'FIRST' : 'SECOND', context.basePath);
  const readAt = conversation.lastReadAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  return {
    conversationId: conversation.conversationId,
    participants: [
      {
        entityId: person.entityId,
        publicIdentifier: person.publicIdentifier,
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
        (message) =>
          message.authorIndex === person.index && !message.system && message.deliveredAt.getTime() > readAt,
      ).length,
    ),
    messages: messages
      .slice(-latestMessages)
      .map((message) => toMessage(context, conversation, message, now)),
    starred: conversation.starred ?? false,
    archived: conversation.archived ?? false,
    mailbox: conversation.mailbox ?? 'Focused',
    conversationType: conversation.conversationType ?? 'MEMBER_TO_MEMBER',
    spam: conversation.spam ?? false,
    connected,
    updatedAt: new Date(
      Math.max(
        last.deliveredAt.getTime(),
        conversation.changedAt?.getTime() ?? 0,
        ...messages.map((message) => messageChangedAt(message, now)?.getTime() ?? 0),
      ),
    ).toISOString(),
  };
}

/**
 * The member's conversations changed since `since` (inclusive: a message, a mark, an edit, a
 * recall or a reaction), most recent activity first.
 */
export function listConversations(
  context: SandboxContext,
  member: Person,
  since?: Date,
): ConversationsResponse {
  const now = context.clock.now();
  const conversations = [...(context.network.peek(member.index)?.conversations.values() ?? [])]
    .map((conversation) => toConversation(context, conversation, visibleMessages(conversation, now), now))
    .filter((conversation): conversation is SandboxConversation => conversation !== undefined)
    .filter((conversation) => !since || Date.parse(conversation.updatedAt) >= since.getTime())
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
  context.network.markRead(conversation, context.clock.now());
  return readConversationMessages(context, member, conversationId);
}

/**
 * Every delivered message of one conversation, read without opening it (no read mark): how
 * LinkedIn's messenger query reads a thread, marking read being its own call.
 */
export function readConversationMessages(
  context: SandboxContext,
  member: Person,
  conversationId: string,
): ConversationMessagesResponse {
  const conversation = memberConversation(context, member, conversationId);
  const now = context.clock.now();
  return {
    conversationId,
    messages: visibleMessages(conversation, now).map((message) =>
      toMessage(context, conversation, message, now),
    ),
  };
}

/** A file of a message the member can see (not recalled); anything else is 404. */
export function findAttachmentFile(
  context: SandboxContext,
  member: Person,
  input: { conversationId: string; attachmentId: string },
): { name: string; file: AttachmentFile } {
  const conversation = memberConversation(context, member, input.conversationId);
  const now = context.clock.now();
  for (const message of visibleMessages(conversation, now)) {
    if (isRecalled(message, now)) continue;
    const attachment = message.attachments?.find((each) => each.attachmentId === input.attachmentId);
    const file = attachment ? attachmentFile(attachment) : null;
    if (attachment && file) return { name: attachment.name, file };
  }
  throw new SandboxError('NotFound', 'This attachment does not exist');
}
