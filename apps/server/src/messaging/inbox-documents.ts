import type { Conversation, MessageEvent, Participant } from '@outpilot/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { conversationEvents, conversations, personas } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type EventRow = typeof conversationEvents.$inferSelect;
/** The workspace's own member, the author of its messages. */
export type Self = { entityId: string; fullName: string; pictureUrl: string | null };

export const conversationNotFound = 'Conversation not found';
export const eventNotFound = 'Message not found';

export async function selfOf(db: Database, personaId: string): Promise<Self> {
  const [row] = await db
    .select({
      entityId: personas.networkEntityId,
      given: personas.networkGivenName,
      family: personas.networkFamilyName,
      picture: personas.networkPicture,
    })
    .from(personas)
    .where(eq(personas.id, personaId));
  return {
    entityId: row?.entityId ?? '',
    fullName: `${row?.given ?? ''} ${row?.family ?? ''}`.trim(),
    pictureUrl: row?.picture ?? null,
  };
}

/** The persona's conversation, or 404 (another workspace's conversation is not found either). */
export async function findConversation(
  db: Database,
  personaId: string,
  id: string,
): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.personaId, personaId), eq(conversations.entityId, id)));
  if (!row) throw new NotFoundError(conversationNotFound);
  return row;
}

export async function findEvent(
  db: Database,
  personaId: string,
  conversationId: string,
  eventId: string,
): Promise<EventRow> {
  const [row] = await db
    .select()
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.personaId, personaId),
        eq(conversationEvents.conversationId, conversationId),
        eq(conversationEvents.messageId, eventId),
      ),
    );
  if (!row) throw new NotFoundError(eventNotFound);
  return row;
}

export function toParticipant(row: ConversationRow): Participant {
  const { entityId, publicIdentifier, fullName, firstName, pictureUrl, occupation } = row.participant;
  return {
    entityId,
    publicIdentifier: publicIdentifier ?? null,
    fullName,
    firstName,
    pictureUrl,
    occupation,
  };
}

export function toEventDocument(event: EventRow, conversation: ConversationRow, self: Self): MessageEvent {
  const from = event.fromSelf
    ? self
    : {
        entityId: conversation.participant.entityId,
        fullName: conversation.participant.fullName,
        pictureUrl: conversation.participant.pictureUrl,
      };
  return {
    message_id: event.messageId,
    created_at: event.createdAt.toISOString(),
    // A recalled message keeps no text: the screen shows its own wording for it.
    text: event.renderFormat === 'RECALLED' ? '' : event.text,
    from: { entityId: from.entityId, fullName: from.fullName, pictureUrl: from.pictureUrl },
    from_self: event.fromSelf,
    render_format: event.renderFormat,
    render_content: event.renderFormat === 'RECALLED' ? [] : event.renderContent,
    reaction_summaries: event.reactions,
    subject: event.subject,
  };
}

export function toConversationDocument(
  row: ConversationRow,
  latest: EventRow | undefined,
  self: Self,
): Conversation {
  return {
    entity_id: row.entityId,
    conversation_type: row.conversationType,
    headline: row.participant.occupation,
    is_starred: row.isStarred,
    is_archived: row.isArchived,
    mailbox: row.mailbox,
    unread_count: row.unreadCount,
    last_activity_at: row.lastActivityAt.toISOString(),
    participants: [toParticipant(row)],
    events: latest ? [toEventDocument(latest, row, self)] : [],
  };
}

/** The latest event of each of these conversations. */
export async function latestEventsOf(
  db: Database,
  personaId: string,
  conversationIds: string[],
): Promise<Map<string, EventRow>> {
  if (conversationIds.length === 0) return new Map();
  // One index probe per conversation (its newest event) rather than sorting all their events.
  const latestIds = sql`SELECT latest.message_id FROM unnest(${sql.param(conversationIds)}::text[]) AS wanted(id)
    CROSS JOIN LATERAL (SELECT ${conversationEvents.messageId} AS message_id FROM ${conversationEvents}
      WHERE ${conversationEvents.personaId} = ${personaId} AND ${conversationEvents.conversationId} = wanted.id
      ORDER BY ${conversationEvents.createdAt} DESC, ${conversationEvents.messageId} DESC LIMIT 1) AS latest`;
  const rows = await db
    .select()
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.personaId, personaId),
        sql`${conversationEvents.messageId} IN (${latestIds})`,
      ),
    );
  return new Map(rows.map((row) => [row.conversationId, row]));
}

/** The conversation as the list shows it, after a change. */
export async function conversationDocumentOf(
  db: Database,
  personaId: string,
  id: string,
): Promise<Conversation> {
  const row = await findConversation(db, personaId, id);
  const latest = await latestEventsOf(db, personaId, [id]);
  return toConversationDocument(row, latest.get(id), await selfOf(db, personaId));
}
