import type { SandboxConversationChange } from '@outpilot/contracts';
import { SandboxError } from '../http/sandbox-error.ts';
import type { MessageRecord } from '../network-state/network-state.ts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { isRecalled, memberConversation, visibleMessages } from './list-conversations.ts';

/**
 * What a member changes in their own inbox: marks on a conversation, deleting it, and editing,
 * recalling or reacting to its messages. Each is a state to reach, not a toggle, so a retried
 * call changes nothing more (network-api.md: EditMessage, RecallMessage, reactWithEmoji,
 * DeleteConversation).
 */

/** Read, star, archive and focused/other: the member's marks; reading also clears "unread". */
export function changeConversation(
  context: SandboxContext,
  member: Person,
  conversationId: string,
  change: SandboxConversationChange,
): void {
  const conversation = memberConversation(context, member, conversationId);
  const now = context.clock.now();
  const { read, ...marks } = change;
  if (read === true) context.network.markRead(conversation, now);
  context.network.mark(conversation, {
    ...marks,
    ...(read === false ? { markedUnread: true } : {}),
    changedAt: now,
  });
}

/** The conversation leaves the member's inbox with what was delivered so far; later messages bring it back. */
export function deleteConversation(context: SandboxContext, member: Person, conversationId: string): void {
  const conversation = memberConversation(context, member, conversationId);
  const now = context.clock.now();
  context.network.mark(conversation, { clearedAt: now, markedUnread: false, changedAt: now });
}

function visibleMessage(
  context: SandboxContext,
  member: Person,
  conversationId: string,
  messageId: string,
): MessageRecord {
  const conversation = memberConversation(context, member, conversationId);
  const message = visibleMessages(conversation, context.clock.now()).find(
    (each) => each.messageId === messageId,
  );
  if (!message) throw new SandboxError('NotFound', 'This message does not exist');
  return message;
}

/** Only the author edits or recalls a message, and never once it is recalled. */
function ownMessage(context: SandboxContext, member: Person, conversationId: string, messageId: string) {
  const message = visibleMessage(context, member, conversationId, messageId);
  if (message.authorIndex !== member.index) {
    throw new SandboxError('NotAuthorized', 'You can only change your own messages');
  }
  if (isRecalled(message, context.clock.now())) {
    throw new SandboxError('BadRequest', 'This message has been deleted');
  }
  return message;
}

export function editMessage(
  context: SandboxContext,
  member: Person,
  input: { conversationId: string; messageId: string; text: string },
): void {
  const message = ownMessage(context, member, input.conversationId, input.messageId);
  if (message.text === input.text) return;
  context.network.changeMessage(message, { text: input.text, editedAt: context.clock.now() });
}

export function recallMessage(
  context: SandboxContext,
  member: Person,
  input: { conversationId: string; messageId: string },
): void {
  const message = ownMessage(context, member, input.conversationId, input.messageId);
  context.network.changeMessage(message, { recalledAt: context.clock.now(), reactions: [] });
}

/** The member's reaction with `emoji` is on or off; asking for the state it is in changes nothing. */
export function setMessageReaction(
  context: SandboxContext,
  member: Person,
  input: { conversationId: string; messageId: string; emoji: string; on: boolean },
): void {
  const message = visibleMessage(context, member, input.conversationId, input.messageId);
  const now = context.clock.now();
  if (isRecalled(message, now)) throw new SandboxError('BadRequest', 'This message has been deleted');
  const reactions = message.reactions ?? [];
  const mine = (each: { emoji: string; authorIndex: number }) =>
    each.emoji === input.emoji && each.authorIndex === member.index;
  if (reactions.some(mine) === input.on) return;
  context.network.changeMessage(message, {
    reactions: input.on
      ? [...reactions, { emoji: input.emoji, authorIndex: member.index, at: now }]
      : reactions.filter((each) => !mine(each)),
  });
}
