import type { InboxNetworkClient } from '@outpilot/agent';
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
import { type InboxNetworkOf, onPersonaNetwork } from './inbox-network.ts';

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

type InboxDeps = Pick<AppDeps, 'db'> & { networkOf: InboxNetworkOf };

/** Each action as the network's call on the same conversation. */
const onNetworkCall: Record<
  ConversationAction,
  (network: InboxNetworkClient, conversationId: string) => Promise<void>
> = {
  archive: (network, id) => network.setArchived(id, true),
  unarchive: (network, id) => network.setArchived(id, false),
  read: (network, id) => network.setRead(id, true),
  unread: (network, id) => network.setRead(id, false),
  star: (network, id) => network.setStarred(id, true),
  unstar: (network, id) => network.setStarred(id, false),
  focused: (network, id) => network.setFocus(id, 'Focused'),
  other: (network, id) => network.setFocus(id, 'Other'),
};

/**
 * PUT conversations/{id}/{action} (seed 002 §7.2): the network first, then the store; answers the
 * conversation as it is now.
 */
export async function applyConversationAction(
  deps: InboxDeps,
  input: { personaId: string; conversationId: string; action: ConversationAction },
): Promise<Conversation> {
  const { db } = deps;
  const { personaId, conversationId, action } = input;
  const row = await findConversation(db, personaId, conversationId);
  await onPersonaNetwork(deps.networkOf, personaId, (network) =>
    onNetworkCall[action](network, conversationId),
  );
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

/** DELETE conversations/{id}: deleted on the network, then the conversation and its messages leave the inbox. */
export async function deleteConversation(
  deps: InboxDeps,
  input: { personaId: string; conversationId: string },
): Promise<void> {
  const { db } = deps;
  const { personaId, conversationId } = input;
  await findConversation(db, personaId, conversationId);
  await onPersonaNetwork(deps.networkOf, personaId, (network) => network.deleteConversation(conversationId));
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
