import type {
  ConversationType,
  InboxChange,
  InboxChangeReport,
  InboxTab,
  RenderContent,
  RenderFormat,
} from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList } from './in-list.ts';
import { personas } from './schema.ts';

/**
 * The unified inbox (seed 002 §3): each workspace's conversations and their events as synced from
 * the network by the runners. Keys are the network's own ids, scoped by persona: a sync that sees
 * a message again updates the same row.
 */

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The other participant of a 1:1 conversation, as the network names them. */
export type StoredParticipant = {
  entityId: string;
  publicIdentifier: string | null;
  fullName: string;
  firstName: string;
  pictureUrl: string | null;
  occupation: string;
};

export type StoredReaction = { emoji: string; count: number; viewerReacted: boolean };

export const conversations = pgTable(
  'conversations',
  {
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    entityId: text('entity_id').notNull(),
    conversationType: text('conversation_type').$type<ConversationType>().notNull(),
    participant: jsonb('participant').$type<StoredParticipant>().notNull(),
    /** participant.fullName, lowered: what the keyword search matches besides message text. */
    searchName: text('search_name').notNull(),
    isConnection: boolean('is_connection').notNull(),
    isStarred: boolean('is_starred').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    isSpam: boolean('is_spam').notNull().default(false),
    mailbox: text('mailbox').$type<InboxTab>().notNull().default('Focused'),
    unreadCount: integer('unread_count').notNull().default(0),
    lastActivityAt: instant('last_activity_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.personaId, t.entityId] }),
    // Mailbox pages: newest activity first, keyset on (last_activity_at, entity_id).
    index('conversations_persona_activity_idx').on(t.personaId, t.lastActivityAt.desc(), t.entityId.desc()),
    // Keyword search on names: trigrams answer '%word%' without reading every conversation.
    index('conversations_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('conversations_persona_unread_idx')
      .on(t.personaId, t.mailbox)
      .where(sql`${t.unreadCount} > 0 AND NOT ${t.isArchived} AND NOT ${t.isSpam}`),
  ],
);

export const conversationEvents = pgTable(
  'conversation_events',
  {
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id').notNull(),
    messageId: text('message_id').notNull(),
    createdAt: instant('created_at').notNull(),
    text: text('text').notNull(),
    fromEntityId: text('from_entity_id').notNull(),
    fromSelf: boolean('from_self').notNull(),
    renderFormat: text('render_format').$type<RenderFormat>().notNull().default('normal'),
    renderContent: jsonb('render_content').$type<RenderContent[]>().notNull().default([]),
    reactions: jsonb('reactions').$type<StoredReaction[]>().notNull().default([]),
    subject: text('subject'),
  },
  (t) => [
    primaryKey({ columns: [t.personaId, t.messageId] }),
    // Thread pages: newest first within a conversation, keyset on (created_at, message_id).
    index('conversation_events_thread_idx').on(
      t.personaId,
      t.conversationId,
      t.createdAt.desc(),
      t.messageId.desc(),
    ),
    // Keyword search on message text (lowered, as the search compares it).
    index('conversation_events_text_trgm_idx').using('gin', sql`lower(${t.text}) gin_trgm_ops`),
  ],
);

export const inboxChangeStates = ['queued', 'claimed', 'done', 'failed', 'cancelled'] as const;
export type InboxChangeState = (typeof inboxChangeStates)[number];

/**
 * The inbox's changes that the persona's own runner performs on the network: a local-mode
 * workspace on LinkedIn, whose session lives only in the user's browser (the extension). The
 * inbox's call queues one and waits for the runner's report (messaging/extension-inbox.ts); a
 * claim leases it (attempt + 1, like activities), and one whose lease ran out is claimed again
 * with the same change (a message keeps its origin token, so LinkedIn delivers it once). The call
 * gives up on one nobody reported in time: cancelled, never performed after.
 */
export const inboxChanges = pgTable(
  'inbox_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id').notNull(),
    change: jsonb('change').$type<InboxChange>().notNull(),
    state: text('state').$type<InboxChangeState>().notNull().default('queued'),
    attempt: integer('attempt').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: instant('lease_expires_at'),
    /** The runner's report: the sent message's ids, or the network's refusal. */
    report: jsonb('report').$type<InboxChangeReport>(),
    createdAt: instant('created_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
  },
  (t) => [
    // A claim reads a persona's open changes in the order they were made.
    index('inbox_changes_open_persona_idx')
      .on(t.personaId, t.createdAt)
      .where(sql`${t.state} in ('queued', 'claimed')`),
    check('inbox_changes_state_check', sql.raw(`"state" in (${inList(inboxChangeStates)})`)),
  ],
);
