import { z } from 'zod';
import { networkProfileSchema } from './network.ts';
import { wholeNumber } from './wire-values.ts';

/**
 * What the session member of the simulated network (apps/sandbox) can do besides search:
 * invitations, connections, messaging, follows, post reactions, endorsements and profile visits
 * (network-api.md §1, §4). Every path is relative to sandboxBasePath. Refusals use the one error
 * body ({ name, message, code? }) with the product's error names and the codes below.
 */
export const sandboxActionPaths = {
  invitations: '/api/invitations',
  sentInvitations: '/api/invitations/sent',
  withdrawInvitation: (invitationId: string) =>
    `/api/invitations/${encodeURIComponent(invitationId)}/withdraw`,
  connections: '/api/connections',
  messages: '/api/messages',
  conversations: '/api/conversations',
  /** PATCH changes its state (read, star, archive, focused/other); DELETE deletes it for the member. */
  conversation: (conversationId: string) => `/api/conversations/${encodeURIComponent(conversationId)}`,
  conversationMessages: (conversationId: string) =>
    `/api/conversations/${encodeURIComponent(conversationId)}/messages`,
  /** PUT edits the member's own message, DELETE recalls it. */
  conversationMessage: (conversationId: string, messageId: string) =>
    `/api/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}`,
  /** GET the file of an attachment (its bytes with their media type). */
  attachment: (conversationId: string, attachmentId: string) =>
    `/api/conversations/${encodeURIComponent(conversationId)}/attachments/${encodeURIComponent(attachmentId)}`,
  /** PUT adds the member's reaction, DELETE takes it back. */
  messageReaction: (conversationId: string, messageId: string, emoji: string) =>
    `/api/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/reactions/${encodeURIComponent(emoji)}`,
  follows: '/api/follows',
  profileDetails: (publicIdentifier: string) =>
    `/api/profiles/${encodeURIComponent(publicIdentifier)}/details`,
  profilePosts: (publicIdentifier: string) => `/api/profiles/${encodeURIComponent(publicIdentifier)}/posts`,
  profileSkills: (publicIdentifier: string) => `/api/profiles/${encodeURIComponent(publicIdentifier)}/skills`,
  endorsements: (publicIdentifier: string) =>
    `/api/profiles/${encodeURIComponent(publicIdentifier)}/endorsements`,
  visits: (publicIdentifier: string) => `/api/profiles/${encodeURIComponent(publicIdentifier)}/visits`,
  postReactions: (postId: string) => `/api/posts/${encodeURIComponent(postId)}/reactions`,
  activity: '/api/activity',
} as const;

/** Sent on any mutating call: a repeat with the same key answers the first (2xx) response again. */
export const idempotencyKeyHeader = 'idempotency-key';

/** Note length limits of the network, in Unicode code points (network-api.md §2.1; seed 001 §5). */
export const invitationNoteMaxPremium = 300;
export const invitationNoteMaxFree = 200;
/** The network's own message body limit; the product caps its texts lower (3000). */
export const networkMessageMaxLength = 8000;

/** The `code` of the sandbox's refusals; the `name` is the product error name given beside each. */
export const sandboxActionErrorCodes = {
  /** 422 UnprocessableEntity: note over 300, or over 200 for a free account → pause TooLongInvitationMessage. */
  tooLongInvitationMessage: 'TOO_LONG_INVITATION_MESSAGE',
  /** 429 ExceedsLimit: free account out of personalised notes this calendar month → pause ExceedFreeMonthlyPersonalizedInvitations. */
  exceedFreeMonthlyPersonalizedInvitations: 'EXCEED_FREE_MONTHLY_PERSONALIZED_INVITATIONS',
  /** 429 ExceedsLimit: the rolling 7-day invitation cap; Retry-After says when a slot frees up. */
  weeklyInvitationLimit: 'WEEKLY_INVITATION_LIMIT',
  /** 429 ExceedsLimit: transient throttling with Retry-After (also from fault injection). */
  rateLimited: 'RATE_LIMITED',
  /** 422 UnprocessableEntity: an invitation to a 1st-degree connection. */
  alreadyConnected: 'ALREADY_CONNECTED',
  /** 400 BadRequest: re-inviting within 21 days of a withdrawal. */
  cantResendYet: 'CANT_RESEND_YET',
  /** 400 BadRequest: withdrawing an invitation that was already accepted. */
  invitationAlreadyAccepted: 'INVITATION_ALREADY_ACCEPTED',
  /** 400 BadRequest: acting on oneself. */
  selfAction: 'SELF_ACTION',
  /** 403 NotAuthorized: messaging or endorsing someone who is not a 1st-degree connection. */
  notConnected: 'NOT_CONNECTED',
  /** 422 UnprocessableEntity: endorsing a skill the member does not list. */
  skillNotFound: 'SKILL_NOT_FOUND',
  /** 422 UnprocessableEntity: an Idempotency-Key reused for another call. */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** 401 NotAuthenticated: the network session is older than its lifetime. */
  sessionExpired: 'SESSION_EXPIRED',
} as const;
export type SandboxActionErrorCode = (typeof sandboxActionErrorCodes)[keyof typeof sandboxActionErrorCodes];

const isoDate = z.iso.datetime({ offset: true });
const entityIdSchema = z.string().trim().min(1).max(100);

/** A member as seen by the session member, with the relationship beyond the degree. */
export const sandboxRelationshipSchema = z.object({
  /** The session member has an invitation to this member awaiting an answer. */
  invitationPending: z.boolean(),
  invitationId: z.string().nullable(),
  following: z.boolean(),
  /** Only 1st-degree connections can be messaged (no InMail in the sandbox). */
  canMessage: z.boolean(),
});
export type SandboxRelationship = z.infer<typeof sandboxRelationshipSchema>;

export const sandboxProfileSchema = networkProfileSchema.extend({ relationship: sandboxRelationshipSchema });
export type SandboxProfile = z.infer<typeof sandboxProfileSchema>;

/** The profile with the sections a scrape reads (network-api.md §1 "Contact info, skills"). */
export const sandboxProfileDetailsSchema = sandboxProfileSchema.extend({
  industry: z.string(),
  summary: z.string(),
  positions: z.array(z.object({ title: z.string(), companyName: z.string(), startedAt: isoDate })),
  education: z.array(z.object({ schoolName: z.string() })),
  skills: z.array(z.string()),
  contactInfo: z.object({
    /** Shown only to 1st-degree connections, and only by members who share it. */
    email: z.string().nullable(),
    websites: z.array(z.string()),
  }),
});
export type SandboxProfileDetails = z.infer<typeof sandboxProfileDetailsSchema>;

// Invitations

export const sendInvitationRequestSchema = z
  .object({
    entityId: entityIdSchema,
    /** The note; its length rules (200 free / 300 premium) are the network's, answered with codes. */
    message: z.string().max(4000).optional(),
  })
  .strict();
export type SendInvitationRequest = z.infer<typeof sendInvitationRequestSchema>;

export const sandboxInvitationStateSchema = z.enum(['pending', 'accepted', 'withdrawn']);
export type SandboxInvitationState = z.infer<typeof sandboxInvitationStateSchema>;

export const sandboxInvitationSchema = z.object({
  invitationId: z.string(),
  entityId: z.string(),
  sentAt: isoDate,
  hasNote: z.boolean(),
  message: z.string().nullable(),
  state: sandboxInvitationStateSchema,
});
export type SandboxInvitation = z.infer<typeof sandboxInvitationSchema>;

export const sentInvitationsResponseSchema = z.object({ invitations: z.array(sandboxInvitationSchema) });
export type SentInvitationsResponse = z.infer<typeof sentInvitationsResponseSchema>;

export const withdrawInvitationResponseSchema = z.object({
  invitationId: z.string(),
  state: z.literal('withdrawn'),
  withdrawnAt: isoDate,
});
export type WithdrawInvitationResponse = z.infer<typeof withdrawInvitationResponseSchema>;

export const sandboxSinceQuerySchema = z.object({ since: isoDate.optional() });

export const sandboxNewConnectionSchema = z.object({
  entityId: z.string(),
  publicIdentifier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  connectedAt: isoDate,
  invitationId: z.string(),
});
export const connectionsResponseSchema = z.object({ connections: z.array(sandboxNewConnectionSchema) });
export type ConnectionsResponse = z.infer<typeof connectionsResponseSchema>;

// Messaging

export const sendMessageRequestSchema = z
  .object({
    entityId: entityIdSchema,
    text: z.string().trim().min(1).max(networkMessageMaxLength),
    conversationId: z.string().min(1).max(200).optional(),
  })
  .strict();
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

export const sendMessageResponseSchema = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  deliveredAt: isoDate,
});
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

export const sandboxMessageReactionSchema = z.object({
  emoji: z.string(),
  count: wholeNumber().min(1),
  /** The session member is among those who reacted. */
  viewerReacted: z.boolean(),
});

/** What a message may carry; a video meeting is an invitation with no file. */
export const sandboxAttachmentKinds = ['file', 'image', 'gif', 'audio', 'video_meeting'] as const;
export type SandboxAttachmentKind = (typeof sandboxAttachmentKinds)[number];

export const sandboxAttachmentSchema = z.object({
  kind: z.enum(sandboxAttachmentKinds),
  /** Where the network serves the file (GET with the session); null for a video meeting. */
  url: z.string().nullable(),
  name: z.string(),
  byteSize: wholeNumber().min(0),
  mediaType: z.string(),
  /** Audio only. */
  durationMs: wholeNumber().min(0).nullable(),
});
export type SandboxAttachment = z.infer<typeof sandboxAttachmentSchema>;

export const sandboxConversationMessageSchema = z.object({
  messageId: z.string(),
  /** The entityId of the author: the session member or the other participant. */
  from: z.string(),
  /** Empty once recalled. */
  text: z.string(),
  deliveredAt: isoDate,
  edited: z.boolean(),
  recalled: z.boolean(),
  reactions: z.array(sandboxMessageReactionSchema),
  attachments: z.array(sandboxAttachmentSchema),
  /** Written by the network (how the conversation came), not by a member. */
  system: z.boolean(),
  subject: z.string().nullable(),
  /** The latest edit, recall or reaction the member can see (null: none since delivery). */
  changedAt: isoDate.nullable(),
});
export type SandboxConversationMessage = z.infer<typeof sandboxConversationMessageSchema>;

export const sandboxConversationParticipantSchema = z.object({
  entityId: z.string(),
  /** The member's profile slug (linkedin.com/in/{publicIdentifier}), as contacts know them. */
  publicIdentifier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  picture: z.string().nullable(),
  /** The member's headline. */
  occupation: z.string(),
});

export const sandboxConversationSchema = z.object({
  conversationId: z.string(),
  participants: z.array(sandboxConversationParticipantSchema),
  lastActivityAt: isoDate,
  /** Messages from the other participant delivered after the thread was last opened. */
  unreadCount: wholeNumber().min(0),
  /** The latest messages (up to 20), oldest first. */
  messages: z.array(sandboxConversationMessageSchema),
  starred: z.boolean(),
  archived: z.boolean(),
  /** The network sorts each conversation into Focused or Other; the member may move it. */
  mailbox: z.enum(['Focused', 'Other']),
  conversationType: z.enum(['MEMBER_TO_MEMBER', 'INMAIL']),
  spam: z.boolean(),
  /** The other participant is a 1st-degree connection now. */
  connected: z.boolean(),
  /**
   * The latest change the member can see: a message, a mark, an edit, a recall or a reaction.
   * `since` compares with this, so a sync sees marks made on another device.
   */
  updatedAt: isoDate,
});
export type SandboxConversation = z.infer<typeof sandboxConversationSchema>;

export const conversationsResponseSchema = z.object({ conversations: z.array(sandboxConversationSchema) });
export type ConversationsResponse = z.infer<typeof conversationsResponseSchema>;

export const conversationMessagesResponseSchema = z.object({
  conversationId: z.string(),
  messages: z.array(sandboxConversationMessageSchema),
});
export type ConversationMessagesResponse = z.infer<typeof conversationMessagesResponseSchema>;

/** PATCH conversation: what the member changed; a field left out stays as it is. */
export const sandboxConversationChangeSchema = z
  .object({
    read: z.boolean().optional(),
    starred: z.boolean().optional(),
    archived: z.boolean().optional(),
    mailbox: z.enum(['Focused', 'Other']).optional(),
  })
  .strict();
export type SandboxConversationChange = z.infer<typeof sandboxConversationChangeSchema>;

export const sandboxEditMessageRequestSchema = z
  .object({ text: z.string().trim().min(1).max(networkMessageMaxLength) })
  .strict();

// Engagement

export const sandboxFollowRequestSchema = z.object({ entityId: entityIdSchema }).strict();
export const sandboxFollowResponseSchema = z.object({ entityId: z.string(), followedAt: isoDate });
export type SandboxFollowResponse = z.infer<typeof sandboxFollowResponseSchema>;

export const sandboxPostSchema = z.object({
  postId: z.string(),
  postUrn: z.string(),
  text: z.string(),
  createdAt: isoDate,
});
export type SandboxPost = z.infer<typeof sandboxPostSchema>;
/** Empty for members who post nothing: the ReactOnPost step is then skipped. */
export const postsResponseSchema = z.object({ posts: z.array(sandboxPostSchema) });
export type PostsResponse = z.infer<typeof postsResponseSchema>;

/** LinkedIn's reaction types (Like, Celebrate, Support, Love, Insightful, Funny). */
export const postReactionTypes = [
  'LIKE',
  'PRAISE',
  'APPRECIATION',
  'EMPATHY',
  'INTEREST',
  'ENTERTAINMENT',
] as const;
export const postReactionTypeSchema = z.enum(postReactionTypes);
export type PostReactionType = z.infer<typeof postReactionTypeSchema>;

export const reactToPostRequestSchema = z.object({ reaction: postReactionTypeSchema }).strict();
export const reactToPostResponseSchema = z.object({
  postId: z.string(),
  entityId: z.string(),
  reaction: postReactionTypeSchema,
  reactedAt: isoDate,
});
export type ReactToPostResponse = z.infer<typeof reactToPostResponseSchema>;

export const sandboxSkillSchema = z.object({
  name: z.string(),
  endorsementCount: wholeNumber().min(0),
  endorsedByViewer: z.boolean(),
});
export const skillsResponseSchema = z.object({ skills: z.array(sandboxSkillSchema) });
export type SkillsResponse = z.infer<typeof skillsResponseSchema>;

export const endorseSkillRequestSchema = z.object({ skill: z.string().trim().min(1).max(200) }).strict();
export const endorseSkillResponseSchema = z.object({
  entityId: z.string(),
  skill: z.string(),
  endorsedAt: isoDate,
});
export type EndorseSkillResponse = z.infer<typeof endorseSkillResponseSchema>;

export const visitProfileResponseSchema = z.object({ entityId: z.string(), visitedAt: isoDate });
export type VisitProfileResponse = z.infer<typeof visitProfileResponseSchema>;

// Activity: what the network recorded for the session member (tests, statistics cross-check).

export const sandboxActivitySchema = z.object({
  entityId: z.string(),
  counts: z.object({
    invitationsSent: wholeNumber(),
    invitationsPending: wholeNumber(),
    invitationsAccepted: wholeNumber(),
    invitationsWithdrawn: wholeNumber(),
    messagesSent: wholeNumber(),
    repliesReceived: wholeNumber(),
    follows: wholeNumber(),
    reactions: wholeNumber(),
    endorsements: wholeNumber(),
    visits: wholeNumber(),
  }),
  invitations: z.array(
    sandboxInvitationSchema.extend({ acceptedAt: isoDate.nullable(), withdrawnAt: isoDate.nullable() }),
  ),
  messages: z.array(
    z.object({
      messageId: z.string(),
      conversationId: z.string(),
      entityId: z.string(),
      direction: z.enum(['sent', 'received']),
      deliveredAt: isoDate,
    }),
  ),
  follows: z.array(sandboxFollowResponseSchema),
  reactions: z.array(reactToPostResponseSchema),
  endorsements: z.array(endorseSkillResponseSchema),
  visits: z.array(visitProfileResponseSchema),
});
export type SandboxActivity = z.infer<typeof sandboxActivitySchema>;
