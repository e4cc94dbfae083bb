import { randomUUID } from 'node:crypto';
import { type MessageEvent, messageEditWindowMs } from '@outpilot/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { conversationEvents, conversations } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { BadRequestError } from '../errors.ts';
import { findConversation, findEvent, selfOf, toEventDocument } from './inbox-documents.ts';
import { type InboxNetworkOf, networkSessionOf, onNetwork, onPersonaNetwork } from './inbox-network.ts';

type MessageInput = { personaId: string; conversationId: string };
type InboxDeps = Pick<AppDeps, 'db' | 'clock'> & { networkOf: InboxNetworkOf };
const eventKey = (personaId: string, messageId: string) =>
  and(eq(conversationEvents.personaId, personaId), eq(conversationEvents.messageId, messageId));

export const editWindowText = 'Only your own messages younger than 1 hour can be edited or deleted';

/**
 * POST conversations/{id}/events: the message goes to the network first (to the conversation's
 * participant, in that conversation); only a delivered message enters the thread, so the inbox
 * never shows what the other side did not get.
 */
export async function sendInboxMessage(
  deps: Pick<AppDeps, 'db' | 'clock'> & { networkOf: InboxNetworkOf },
  input: MessageInput & { text: string },
): Promise<MessageEvent> {
  const { db } = deps;
  const { personaId, conversationId } = input;
  const conversation = await findConversation(db, personaId, conversationId);
  const network = await networkSessionOf(deps.networkOf, personaId);
  const sent = await onNetwork(() =>
    network.sendMessage(
      {
        publicIdentifier: conversation.participant.publicIdentifier ?? '',
        entityId: conversation.participant.entityId,
      },
      input.text,
      conversationId,
      { idempotencyKey: randomUUID() },
    ),
  );
  const now = deps.clock.now();
  const [event] = await db
    .insert(conversationEvents)
    .values({
      personaId,
      conversationId,
      messageId: sent.messageId,
      createdAt: now,
      text: input.text,
      fromEntityId: (await selfOf(db, personaId)).entityId,
      fromSelf: true,
    })
    .onConflictDoUpdate({
      target: [conversationEvents.personaId, conversationEvents.messageId],
      set: { text: input.text },
    })
    .returning();
  // Answering reads the conversation and brings it back from the archive.
  await db
    .update(conversations)
    .set({
      lastActivityAt: sql`GREATEST(${conversations.lastActivityAt}, ${now})`,
      unreadCount: 0,
      isArchived: false,
    })
    .where(and(eq(conversations.personaId, personaId), eq(conversations.entityId, conversationId)));
  if (!event) throw new Error('The sent message was not stored');
  return toEventDocument(event, conversation, await selfOf(db, personaId));
}

/** The persona's own message, still inside the edit window; otherwise 400. */
async function ownRecentEvent(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: MessageInput & { eventId: string },
) {
  const event = await findEvent(deps.db, input.personaId, input.conversationId, input.eventId);
  const age = deps.clock.now().getTime() - event.createdAt.getTime();
  if (!event.fromSelf || age > messageEditWindowMs || event.renderFormat === 'RECALLED') {
    throw new BadRequestError(editWindowText);
  }
  return event;
}

/** PUT conversations/{id}/events/{eventId}: edited on the network, then the new text, marked edited. */
export async function editInboxMessage(
  deps: InboxDeps,
  input: MessageInput & { eventId: string; text: string },
): Promise<MessageEvent> {
  const { db } = deps;
  await ownRecentEvent(deps, input);
  await onPersonaNetwork(deps.networkOf, input.personaId, (network) =>
    network.editMessage(input.conversationId, input.eventId, input.text),
  );
  const [event] = await db
    .update(conversationEvents)
    .set({ text: input.text, renderFormat: 'EDITED' })
    .where(eventKey(input.personaId, input.eventId))
    .returning();
  const conversation = await findConversation(db, input.personaId, input.conversationId);
  if (!event) throw new Error('The edited message vanished');
  return toEventDocument(event, conversation, await selfOf(db, input.personaId));
}

/** DELETE conversations/{id}/events/{eventId}: the message stays as 'This message has been deleted.' */
export async function deleteInboxMessage(
  deps: InboxDeps,
  input: MessageInput & { eventId: string },
): Promise<void> {
  await ownRecentEvent(deps, input);
  await onPersonaNetwork(deps.networkOf, input.personaId, (network) =>
    network.deleteMessage(input.conversationId, input.eventId),
  );
  await deps.db
    .update(conversationEvents)
    .set({ text: '', renderFormat: 'RECALLED', renderContent: [], reactions: [] })
    .where(eventKey(input.personaId, input.eventId));
}

/**
 * POST (on) or DELETE (off) conversations/{id}/events/{eventId}/reactions/{emoji}: the viewer's
 * reaction joins or leaves the message's summary; doing it twice changes nothing.
 */
export async function setInboxReaction(
  deps: Pick<AppDeps, 'db'> & { networkOf: InboxNetworkOf },
  input: MessageInput & { eventId: string; emoji: string; on: boolean },
): Promise<MessageEvent> {
  const { db } = deps;
  const event = await findEvent(db, input.personaId, input.conversationId, input.eventId);
  if (event.renderFormat === 'RECALLED' || event.renderFormat === 'SYSTEM') {
    throw new BadRequestError('This message takes no reactions');
  }
  await onPersonaNetwork(deps.networkOf, input.personaId, (network) =>
    network.react(input.conversationId, input.eventId, input.emoji, input.on),
  );
  const current = event.reactions.find((reaction) => reaction.emoji === input.emoji);
  const count = (current?.count ?? 0) - (current?.viewerReacted ? 1 : 0) + (input.on ? 1 : 0);
  const changed = { emoji: input.emoji, count, viewerReacted: input.on };
  // The chip keeps its place; a new emoji joins at the end; a chip nobody holds any more goes.
  const reactions = (
    current
      ? event.reactions.map((reaction) => (reaction === current ? changed : reaction))
      : [...event.reactions, changed]
  ).filter((reaction) => reaction.count > 0);
  const [updated] = await db
    .update(conversationEvents)
    .set({ reactions })
    .where(eventKey(input.personaId, input.eventId))
    .returning();
  const conversation = await findConversation(db, input.personaId, input.conversationId);
  if (!updated) throw new Error('The message vanished');
  return toEventDocument(updated, conversation, await selfOf(db, input.personaId));
}
