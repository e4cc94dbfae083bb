import { z } from 'zod';
import { messageMaxLength } from './campaigns.ts';
import { defineEndpoint, type FileAnswer } from './endpoint.ts';
import { countNumber } from './wire-values.ts';

/**
 * The unified inbox of seed 002 (§2.5 screen, §3 Conversation / Message / Messaging settings, §5
 * validation, §7.2 calls of the automation service, §9 constants). Wire names are the spec's.
 * Paths sit under automationBasePath; ':name' parameters are filled with fillPath.
 */

// ---------------------------------------------------------------------------------------------
// Constants (§9)

/** The mailboxes a conversation list may ask for; anything else is refused (§5). */
export const mailboxTypes = ['Inbox', 'Focused', 'Other'] as const;
export const mailboxTypeSchema = z.enum(mailboxTypes);
export type MailboxType = z.infer<typeof mailboxTypeSchema>;

/** The filter menu of §2.5; a filter narrows the mailbox's list. */
export const conversationFilters = [
  'Unread',
  'Starred',
  'InMail',
  'MyConnections',
  'Archived',
  'Spam',
] as const;
export const conversationFilterSchema = z.enum(conversationFilters);
export type ConversationFilter = z.infer<typeof conversationFilterSchema>;

/** A conversation sits in the focused or the other inbox (the focused-inbox setting splits them). */
export const inboxTabs = ['Focused', 'Other'] as const;
export type InboxTab = (typeof inboxTabs)[number];

export const conversationTypes = ['MEMBER_TO_MEMBER', 'INMAIL', 'SPONSORED'] as const;
export type ConversationType = (typeof conversationTypes)[number];

export const renderFormats = ['normal', 'SYSTEM', 'RECALLED', 'EDITED'] as const;
export type RenderFormat = (typeof renderFormats)[number];

/**
 * The emoji a message reaction may carry: the three quick reactions of the hover menu first, then
 * the rest of the picker (docs/decisions.md, issue 23). Any other emoji is refused.
 */
export const messageReactionEmojis = ['👍', '❤️', '😂', '👏', '🎉', '💡', '😮', '😢', '🙏', '🔥'] as const;
export const quickReactionEmojis = messageReactionEmojis.slice(0, 3);
export const messageReactionEmojiSchema = z.enum(messageReactionEmojis);

/** Edit and delete are offered for messages younger than this (§9). */
export const messageEditWindowMs = 60 * 60_000;
export const conversationsPageSize = 20;
export const eventsPageSize = 20;
/** §9: the list search waits this long after typing; the hover menu this long after hovering. */
export const messagingSearchDelayMs = 800;
export const messageHoverMenuDelayMs = 400;
export const messagingRefreshIntervalMs = 60_000;
export const keywordsMaxLength = 200;

// ---------------------------------------------------------------------------------------------
// Calls (§7.2)

export const messagingPaths = {
  recentConversations: '/mailboxes/:mailbox/conversations/recent',
  nextConversations: '/mailboxes/:mailbox/conversations/next',
  searchRecentConversations: '/mailboxes/search/:mailbox/conversations/recent',
  searchNextConversations: '/mailboxes/search/:mailbox/conversations/next',
  settings: '/settings',
  unreadCounters: '/messaging/unread-conversations-counters',
  /** PUT with action archive | unarchive | read | unread | star | unstar | focused | other. */
  conversationAction: '/conversations/:id/:action',
  /** DELETE */
  conversation: '/conversations/:id',
  sync: '/conversations/:id/sync',
  participants: '/conversations/:id/participants',
  recentEvents: '/conversations/:id/events/recent',
  nextEvents: '/conversations/:id/events/next',
  /** POST sends a message. */
  events: '/conversations/:id/events',
  /** PUT edits, DELETE deletes. */
  event: '/conversations/:id/events/:eventId',
  /** POST reacts, DELETE takes the reaction back. */
  reaction: '/conversations/:id/events/:eventId/reactions/:emoji',
  attachment: '/conversations/:id/attachments/:url',
} as const;

export const conversationActions = [
  'archive',
  'unarchive',
  'read',
  'unread',
  'star',
  'unstar',
  'focused',
  'other',
] as const;
export const conversationActionSchema = z.enum(conversationActions);
export type ConversationAction = z.infer<typeof conversationActionSchema>;

const networkId = z.string().min(1).max(500);

export const mailboxParamsSchema = z.object({ mailbox: mailboxTypeSchema });
export const conversationParamsSchema = z.object({ id: networkId });
export const conversationActionParamsSchema = z.object({ id: networkId, action: conversationActionSchema });
export const eventParamsSchema = z.object({ id: networkId, eventId: networkId });
export const reactionParamsSchema = z.object({
  id: networkId,
  eventId: networkId,
  emoji: messageReactionEmojiSchema,
});
export const attachmentParamsSchema = z.object({ id: networkId, url: z.string().min(1).max(2048) });
/** The file as the network serves it, with its own media type (audio, image, GIF, a document). */
export const attachmentFileAnswer: FileAnswer = {
  file: 'application/octet-stream',
  description: "The attachment's file, with the network's media type",
};

export const conversationsQuerySchema = z.object({
  keywords: z.string().trim().max(keywordsMaxLength).optional(),
  filter: conversationFilterSchema.optional(),
  /** Only on .../next: the nextCursor of the page before. */
  nextCursor: z.string().min(1).max(500).optional(),
});
export type ConversationsQuery = z.infer<typeof conversationsQuerySchema>;

export const eventsQuerySchema = z.object({ prevCursor: z.string().min(1).max(500).optional() });

/** §5: the composer's text; empty or whitespace-only text is refused like the disabled Send. */
export const messageTextSchema = z
  .string()
  .max(messageMaxLength, `The message is longer than ${messageMaxLength} characters`)
  .refine((text) => text.trim().length > 0, 'Enter your message');

export const sendMessageBodySchema = z.object({
  /** Uploads are not offered by the composer (docs/decisions.md): the list must be empty. */
  attachments: z.array(z.never()).max(0),
  message: messageTextSchema,
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;
export const editMessageBodySchema = z.object({ message: messageTextSchema });
export type EditMessageBody = z.infer<typeof editMessageBodySchema>;

// ---------------------------------------------------------------------------------------------
// Entities (§3)

export const participantSchema = z.object({
  entityId: z.string(),
  /** The profile slug when the network gave it (contacts imported by URL are known by it). */
  publicIdentifier: z.string().nullable(),
  fullName: z.string(),
  firstName: z.string(),
  pictureUrl: z.string().nullable(),
  occupation: z.string(),
});
export type Participant = z.infer<typeof participantSchema>;

export const renderContentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('audio'), url: z.string(), duration_ms: countNumber() }),
  z.object({ type: z.literal('external_media'), url: z.string(), title: z.string() }),
  z.object({
    type: z.literal('file'),
    url: z.string(),
    name: z.string(),
    byte_size: z.number().int().nonnegative(),
    recommended_accept_header: z.string(),
  }),
  z.object({ type: z.literal('vector_image'), url: z.string() }),
  z.object({ type: z.literal('video_meeting') }),
  z.object({ type: z.literal('unsupported_content') }),
]);
export type RenderContent = z.infer<typeof renderContentSchema>;

export const reactionSummarySchema = z.object({
  emoji: z.string(),
  count: countNumber(),
  viewerReacted: z.boolean(),
});
export type ReactionSummary = z.infer<typeof reactionSummarySchema>;

export const messageEventSchema = z.object({
  message_id: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  text: z.string(),
  from: z.object({ entityId: z.string(), fullName: z.string(), pictureUrl: z.string().nullable() }),
  /** Whether the workspace's own member sent it (edit and delete are offered for these). */
  from_self: z.boolean(),
  render_format: z.enum(renderFormats),
  render_content: z.array(renderContentSchema),
  reaction_summaries: z.array(reactionSummarySchema),
  subject: z.string().nullable(),
});
export type MessageEvent = z.infer<typeof messageEventSchema>;

export const conversationSchema = z.object({
  entity_id: z.string(),
  conversation_type: z.enum(conversationTypes),
  headline: z.string(),
  is_starred: z.boolean(),
  is_archived: z.boolean(),
  mailbox: z.enum(inboxTabs),
  unread_count: countNumber(),
  last_activity_at: z.iso.datetime({ offset: true }),
  participants: z.array(participantSchema),
  /** The latest message. */
  events: z.array(messageEventSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsPageSchema = z.object({
  conversations: z.array(conversationSchema),
  nextCursor: z.string().nullable(),
});
export type ConversationsPage = z.infer<typeof conversationsPageSchema>;

/** Oldest first; prevCursor loads the page before (null at the start of the conversation). */
export const eventsPageSchema = z.object({
  events: z.array(messageEventSchema),
  prevCursor: z.string().nullable(),
});
export type EventsPage = z.infer<typeof eventsPageSchema>;

export const messagingSettingsSchema = z.object({ focusedInboxEnabled: z.boolean() });
export type MessagingSettings = z.infer<typeof messagingSettingsSchema>;

/** Conversations with unread messages, per mailbox (the navigation dot shows when inbox > 0). */
export const unreadCountersSchema = z.object({
  Inbox: countNumber(),
  Focused: countNumber(),
  Other: countNumber(),
});
export type UnreadCounters = z.infer<typeof unreadCountersSchema>;

export const participantsResponseSchema = z.object({ participants: z.array(participantSchema) });
export const conversationResponseSchema = z.object({ conversation: conversationSchema });
export const eventResponseSchema = z.object({ event: messageEventSchema });

// ---------------------------------------------------------------------------------------------
// Endpoints (seed 002 §7.2) on the automation service, each scoped to the caller's persona
// (another workspace's conversation: 404)

const messagingCall = {
  service: 'automation',
  access: 'user',
  tags: ['messaging'],
  errors: ['BadRequest', 'NotFound', 'UnprocessableEntity'],
} as const;
const throughNetworkErrors = [...messagingCall.errors, 'BadGateway'] as const;
const conversationsPage = (path: string, summary: string) =>
  defineEndpoint({
    ...messagingCall,
    method: 'GET',
    path,
    summary,
    params: mailboxParamsSchema,
    query: conversationsQuerySchema,
    answers: { 200: conversationsPageSchema },
  });
const eventsPage = (path: string, summary: string) =>
  defineEndpoint({
    ...messagingCall,
    method: 'GET',
    path,
    summary,
    params: conversationParamsSchema,
    query: eventsQuerySchema,
    answers: { 200: eventsPageSchema },
  });
const reaction = (method: 'POST' | 'DELETE', summary: string) =>
  defineEndpoint({
    ...messagingCall,
    method,
    path: messagingPaths.reaction,
    summary,
    params: reactionParamsSchema,
    answers: { 200: eventResponseSchema },
  });

export const messagingEndpoints = {
  recentConversations: conversationsPage(
    messagingPaths.recentConversations,
    'The first page of a mailbox (filter narrows it)',
  ),
  nextConversations: conversationsPage(
    messagingPaths.nextConversations,
    'The next page of a mailbox, by nextCursor',
  ),
  searchRecentConversations: conversationsPage(
    messagingPaths.searchRecentConversations,
    'The first page of a keyword search in a mailbox',
  ),
  searchNextConversations: conversationsPage(
    messagingPaths.searchNextConversations,
    'The next page of a keyword search, by nextCursor',
  ),
  settings: defineEndpoint({
    ...messagingCall,
    method: 'GET',
    path: messagingPaths.settings,
    summary: 'Messaging settings',
    answers: { 200: messagingSettingsSchema },
  }),
  unreadCounters: defineEndpoint({
    ...messagingCall,
    method: 'GET',
    path: messagingPaths.unreadCounters,
    summary: 'Conversations with unread messages, per mailbox',
    answers: { 200: unreadCountersSchema },
  }),
  conversationAction: defineEndpoint({
    ...messagingCall,
    method: 'PUT',
    path: messagingPaths.conversationAction,
    summary: 'Archive, restore, read, unread, star, unstar, or move a conversation to Focused or Other',
    params: conversationActionParamsSchema,
    answers: { 200: conversationResponseSchema },
  }),
  deleteConversation: defineEndpoint({
    ...messagingCall,
    method: 'DELETE',
    path: messagingPaths.conversation,
    summary: 'Delete a conversation',
    params: conversationParamsSchema,
    answers: { 204: z.null() },
  }),
  sync: defineEndpoint({
    ...messagingCall,
    errors: throughNetworkErrors,
    method: 'POST',
    path: messagingPaths.sync,
    summary: 'Read the conversation from the network now',
    params: conversationParamsSchema,
    answers: { 200: conversationResponseSchema },
  }),
  participants: defineEndpoint({
    ...messagingCall,
    method: 'GET',
    path: messagingPaths.participants,
    summary: 'The participants of a conversation',
    params: conversationParamsSchema,
    answers: { 200: participantsResponseSchema },
  }),
  recentEvents: eventsPage(
    messagingPaths.recentEvents,
    'The latest messages of a conversation, oldest first',
  ),
  nextEvents: eventsPage(messagingPaths.nextEvents, 'The messages before prevCursor'),
  sendMessage: defineEndpoint({
    ...messagingCall,
    errors: throughNetworkErrors,
    method: 'POST',
    path: messagingPaths.events,
    summary: 'Send a message in the conversation (through the network)',
    params: conversationParamsSchema,
    body: sendMessageBodySchema,
    answers: { 201: eventResponseSchema },
  }),
  editMessage: defineEndpoint({
    ...messagingCall,
    method: 'PUT',
    path: messagingPaths.event,
    summary: 'Edit an own message younger than 1 hour',
    params: eventParamsSchema,
    body: editMessageBodySchema,
    answers: { 200: eventResponseSchema },
  }),
  deleteMessage: defineEndpoint({
    ...messagingCall,
    method: 'DELETE',
    path: messagingPaths.event,
    summary: 'Delete an own message younger than 1 hour',
    params: eventParamsSchema,
    answers: { 204: z.null() },
  }),
  react: reaction('POST', 'React to a message'),
  unreact: reaction('DELETE', 'Take a reaction back'),
  attachment: defineEndpoint({
    ...messagingCall,
    errors: throughNetworkErrors,
    method: 'GET',
    path: messagingPaths.attachment,
    summary:
      "A message's attachment, read from the network through the server (url: one of the conversation's attachment urls; send its recommended Accept header)",
    params: attachmentParamsSchema,
    answers: { 200: attachmentFileAnswer },
  }),
};
