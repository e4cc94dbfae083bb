import type { ConversationFilter, MailboxType } from '@outpilot/contracts';

/** The list a user looks at: a mailbox, optionally narrowed by a filter or a keyword search. */
export type ConversationsRequest = {
  mailbox: MailboxType;
  filter: ConversationFilter | null;
  keywords: string;
};

/**
 * Query keys of the inbox calls: every key starts with 'messaging', so a change to a conversation
 * (sent, starred, archived, read) refreshes lists, threads and counters at once.
 */
export const messagingQueryKeys = {
  all: ['messaging'] as const,
  lists: ['messaging', 'conversations'] as const,
  list: (request: ConversationsRequest) => ['messaging', 'conversations', request] as const,
  events: (conversationId: string) => ['messaging', 'events', conversationId] as const,
  unreadCounters: ['messaging', 'unread-counters'] as const,
  settings: ['messaging', 'settings'] as const,
};

/** Lists refresh every 60 s while the window has focus, and on reconnect (seed 002 §4). */
export const messagingRefresh = {
  refetchInterval: 60_000,
  refetchIntervalInBackground: false,
  refetchOnReconnect: true,
} as const;
