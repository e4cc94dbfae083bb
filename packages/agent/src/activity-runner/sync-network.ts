import type {
  RenderContent,
  SyncConnectionsRequest,
  SyncConversationsRequest,
  SyncedConversation,
} from '@outpilot/contracts';
import type { AutomationApi } from '../automation-client.ts';
import { AgentError } from '../errors.ts';
import type {
  ActivityNetworkClient,
  Conversation,
  ConversationAttachment,
  ConversationMessage,
} from '../network/network-client.ts';
import type { KeyValueStore } from '../storage.ts';

/** The most items one sync call may carry (contracts activities.ts). */
export const syncBatchMax = 1000;

/**
 * Where a persona's sync continues from: the network's own times (not the runner's clock), so clock
 * skew loses nothing. The network's `since` is inclusive; the server deduplicates by network ids.
 */
export type SyncCursor = { connectionsSince: string | null; conversationsToken: string | null };

const emptyCursor: SyncCursor = { connectionsSince: null, conversationsToken: null };
const cursorKey = (personaId: string) => `runner.sync.${personaId}`;

export async function readSyncCursor(store: KeyValueStore, personaId: string): Promise<SyncCursor> {
  const raw = await store.get(cursorKey(personaId));
  if (!raw) return emptyCursor;
  try {
    const parsed = JSON.parse(raw) as Partial<SyncCursor>;
    return {
      connectionsSince: typeof parsed.connectionsSince === 'string' ? parsed.connectionsSince : null,
      conversationsToken: typeof parsed.conversationsToken === 'string' ? parsed.conversationsToken : null,
    };
  } catch {
    return emptyCursor;
  }
}

const writeSyncCursor = (store: KeyValueStore, personaId: string, cursor: SyncCursor) =>
  store.set(cursorKey(personaId), JSON.stringify(cursor));

function chunks<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let offset = 0; offset < items.length; offset += syncBatchMax) {
    result.push(items.slice(offset, offset + syncBatchMax));
  }
  return result;
}

const latest = (current: string | null, candidate: Date) =>
  current && Date.parse(current) >= candidate.getTime() ? current : candidate.toISOString();

/** A message's form, files and reactions in the inbox's words (seed 002 §3), for adapters that tell them. */
function shownAs(
  message: ConversationMessage,
): Pick<
  SyncConversationsRequest['messages'][number],
  'render_format' | 'render_content' | 'reaction_summaries' | 'subject'
> {
  if (message.recalled === undefined && message.attachments === undefined) return {};
  const renderFormat = message.recalled
    ? 'RECALLED'
    : message.system
      ? 'SYSTEM'
      : message.edited
        ? 'EDITED'
        : 'normal';
  return {
    render_format: renderFormat,
    render_content: (message.attachments ?? []).slice(0, 20).map(toRenderContent),
    reaction_summaries: (message.reactions ?? []).slice(0, 50),
    subject: message.subject?.slice(0, 500) ?? null,
  };
}

function toRenderContent(attachment: ConversationAttachment): RenderContent {
  const url = attachment.url ?? '';
  switch (attachment.kind) {
    case 'file':
      return {
        type: 'file',
        url,
        name: attachment.name,
        byte_size: attachment.byteSize,
        recommended_accept_header: attachment.mediaType,
      };
    case 'image':
      return { type: 'vector_image', url };
    case 'gif':
      return { type: 'external_media', url, title: attachment.name };
    case 'audio':
      return { type: 'audio', url, duration_ms: attachment.durationMs ?? 0 };
    case 'video_meeting':
      return { type: 'video_meeting' };
  }
}

/**
 * What a sync reports of these conversations: their messages from `since` on (oldest first, with
 * the text the inbox shows) and each conversation's participant and state. The cloud runner, the
 * browser runner and the inbox's Sync call all report through this, so the inbox and the engine
 * read one source.
 */
export function toConversationsSync(
  me: { entityId: string; publicIdentifier: string },
  conversations: Conversation[],
  since: Date | null,
): Pick<SyncConversationsRequest, 'messages'> & { conversations: SyncedConversation[] } {
  const messages: SyncConversationsRequest['messages'] = [];
  const synced: SyncedConversation[] = [];
  for (const conversation of conversations) {
    const other = conversation.participants[0];
    if (other) {
      synced.push({
        conversation_id: conversation.id.slice(0, 500),
        participant: {
          entity_id: other.entityId.slice(0, 200),
          public_identifier: other.publicIdentifier?.slice(0, 200) ?? null,
          first_name: other.firstName.slice(0, 200),
          last_name: other.lastName.slice(0, 200),
          picture_url: other.pictureUrl && other.pictureUrl.length <= 2048 ? other.pictureUrl : null,
          occupation: other.occupation.slice(0, 500),
        },
        conversation_type: conversation.conversationType ?? 'MEMBER_TO_MEMBER',
        mailbox: conversation.mailbox ?? 'Focused',
        is_spam: conversation.spam ?? false,
        // An adapter that does not say: members message their 1st-degree connections.
        is_connection: conversation.connected ?? true,
        unread_count: conversation.unreadCount,
        last_activity_at: conversation.lastActivityAt.toISOString(),
        ...(conversation.starred === undefined ? {} : { is_starred: conversation.starred }),
        ...(conversation.archived === undefined ? {} : { is_archived: conversation.archived }),
      });
    }
    for (const message of conversation.messages) {
      // New since the last sync, or changed since (an edit, a recall or a reaction).
      const changedAt = message.changedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
      if (since && message.sentAt.getTime() < since.getTime() && changedAt < since.getTime()) continue;
      const fromSelf = message.fromEntityId === me.entityId;
      messages.push({
        message_id: message.messageId,
        conversation_id: conversation.id,
        conversation_url: null,
        from_public_identifier: (fromSelf ? me.publicIdentifier : (other?.publicIdentifier ?? '')).slice(
          0,
          200,
        ),
        from_entity_id: message.fromEntityId.slice(0, 200),
        from_self: fromSelf,
        sent_at: message.sentAt.toISOString(),
        text: message.text.slice(0, 8000),
        ...shownAs(message),
      });
    }
  }
  messages.sort((a, b) => a.sent_at.localeCompare(b.sent_at));
  return { messages, conversations: synced };
}

export type SyncPersonaOptions = {
  personaId: string;
  network: ActivityNetworkClient;
  automation: AutomationApi;
  cursors: KeyValueStore;
};

export type SyncPersonaResult = { connections: number; messages: number; updatedExecutions: number };

/**
 * Reports the persona's new connections and conversation messages seen on the network since the
 * last sync (how acceptance and replies move executions forward), then moves the cursor on. The
 * cursor moves only after the server took a batch, so a failure means the next sync sends it again.
 */
export async function syncPersona(options: SyncPersonaOptions): Promise<SyncPersonaResult> {
  const { personaId, network, automation, cursors } = options;
  let cursor = await readSyncCursor(cursors, personaId);
  let updatedExecutions = 0;

  const since = cursor.connectionsSince ? new Date(cursor.connectionsSince) : null;
  const connections = await network.listConnectionsSince(since);
  for (const batch of chunks(connections)) {
    const request: SyncConnectionsRequest = {
      persona_id: personaId,
      connections: batch.map((connection) => ({
        public_identifier: connection.publicIdentifier.slice(0, 200),
        entity_id: connection.entityId.slice(0, 200),
        connected_at: connection.connectedAt.toISOString(),
      })),
    };
    updatedExecutions += (await automation.syncConnections(request)).updated_executions;
    const connectionsSince = batch.reduce(
      (value, each) => latest(value, each.connectedAt),
      cursor.connectionsSince,
    );
    cursor = { ...cursor, connectionsSince };
    await writeSyncCursor(cursors, personaId, cursor);
  }

  const me = await network.getMyProfile();
  if (!me) throw new AgentError('NotAuthenticated', 'The network session is signed out');
  const conversationsSince = cursor.conversationsToken ? new Date(cursor.conversationsToken) : null;
  const conversations = await network.listConversationsSince(conversationsSince);
  const { messages, conversations: synced } = toConversationsSync(me, conversations, conversationsSince);
  let nextToken = cursor.conversationsToken;
  for (const conversation of conversations) {
    nextToken = latest(nextToken, conversation.updatedAt ?? conversation.lastActivityAt);
  }
  const batches = chunks(messages);
  if (batches.length === 0 && nextToken !== cursor.conversationsToken) batches.push([]);
  for (const [index, batch] of batches.entries()) {
    // Only the last batch moves the server's token on: a failure in between leaves it where it was.
    const isLast = index === batches.length - 1;
    const token = isLast ? nextToken : cursor.conversationsToken;
    // The inbox learns the conversations with the first batch, before any of their messages.
    const request: SyncConversationsRequest = {
      persona_id: personaId,
      messages: batch,
      ...(index === 0 ? { conversations: synced.slice(0, syncBatchMax) } : {}),
      next_sync_token: token,
    };
    updatedExecutions += (await automation.syncConversations(request)).updated_executions;
  }
  cursor = { ...cursor, conversationsToken: nextToken };
  await writeSyncCursor(cursors, personaId, cursor);
  return { connections: connections.length, messages: messages.length, updatedExecutions };
}
