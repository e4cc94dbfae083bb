import type { SyncConversationsRequest, SyncedConversation } from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { conversationEvents, conversations } from '../db/schema.ts';

type Executor = Pick<Database, 'insert'>;

/**
 * Keeps what a runner's conversations sync saw in the inbox store (seed 002 §3): the same call the
 * engine reads replies from, so the inbox and the sequences never disagree. A conversation
 * report that carries the network's marks sets them; from an older runner, the unread count follows
 * the network only when new activity came. A message reported with its form (edited, recalled,
 * files, reactions) is stored as the network shows it now; without, a stored one keeps its row.
 */
export async function storeSyncedConversations(
  db: Executor,
  personaId: string,
  request: Pick<SyncConversationsRequest, 'messages' | 'conversations'>,
): Promise<void> {
  // One row per conversation and statement: the latest report of each wins.
  const latest = new Map<string, NonNullable<typeof request.conversations>[number]>();
  for (const each of request.conversations ?? []) {
    const known = latest.get(each.conversation_id);
    if (!known || known.last_activity_at <= each.last_activity_at) latest.set(each.conversation_id, each);
  }
  // A report with the network's marks (the current runners) is the truth for them: every change
  // made here reached the network first, so what the network says now includes it, and a change
  // made on another device comes back. An older runner's report leaves the stored marks alone.
  const withMarks = [...latest.values()].filter((each) => each.is_starred !== undefined);
  const withoutMarks = [...latest.values()].filter((each) => each.is_starred === undefined);
  if (withMarks.length > 0) {
    await db
      .insert(conversations)
      .values(withMarks.map((each) => toConversationRow(personaId, each)))
      .onConflictDoUpdate({
        target: [conversations.personaId, conversations.entityId],
        set: {
          ...syncedFields,
          isStarred: sql`excluded.is_starred`,
          isArchived: sql`excluded.is_archived`,
          isSpam: sql`excluded.is_spam`,
          mailbox: sql`excluded.mailbox`,
          unreadCount: sql`excluded.unread_count`,
        },
      });
  }
  if (withoutMarks.length > 0) {
    await db
      .insert(conversations)
      .values(withoutMarks.map((each) => toConversationRow(personaId, each)))
      .onConflictDoUpdate({
        target: [conversations.personaId, conversations.entityId],
        set: {
          ...syncedFields,
          unreadCount: sql`CASE WHEN excluded.last_activity_at > ${conversations.lastActivityAt} THEN excluded.unread_count ELSE ${conversations.unreadCount} END`,
          // New activity brings an archived conversation back to the inbox, as on the network.
          isArchived: sql`${conversations.isArchived} AND excluded.last_activity_at <= ${conversations.lastActivityAt}`,
        },
      });
  }
  const rows = request.messages
    .filter((message) => message.text !== undefined)
    .map((message) => ({
      personaId,
      conversationId: message.conversation_id,
      messageId: message.message_id,
      createdAt: new Date(message.sent_at),
      text: message.text ?? '',
      fromEntityId: message.from_entity_id ?? '',
      fromSelf: message.from_self,
      ...(message.render_format === undefined
        ? {}
        : {
            renderFormat: message.render_format,
            renderContent: message.render_content ?? [],
            reactions: message.reaction_summaries ?? [],
            subject: message.subject ?? null,
          }),
    }));
  // A message with its form reported is as the network shows it now (edited, recalled, reacted to).
  const shown = rows.filter((row) => row.renderFormat !== undefined);
  const plain = rows.filter((row) => row.renderFormat === undefined);
  if (shown.length > 0) {
    await db
      .insert(conversationEvents)
      .values(shown)
      .onConflictDoUpdate({
        target: [conversationEvents.personaId, conversationEvents.messageId],
        set: {
          text: sql`excluded.text`,
          renderFormat: sql`excluded.render_format`,
          renderContent: sql`excluded.render_content`,
          reactions: sql`excluded.reactions`,
          subject: sql`excluded.subject`,
        },
      });
  }
  if (plain.length > 0) await db.insert(conversationEvents).values(plain).onConflictDoNothing();
}

const syncedFields = {
  participant: sql`excluded.participant`,
  searchName: sql`excluded.search_name`,
  isConnection: sql`excluded.is_connection`,
  conversationType: sql`excluded.conversation_type`,
  lastActivityAt: sql`GREATEST(excluded.last_activity_at, ${conversations.lastActivityAt})`,
};

function toConversationRow(personaId: string, conversation: SyncedConversation) {
  const { participant } = conversation;
  const fullName = `${participant.first_name} ${participant.last_name}`.trim();
  return {
    personaId,
    entityId: conversation.conversation_id,
    conversationType: conversation.conversation_type,
    participant: {
      entityId: participant.entity_id,
      publicIdentifier: participant.public_identifier,
      fullName,
      firstName: participant.first_name,
      pictureUrl: participant.picture_url,
      occupation: participant.occupation,
    },
    searchName: fullName.toLowerCase(),
    isConnection: conversation.is_connection,
    isSpam: conversation.is_spam,
    mailbox: conversation.mailbox,
    unreadCount: conversation.unread_count,
    lastActivityAt: new Date(conversation.last_activity_at),
    ...(conversation.is_starred === undefined ? {} : { isStarred: conversation.is_starred }),
    ...(conversation.is_archived === undefined ? {} : { isArchived: conversation.is_archived }),
  };
}
