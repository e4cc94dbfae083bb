import type { ConnectionDegree, ImportUrlSource, NetworkProfile, Reaction } from '@outpilot/contracts';

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

/**
 * The member an action is aimed at. The sandbox (and LinkedIn's invitation and messaging calls)
 * address members by entityId; profile pages by publicIdentifier. Without an entityId the adapter
 * looks it up from the profile.
 */
export type MemberRef = { publicIdentifier: string; entityId?: string | null };

/**
 * Mutating calls carry an idempotency key: the network (the sandbox's Idempotency-Key, LinkedIn's
 * originToken for messages) answers a repeat with the first result instead of acting twice.
 */
export type ActionOptions = CallOptions & { idempotencyKey?: string };

export type Invitation = {
  invitationId: string;
  /** The invitee. */
  entityId: string;
  sentAt: Date;
  hasNote: boolean;
  note: string | null;
  state: 'pending' | 'accepted' | 'withdrawn';
};

/** A connection made by an accepted invitation: how acceptance is detected. */
export type Connection = {
  entityId: string;
  publicIdentifier: string;
  firstName: string;
  lastName: string;
  connectedAt: Date;
  /** The accepted invitation, when the network says which one. */
  invitationId: string | null;
};

/** A file sent with a message; `url` is where the network serves it (null for a video meeting). */
export type ConversationAttachment = {
  kind: 'file' | 'image' | 'gif' | 'audio' | 'video_meeting';
  url: string | null;
  name: string;
  byteSize: number;
  mediaType: string;
  durationMs: number | null;
};

/**
 * One message. Beyond the first four fields an adapter tells what it knows (the sandbox all of it);
 * what it leaves out reads as a plain message.
 */
export type ConversationMessage = {
  messageId: string;
  fromEntityId: string;
  text: string;
  sentAt: Date;
  edited?: boolean;
  recalled?: boolean;
  /** Written by the network, not by a member. */
  system?: boolean;
  subject?: string | null;
  attachments?: ConversationAttachment[];
  reactions?: { emoji: string; count: number; viewerReacted: boolean }[];
  /** The latest edit, recall or reaction, when there was one. */
  changedAt?: Date | null;
};

/** A file as the network serves it. */
export type AttachmentFile = { bytes: Uint8Array; mediaType: string };

/** A 1:1 conversation with its latest messages, oldest first. */
export type Conversation = {
  id: string;
  participants: {
    entityId: string;
    publicIdentifier: string | null;
    firstName: string;
    lastName: string;
    pictureUrl: string | null;
    occupation: string;
  }[];
  lastActivityAt: Date;
  unreadCount: number;
  messages: ConversationMessage[];
  // What the network says of the conversation besides its messages, where the adapter knows it.
  conversationType?: 'MEMBER_TO_MEMBER' | 'INMAIL';
  spam?: boolean;
  mailbox?: 'Focused' | 'Other';
  starred?: boolean;
  archived?: boolean;
  /** The other participant is a 1st-degree connection. */
  connected?: boolean;
  /** The latest change of any kind (message, mark, edit, recall, reaction): what `since` compares. */
  updatedAt?: Date;
};

export type SentMessage = { messageId: string; conversationId: string };

export type PostReaction = Reaction;
export type Post = {
  postId: string;
  postUrn: string;
  createdAt: Date;
  text?: string;
  /** The viewer's reaction, when the adapter can see it (undefined: unknown). */
  viewerReaction?: PostReaction | null;
};
export type Skill = { name: string; endorsedByViewer: boolean; endorsementCount: number };

/** A profile with the sections a ScrapeProfile step reads. */
export type ProfileDetails = NetworkProfile & {
  relationship: Relationship;
  industry: string;
  summary: string;
  positions: { title: string; companyName: string; startedAt: Date }[];
  education: { schoolName: string }[];
  skills: string[];
  contactInfo: { email: string | null; websites: string[] };
};

export type NetworkEvent =
  | { type: 'InvitationAccepted'; invitationId: string; profileUrn: string; at: Date }
  | { type: 'MessageReceived'; conversationId: string; message: ConversationMessage }
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
  getProfileDetails(target: MemberRef, options?: CallOptions): Promise<ProfileDetails>;
  /** Degree, pending invitation and follow state: what reconciliation asks after a crash. */
  getRelationship(target: MemberRef, options?: CallOptions): Promise<Relationship>;
  visitProfile(target: MemberRef, options?: ActionOptions): Promise<void>;
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
  /**
   * Refusals: ExceedsLimit WEEKLY_INVITATION_LIMIT (Retry-After) or
   * EXCEED_FREE_MONTHLY_PERSONALIZED_INVITATIONS, UnprocessableEntity TOO_LONG_INVITATION_MESSAGE or
   * ALREADY_CONNECTED, BadRequest CANT_RESEND_YET.
   */
  sendInvitation(target: MemberRef, note?: string, options?: ActionOptions): Promise<Invitation>;
  /** The invitations still awaiting an answer, newest first. */
  listSentInvitations(options?: CallOptions): Promise<Invitation[]>;
  /** BadRequest INVITATION_ALREADY_ACCEPTED when it was accepted meanwhile. */
  withdrawInvitation(invitationId: string, options?: ActionOptions): Promise<void>;
  /** Connections made from `since` on (inclusive), oldest first; all of them without `since`. */
  listConnectionsSince(since: Date | null, options?: CallOptions): Promise<Connection[]>;
  // Messaging
  /** NotAuthorized NOT_CONNECTED for a member who is not a 1st-degree connection. */
  sendMessage(
    target: MemberRef,
    text: string,
    conversationId?: string,
    options?: ActionOptions,
  ): Promise<SentMessage>;
  /** Conversations active from `since` on (inclusive), most recent first. */
  listConversationsSince(since: Date | null, options?: CallOptions): Promise<Conversation[]>;
  // The member's inbox (network-api.md §3). Each sets a state, so a repeat changes nothing more;
  // an unknown conversation or message is NotFound.
  setRead(conversationId: string, read: boolean, options?: CallOptions): Promise<void>;
  setStarred(conversationId: string, starred: boolean, options?: CallOptions): Promise<void>;
  setArchived(conversationId: string, archived: boolean, options?: CallOptions): Promise<void>;
  setFocus(conversationId: string, mailbox: 'Focused' | 'Other', options?: CallOptions): Promise<void>;
  deleteConversation(conversationId: string, options?: CallOptions): Promise<void>;
  /** Own messages only (NotAuthorized otherwise). */
  editMessage(conversationId: string, messageId: string, text: string, options?: CallOptions): Promise<void>;
  /** Own messages only; the message stays as deleted. */
  deleteMessage(conversationId: string, messageId: string, options?: CallOptions): Promise<void>;
  react(
    conversationId: string,
    messageId: string,
    emoji: string,
    on: boolean,
    options?: CallOptions,
  ): Promise<void>;
  /**
   * The file at an attachment's `url` (as a listed message gave it), read with the member's session
   * and the accept header the network recommends; NotFound when it is not one of the conversation's.
   */
  fetchAttachment(
    conversationId: string,
    url: string,
    accept: string,
    options?: CallOptions,
  ): Promise<AttachmentFile>;
  // Engagement
  follow(target: MemberRef, options?: ActionOptions): Promise<void>;
  /** Newest first; empty for members who post nothing. */
  listRecentPosts(target: MemberRef, options?: CallOptions): Promise<Post[]>;
  reactToPost(postId: string, reaction: PostReaction, options?: ActionOptions): Promise<void>;
  listSkills(target: MemberRef, options?: CallOptions): Promise<Skill[]>;
  /** NotAuthorized NOT_CONNECTED unless connected; UnprocessableEntity SKILL_NOT_FOUND. */
  endorseSkill(target: MemberRef, skill: string, options?: ActionOptions): Promise<void>;
  // Optional
  subscribe?(handler: (event: NetworkEvent) => void): () => void;
  quota?(options?: CallOptions): Promise<QuotaSnapshot>;
};

/** The port's methods that change a persona's inbox on the network (or read an attachment of it). */
export const inboxChangeMethods = [
  'sendMessage',
  'setRead',
  'setStarred',
  'setArchived',
  'setFocus',
  'deleteConversation',
  'editMessage',
  'deleteMessage',
  'react',
  'fetchAttachment',
] as const satisfies readonly (keyof NetworkClient)[];

/** What a runner needs of the network to make the inbox's changes. */
export type InboxChangesNetworkClient = Pick<NetworkClient, (typeof inboxChangeMethods)[number]>;

/** What the unified inbox does on the network for a persona: its changes, reading it, and whose it is. */
export type InboxNetworkClient = InboxChangesNetworkClient &
  Pick<NetworkClient, 'getMyProfile' | 'listConversationsSince'>;

/** The part of the port the session watcher needs. */
export type ProfileNetworkClient = Pick<NetworkClient, 'getMyProfile' | 'getProfile'>;
/** The part of the port the adapters serve so far; the bridge host and the import runner need no more. */
export type AgentNetworkClient = Pick<NetworkClient, 'getMyProfile' | 'getProfile' | 'searchPeople'>;
/** What the activity runner does on the network (sync included). */
export type ActivityNetworkClient = Pick<
  NetworkClient,
  | 'getMyProfile'
  | 'getProfileDetails'
  | 'getRelationship'
  | 'visitProfile'
  | 'sendInvitation'
  | 'listSentInvitations'
  | 'withdrawInvitation'
  | 'listConnectionsSince'
  | 'sendMessage'
  | 'listConversationsSince'
  | 'follow'
  | 'listRecentPosts'
  | 'reactToPost'
  | 'listSkills'
  | 'endorseSkill'
>;
