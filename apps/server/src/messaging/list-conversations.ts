import {
  type ConversationFilter,
  type ConversationsPage,
  type ConversationsQuery,
  conversationsPageSize,
  type MailboxType,
} from '@outpilot/contracts';
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import { conversationEvents, conversations } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { decodeListCursor, encodeListCursor } from '../list-query/list-cursor.ts';
import { latestEventsOf, selfOf, toConversationDocument } from './inbox-documents.ts';

const order = 'conversations:last_activity_at desc';

/** LIKE pattern of a keyword: its own %, _ and \ match themselves. */
export const containsPattern = (keywords: string) => `%${keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterCondition(filter: ConversationFilter | undefined): SQL | undefined {
  switch (filter) {
    case 'Unread':
      return gt(conversations.unreadCount, 0);
    case 'Starred':
      return eq(conversations.isStarred, true);
    case 'InMail':
      return eq(conversations.conversationType, 'INMAIL');
    case 'MyConnections':
      return eq(conversations.isConnection, true);
    default:
      return undefined;
  }
}

/**
 * One page of a mailbox (seed 002 §2.5, §7.2): Inbox holds both tabs, Focused and Other one each.
 * Archived and spam conversations appear only under their own filter (spam whatever the tab). Keywords match the
 * participant's name or any message text. Newest activity first, paged by an opaque cursor.
 */
export async function listConversations(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { personaId: string; mailbox: MailboxType; query: ConversationsQuery },
): Promise<ConversationsPage> {
  const { db } = deps;
  const { personaId, mailbox, query } = input;
  const conditions: (SQL | undefined)[] = [eq(conversations.personaId, personaId)];
  // Spam is a folder of its own, outside Focused and Other: either tab's Spam filter shows all of it.
  if (mailbox !== 'Inbox' && query.filter !== 'Spam') conditions.push(eq(conversations.mailbox, mailbox));
  conditions.push(eq(conversations.isArchived, query.filter === 'Archived'));
  conditions.push(eq(conversations.isSpam, query.filter === 'Spam'));
  conditions.push(filterCondition(query.filter));
  const keywords = query.keywords?.trim().toLowerCase();
  if (keywords) {
    const pattern = containsPattern(keywords);
    // The threads whose text matches come from the trigram index first (a semi-join), so a rare
    // word does not make the list walk every conversation's messages.
    conditions.push(
      sql`(${conversations.searchName} LIKE ${pattern} OR ${conversations.entityId} IN (SELECT ${conversationEvents.conversationId} FROM ${conversationEvents} WHERE ${conversationEvents.personaId} = ${personaId} AND ${conversationEvents.renderFormat} <> 'RECALLED' AND lower(${conversationEvents.text}) LIKE ${pattern}))`,
    );
  }
  if (query.nextCursor) {
    const cursor = decodeListCursor(query.nextCursor, order, deps.config.authSecret);
    conditions.push(
      sql`(${conversations.lastActivityAt}, ${conversations.entityId}) < (${cursor.keys[0] ?? null}::timestamptz, ${cursor.id})`,
    );
  }
  const rows = await db
    .select({ row: conversations, activityKey: sql<string>`${conversations.lastActivityAt}::text` })
    .from(conversations)
    .where(and(...conditions))
    .orderBy(sql`${conversations.lastActivityAt} DESC`, sql`${conversations.entityId} DESC`)
    .limit(conversationsPageSize + 1);
  const page = rows.slice(0, conversationsPageSize);
  const last = page.at(-1);
  const latest = await latestEventsOf(
    db,
    personaId,
    page.map(({ row }) => row.entityId),
  );
  const self = await selfOf(db, personaId);
  return {
    conversations: page.map(({ row }) => toConversationDocument(row, latest.get(row.entityId), self)),
    nextCursor:
      rows.length > conversationsPageSize && last
        ? encodeListCursor({ keys: [last.activityKey], id: last.row.entityId }, order, deps.config.authSecret)
        : null,
  };
}
