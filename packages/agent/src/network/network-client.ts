import type { ConnectionDegree, ImportUrlSource, NetworkProfile } from '@outpilot/contracts';

/**
 * The NetworkClient port (reference/network-api.md §3): everything the agent does on the
 * professional network. Adapters: sandbox (HTTP to apps/sandbox) and, later, LinkedIn (the
 * user's own browser session). Every method is async, takes an optional AbortSignal, returns
 * domain types and throws AgentError with a catalogue name (NotAuthenticated, NotAuthorized,
 * SalesNavigatorNotAuthorized, BadRequest, UnprocessableEntity, EmptySearchPage, ExceedsLimit,
 * BadGateway) and, where it applies, a code such as WEEKLY_INVITATIONS or RATE_LIMITED.
 */
export type CallOptions = { signal?: AbortSignal };

export type ProfileRef = { publicIdentifier: string } | { profileUrn: string } | { salesNavUrn: string };

export type SessionInfo = {
  status: 'ok' | 'expired' | 'checkpoint' | 'restricted';
  tier: 'free' | 'premium' | 'salesNavigator';
  hasSalesNavSeat: boolean;
  me: NetworkProfile;
};

export type Relationship = {
  degree: ConnectionDegree;
  invitation?: { state: 'pending' | 'incoming'; invitationId: string };
  following: boolean;
  canMessage: boolean;
};

export type SearchSource =
  | { kind: 'basicSearch'; url: string }
  | { kind: 'salesNavSearch'; url: string }
  | { kind: 'salesNavSavedSearch'; savedSearchId: string }
  | { kind: 'salesNavLeadList'; listId: string }
  | { kind: 'groupMembers'; groupId: string }
  | { kind: 'eventAttendees'; eventId: string };

export type PageCursor = { start: number };
export type Page<T> = { items: T[]; nextCursor?: PageCursor };

export type SearchHit = {
  profileUrn: string;
  salesNavUrn?: string;
  /** Null for private "LinkedIn Member" hits. */
  publicIdentifier: string | null;
  fullName: string;
  headline: string;
  location: string;
  degree: ConnectionDegree;
  companyName?: string;
  positionTitle?: string;
};
export type SearchPage = Page<SearchHit> & { total?: number; pageSize: 10 | 25 };

/** The search behind a URL pasted in the import wizard, with the source card it was pasted for. */
export type PeopleSearch = { url: string; source: ImportUrlSource };
/** One page of a people search: `count` results from position `start`. */
export type PeopleSearchPageRequest = { start: number; count: number };
/** A hit the viewer may see in full, or a "LinkedIn Member" row without a name or public identifier. */
export type PeopleSearchElement = { invisible: false; profile: NetworkProfile } | { invisible: true };
export type PeopleSearchPage = {
  /** Every member the search matches. */
  total: number;
  /** What paging can reach (the network stops at 1000, or 2500 for Sales Navigator). */
  reachable: number;
  /** Shorter than asked on the last page; empty past `reachable`. */
  elements: PeopleSearchElement[];
};

export type Invitation = {
  invitationId: string;
  invitationUrn: string;
  toProfile: ProfileRef & { fullName: string };
  sentAt: Date;
  hasNote: boolean;
  note?: string;
  state: 'pending' | 'accepted' | 'withdrawn';
};

export type Connection = { profile: NetworkProfile; connectedAt: Date };

export type MailboxFilter = {
  mailbox: 'Inbox' | 'Focused' | 'Other';
  folder?: 'unread' | 'starred' | 'archived' | 'inmail' | 'spam' | 'myConnections';
  keywords?: string;
};

export type ReactionSummary = { emoji: string; count: number; viewerReacted: boolean; firstReactedAt: Date };

export type MessageEvent = {
  id: string;
  conversationId: string;
  createdAt: Date;
  from: { profileUrn: string; fullName: string; pictureUrl: string | null };
  text: string;
  subject?: string;
  renderFormat: 'DEFAULT' | 'EDITED' | 'RECALLED' | 'SYSTEM';
  attachments: { kind: string; url?: string; name?: string; byteSize?: number; mediaType?: string }[];
  reactions: ReactionSummary[];
};

export type Conversation = {
  id: string;
  threadId: string;
  participants: { profileUrn: string; fullName: string; firstName: string; pictureUrl: string | null }[];
  lastActivityAt: Date;
  lastReadAt?: Date;
  unreadCount: number;
  isStarred: boolean;
  isArchived: boolean;
  categories: string[];
  mailbox: 'Focused' | 'Other';
  type: 'MEMBER_TO_MEMBER' | 'INMAIL' | 'SPONSORED' | 'GROUP';
  lastEvent?: MessageEvent;
};

export type Post = { postUrn: string; createdAt: Date; text?: string };
export type PostReaction = 'Like' | 'Celebrate' | 'Support' | 'Love' | 'Insightful' | 'Funny';
export type Skill = { skillUrn: string; name: string; endorsedByViewer: boolean; endorsementCount: number };

export type NetworkEvent =
  | { type: 'InvitationAccepted'; invitationId: string; profileUrn: string; at: Date }
  | { type: 'MessageReceived'; event: MessageEvent }
  | { type: 'ReactionChanged'; eventId: string; summary: ReactionSummary }
  | { type: 'ConversationDeleted'; id: string }
  | { type: 'SessionExpired'; reason: string };

export type QuotaSnapshot = {
  weeklyInvites: { used: number; limit: number; resetsAt: Date };
  monthlyNotes: { used: number; limit: number };
  noteMax: number;
  dailyProfileViews: { used: number; limit: number };
};

export type NetworkClient = {
  // Session
  getSession(options?: CallOptions): Promise<SessionInfo>;
  /** The signed-in member, or null when the browser is not signed in to the network. */
  getMyProfile(options?: CallOptions): Promise<NetworkProfile | null>;
  // Profiles
  getProfile(publicIdentifier: string, options?: CallOptions): Promise<NetworkProfile>;
  getRelationship(ref: ProfileRef, options?: CallOptions): Promise<Relationship>;
  visitProfile(ref: ProfileRef, options?: CallOptions): Promise<void>;
  // Search and import
  countResults(source: SearchSource, options?: CallOptions): Promise<{ total: number; capped: boolean }>;
  searchPage(source: SearchSource, cursor?: PageCursor, options?: CallOptions): Promise<SearchPage>;
  /**
   * One page of the people behind an import wizard URL. An empty search throws EmptySearchPage, a
   * Sales Navigator search without a seat SalesNavigatorNotAuthorized, a throttle ExceedsLimit
   * (code RATE_LIMITED, with retryAfterMs) and a failing network BadGateway.
   */
  searchPeople(
    search: PeopleSearch,
    page: PeopleSearchPageRequest,
    options?: CallOptions,
  ): Promise<PeopleSearchPage>;
  // Invitations
  sendInvitation(ref: ProfileRef, note?: string, options?: CallOptions): Promise<Invitation>;
  listSentInvitations(cursor?: PageCursor, options?: CallOptions): Promise<Page<Invitation>>;
  withdrawInvitation(invitationId: string, options?: CallOptions): Promise<void>;
  listNewConnections(since: Date, cursor?: PageCursor, options?: CallOptions): Promise<Page<Connection>>;
  // Messaging
  listConversations(
    filter: MailboxFilter,
    cursor?: PageCursor,
    options?: CallOptions,
  ): Promise<Page<Conversation>>;
  syncConversations(
    syncToken?: string,
    options?: CallOptions,
  ): Promise<{ changed: Conversation[]; deletedIds: string[]; nextSyncToken: string }>;
  listEvents(
    conversationId: string,
    cursor?: { prevCursor: string } | { before: Date },
    options?: CallOptions,
  ): Promise<Page<MessageEvent>>;
  findConversationWith(ref: ProfileRef, options?: CallOptions): Promise<Conversation | null>;
  sendMessage(
    target: { conversationId: string } | { recipients: ProfileRef[] },
    body: { text: string },
    idempotencyKey: string,
    options?: CallOptions,
  ): Promise<MessageEvent>;
  editMessage(eventId: string, text: string, options?: CallOptions): Promise<void>;
  deleteMessage(eventId: string, options?: CallOptions): Promise<void>;
  react(eventId: string, emoji: string, on: boolean, options?: CallOptions): Promise<void>;
  setRead(conversationId: string, read: boolean, options?: CallOptions): Promise<void>;
  setStarred(conversationId: string, starred: boolean, options?: CallOptions): Promise<void>;
  setArchived(conversationId: string, archived: boolean, options?: CallOptions): Promise<void>;
  setFocus(conversationId: string, mailbox: 'Focused' | 'Other', options?: CallOptions): Promise<void>;
  deleteConversation(conversationId: string, options?: CallOptions): Promise<void>;
  // Engagement
  follow(ref: ProfileRef, options?: CallOptions): Promise<void>;
  listRecentPosts(ref: ProfileRef, limit: number, options?: CallOptions): Promise<Post[]>;
  reactToPost(postUrn: string, reaction: PostReaction, options?: CallOptions): Promise<void>;
  listSkills(ref: ProfileRef, options?: CallOptions): Promise<Skill[]>;
  endorseSkill(ref: ProfileRef, skillUrn: string, options?: CallOptions): Promise<void>;
  // Optional
  subscribe?(handler: (event: NetworkEvent) => void): () => void;
  quota?(options?: CallOptions): Promise<QuotaSnapshot>;
};

/** The part of the port the session watcher needs. */
export type ProfileNetworkClient = Pick<NetworkClient, 'getMyProfile' | 'getProfile'>;
/** The part of the port the adapters serve so far; the bridge host and the import runner need no more. */
export type AgentNetworkClient = Pick<NetworkClient, 'getMyProfile' | 'getProfile' | 'searchPeople'>;
