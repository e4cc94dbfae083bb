import { type EventsPage, eventsPageSize } from '@outpilot/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { conversationEvents } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { decodeListCursor, encodeListCursor } from '../list-query/list-cursor.ts';
import { findConversation, selfOf, toEventDocument } from './inbox-documents.ts';

const order = 'events:created_at desc';

/**
 * A page of a thread (seed 002 §7.2 events/recent and events/next): the latest messages without a
 * cursor, the ones before prevCursor with it; oldest first on the page, as the thread shows them.
 */
export async function listEvents(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { personaId: string; conversationId: string; prevCursor?: string },
): Promise<EventsPage> {
  const { db } = deps;
  const { personaId, conversationId } = input;
  const conversation = await findConversation(db, personaId, conversationId);
  const conditions: SQL[] = [
    eq(conversationEvents.personaId, personaId),
    eq(conversationEvents.conversationId, conversationId),
  ];
  if (input.prevCursor) {
    const cursor = decodeListCursor(input.prevCursor, order, deps.config.authSecret);
    conditions.push(
      sql`(${conversationEvents.createdAt}, ${conversationEvents.messageId}) < (${cursor.keys[0] ?? null}::timestamptz, ${cursor.id})`,
    );
  }
  const rows = await db
    .select({ row: conversationEvents, createdKey: sql<string>`${conversationEvents.createdAt}::text` })
    .from(conversationEvents)
    .where(and(...conditions))
    .orderBy(sql`${conversationEvents.createdAt} DESC`, sql`${conversationEvents.messageId} DESC`)
    .limit(eventsPageSize + 1);
  const page = rows.slice(0, eventsPageSize);
  const oldest = page.at(-1);
  const self = await selfOf(db, personaId);
  return {
    events: page.reverse().map(({ row }) => toEventDocument(row, conversation, self)),
    prevCursor:
      rows.length > eventsPageSize && oldest
        ? encodeListCursor(
            { keys: [oldest.createdKey], id: oldest.row.messageId },
            order,
            deps.config.authSecret,
          )
        : null,
  };
}
