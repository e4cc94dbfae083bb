import type {
  Conversation,
  ConversationAction,
  MessagingSettings,
  UnreadCounters,
} from '@outpilot/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import { conversationEvents, conversations } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { conversationDocumentOf, findConversation } from './inbox-documents.ts';

type Change = Partial<
  Pick<typeof conversations.$inferInsert, 'isArchived' | 'isStarred' | 'mailbox' | 'unreadCount'>
>;

const changes: Record<ConversationAction, Change> = {
  archive: { isArchived: true },
  unarchive: { isArchived: false },
  read: { unreadCount: 0 },
  // The network marks a conversation unread as one unread message.
  unread: { unreadCount: 1 },
  star: { isStarred: true },
  unstar: { isStarred: false },
  focused: { mailbox: 'Focused' },
  other: { mailbox: 'Other' },
};

/** PUT conversations/{id}/{action} (seed 002 §7.2): answers the conversation as it is now. */
export async function applyConversationAction(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; conversationId: string; action: ConversationAction },
): Promise<Conversation> {
  const { db } = deps;
  const { personaId, conversationId, action } = input;
  const row = await findConversation(db, personaId, conversationId);
  const change = changes[action];
  // Unread on a conversation that already has unread messages keeps their count.
  const effective = action === 'unread' && row.unreadCount > 0 ? {} : change;
  if (Object.keys(effective).length > 0) {
    await db
      .update(conversations)
      .set(effective)
      .where(and(eq(conversations.personaId, personaId), eq(conversations.entityId, conversationId)));
  }
  return conversationDocumentOf(db, personaId, conversationId);
}

/** DELETE conversations/{id}: the conversation and its messages leave the inbox. */
export async function deleteConversation(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; conversationId: string },
): Promise<void> {
  const { db } = deps;
  const { personaId, conversationId } = input;
  await findConversation(db, personaId, conversationId);
  await db.transaction(async (tx) => {
    await tx
      .delete(conversationEvents)
      .where(
        and(
          eq(conversationEvents.personaId, personaId),
          eq(conversationEvents.conversationId, conversationId),
        ),
      );
    await tx
      .delete(conversations)
      .where(and(eq(conversations.personaId, personaId), eq(conversations.entityId, conversationId)));
  });
}

/** GET messaging/unread-conversations-counters: conversations with unread messages per mailbox. */
export async function getUnreadCounters(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string },
): Promise<UnreadCounters> {
  const rows = await deps.db
    .select({ mailbox: conversations.mailbox, count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(
      and(
        eq(conversations.personaId, input.personaId),
        gt(conversations.unreadCount, 0),
        eq(conversations.isArchived, false),
        eq(conversations.isSpam, false),
      ),
    )
    .groupBy(conversations.mailbox);
  const focused = rows.find((row) => row.mailbox === 'Focused')?.count ?? 0;
  const other = rows.find((row) => row.mailbox === 'Other')?.count ?? 0;
  return { Inbox: focused + other, Focused: focused, Other: other };
}

/**
 * GET settings. The focused inbox is on for every workspace: the network sorts every member's
 * conversations into Focused and Other (docs/decisions.md, issue 23).
 */
export function getMessagingSettings(): MessagingSettings {
  return { focusedInboxEnabled: true };
}
