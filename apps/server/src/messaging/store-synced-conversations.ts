import type { SyncConversationsRequest } from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { conversationEvents, conversations } from '../db/schema.ts';

type Executor = Pick<Database, 'insert'>;

/**
 * Keeps what a runner's conversations sync saw in the inbox store (seed 002 §3): the same call the
 * engine reads replies from, so the inbox and the sequences never disagree. A conversation's unread
 * count follows the network only when new activity came: a read or unread mark made here is not
 * undone by a sync that saw nothing new. Messages already stored keep their row (edits and
 * reactions made here stay).
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
  const synced = [...latest.values()];
  if (synced.length > 0) {
    await db
      .insert(conversations)
      .values(
        synced.map((conversation) => {
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
          };
        }),
      )
      .onConflictDoUpdate({
        target: [conversations.personaId, conversations.entityId],
        set: {
          participant: sql`excluded.participant`,
          searchName: sql`excluded.search_name`,
          isConnection: sql`excluded.is_connection`,
          conversationType: sql`excluded.conversation_type`,
          unreadCount: sql`CASE WHEN excluded.last_activity_at > ${conversations.lastActivityAt} THEN excluded.unread_count ELSE ${conversations.unreadCount} END`,
          // New activity brings an archived conversation back to the inbox, as on the network.
          isArchived: sql`${conversations.isArchived} AND excluded.last_activity_at <= ${conversations.lastActivityAt}`,
          lastActivityAt: sql`GREATEST(excluded.last_activity_at, ${conversations.lastActivityAt})`,
        },
      });
  }
  const withText = request.messages.filter((message) => message.text !== undefined);
  if (withText.length > 0) {
    await db
      .insert(conversationEvents)
      .values(
        withText.map((message) => ({
          personaId,
          conversationId: message.conversation_id,
          messageId: message.message_id,
          createdAt: new Date(message.sent_at),
          text: message.text ?? '',
          fromEntityId: message.from_entity_id ?? '',
          fromSelf: message.from_self,
        })),
      )
      .onConflictDoNothing();
  }
}
