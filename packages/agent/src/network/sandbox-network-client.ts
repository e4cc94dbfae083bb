import {
  connectionsResponseSchema,
  conversationsResponseSchema,
  idempotencyKeyHeader,
  type NetworkProfile,
  networkProfileSchema,
  networkReactionValues,
  postsResponseSchema,
  type SandboxConversationChange,
  type SandboxSessionResponse,
  type SearchHit,
  sandboxActionPaths,
  sandboxInvitationSchema,
  sandboxPaths,
  sandboxProfileDetailsSchema,
  sandboxProfileSchema,
  sandboxSearchPeoplePath,
  sandboxSearchResponseSchema,
  sandboxSessionHeader,
  sandboxSessionResponseSchema,
  sendMessageResponseSchema,
  sentInvitationsResponseSchema,
  skillsResponseSchema,
} from '@outpilot/contracts';
import type { FetchLike } from '../api-client.ts';
import { AgentError, badGateway, rateLimitedCode } from '../errors.ts';
import { errorFromFetchFailure, errorFromResponse, readJson } from '../http-errors.ts';
import type {
  ActionOptions,
  ActivityNetworkClient,
  AgentNetworkClient,
  AttachmentFile,
  CallOptions,
  Connection,
  Conversation,
  InboxNetworkClient,
  Invitation,
  MemberRef,
  PeopleSearch,
  PeopleSearchElement,
  PeopleSearchPage,
  PeopleSearchPageRequest,
  Post,
  PostReaction,
  ProfileDetails,
  Relationship,
  SentMessage,
  Skill,
} from './network-client.ts';
import {
  toConnection,
  toConversation,
  toInvitation,
  toProfileDetails,
  toRelationship,
} from './sandbox-mapping.ts';

export type SandboxNetworkClientOptions = {
  /** Where the sandbox is mounted, e.g. /sandbox in a page or http://localhost:3000/sandbox on a server. */
  sandboxBaseUrl: string;
  /** An explicit session for server-side runners; without it the browser's cookie is sent. */
  sessionId?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
};

const sinceQuery = (since: Date | null) =>
  since ? `?${new URLSearchParams({ since: since.toISOString() })}` : '';

function toElement(hit: SearchHit): PeopleSearchElement {
  if (hit.invisible) return { invisible: true };
  const { invisible: _invisible, ...profile } = hit;
  return { invisible: false, profile };
}

/** The sandbox adapter of the NetworkClient port: HTTP to apps/sandbox. */
export class SandboxNetworkClient implements AgentNetworkClient, ActivityNetworkClient, InboxNetworkClient {
  readonly #baseUrl: string;
  readonly #sessionId: string | undefined;
  readonly #fetch: FetchLike;
  readonly #timeoutMs: number;

  constructor(options: SandboxNetworkClientOptions) {
    this.#baseUrl = options.sandboxBaseUrl.replace(/\/+$/, '');
    this.#sessionId = options.sessionId;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#timeoutMs = options.timeoutMs ?? 30_000;
  }

  async getMyProfile(options?: CallOptions): Promise<NetworkProfile | null> {
    try {
      return await this.#getProfile(sandboxPaths.me, options);
    } catch (error) {
      // Not signed in to the network is a state, not a failure, for this call.
      if (error instanceof AgentError && error.name === 'NotAuthenticated') return null;
      throw error;
    }
  }

  getProfile(publicIdentifier: string, options?: CallOptions): Promise<NetworkProfile> {
    return this.#getProfile(sandboxPaths.profile(publicIdentifier), options);
  }

  async searchPeople(
    search: PeopleSearch,
    page: PeopleSearchPageRequest,
    options?: CallOptions,
  ): Promise<PeopleSearchPage> {
    const query = new URLSearchParams({
      url: search.url,
      source: search.source,
      start: String(page.start),
      count: String(page.count),
    });
    const response = await this.#send('GET', `${sandboxSearchPeoplePath}?${query}`, options);
    const { total, reachable, elements } = await readJson(response, sandboxSearchResponseSchema);
    return { total, reachable, elements: elements.map(toElement) };
  }

  /**
   * Signs the browser in to the sandbox as the member chosen for this e-mail (POST session): the
   * sandbox sets its session cookie, so later calls from this browser are "signed in to the network".
   */
  async signIn(email: string, options?: CallOptions): Promise<SandboxSessionResponse> {
    const response = await this.#send('POST', sandboxPaths.session, options, { email });
    return readJson(response, sandboxSessionResponseSchema);
  }

  // Profiles

  async getRelationship(target: MemberRef, options?: CallOptions): Promise<Relationship> {
    const path = sandboxPaths.profile(target.publicIdentifier);
    return toRelationship(await readJson(await this.#send('GET', path, options), sandboxProfileSchema));
  }

  async getProfileDetails(target: MemberRef, options?: CallOptions): Promise<ProfileDetails> {
    const path = sandboxActionPaths.profileDetails(target.publicIdentifier);
    const details = await readJson(await this.#send('GET', path, options), sandboxProfileDetailsSchema);
    return toProfileDetails(details);
  }

  async visitProfile(target: MemberRef, options?: ActionOptions): Promise<void> {
    await this.#send('POST', sandboxActionPaths.visits(target.publicIdentifier), options, {});
  }

  // Invitations

  async sendInvitation(target: MemberRef, note?: string, options?: ActionOptions): Promise<Invitation> {
    const entityId = await this.#entityIdOf(target, options);
    const body = { entityId, ...(note?.trim() ? { message: note } : {}) };
    const response = await this.#send('POST', sandboxActionPaths.invitations, options, body);
    return toInvitation(await readJson(response, sandboxInvitationSchema));
  }

  async listSentInvitations(options?: CallOptions): Promise<Invitation[]> {
    const response = await this.#send('GET', sandboxActionPaths.sentInvitations, options);
    return (await readJson(response, sentInvitationsResponseSchema)).invitations.map(toInvitation);
  }

  async withdrawInvitation(invitationId: string, options?: ActionOptions): Promise<void> {
    await this.#send('POST', sandboxActionPaths.withdrawInvitation(invitationId), options, {});
  }

  async listConnectionsSince(since: Date | null, options?: CallOptions): Promise<Connection[]> {
    const path = `${sandboxActionPaths.connections}${sinceQuery(since)}`;
    const { connections } = await readJson(await this.#send('GET', path, options), connectionsResponseSchema);
    return connections.map(toConnection);
  }

  // Messaging

  async sendMessage(
    target: MemberRef,
    text: string,
    conversationId?: string,
    options?: ActionOptions,
  ): Promise<SentMessage> {
    const entityId = await this.#entityIdOf(target, options);
    const body = { entityId, text, ...(conversationId ? { conversationId } : {}) };
    const response = await this.#send('POST', sandboxActionPaths.messages, options, body);
    const { messageId, conversationId: thread } = await readJson(response, sendMessageResponseSchema);
    return { messageId, conversationId: thread };
  }

  async listConversationsSince(since: Date | null, options?: CallOptions): Promise<Conversation[]> {
    const path = `${sandboxActionPaths.conversations}${sinceQuery(since)}`;
    const response = await this.#send('GET', path, options);
    return (await readJson(response, conversationsResponseSchema)).conversations.map(toConversation);
  }

  // The inbox

  setRead(conversationId: string, read: boolean, options?: CallOptions): Promise<void> {
    return this.#changeConversation(conversationId, { read }, options);
  }

  setStarred(conversationId: string, starred: boolean, options?: CallOptions): Promise<void> {
    return this.#changeConversation(conversationId, { starred }, options);
  }

  setArchived(conversationId: string, archived: boolean, options?: CallOptions): Promise<void> {
    return this.#changeConversation(conversationId, { archived }, options);
  }

  setFocus(conversationId: string, mailbox: 'Focused' | 'Other', options?: CallOptions): Promise<void> {
    return this.#changeConversation(conversationId, { mailbox }, options);
  }

  async deleteConversation(conversationId: string, options?: CallOptions): Promise<void> {
    await this.#send('DELETE', sandboxActionPaths.conversation(conversationId), options);
  }

  async editMessage(
    conversationId: string,
    messageId: string,
    text: string,
    options?: CallOptions,
  ): Promise<void> {
    const path = sandboxActionPaths.conversationMessage(conversationId, messageId);
    await this.#send('PUT', path, options, { text });
  }

  async deleteMessage(conversationId: string, messageId: string, options?: CallOptions): Promise<void> {
    await this.#send('DELETE', sandboxActionPaths.conversationMessage(conversationId, messageId), options);
  }

  async react(
    conversationId: string,
    messageId: string,
    emoji: string,
    on: boolean,
    options?: CallOptions,
  ): Promise<void> {
    const path = sandboxActionPaths.messageReaction(conversationId, messageId, emoji);
    await this.#send(on ? 'PUT' : 'DELETE', path, options);
  }

  async fetchAttachment(
    conversationId: string,
    url: string,
    accept: string,
    options?: CallOptions,
  ): Promise<AttachmentFile> {
    // Only the conversation's own attachment addresses on this network are read: a url is never
    // a way to make the member's session call anywhere else.
    const mount = new URL(this.#baseUrl, 'http://sandbox.invalid');
    const mountPath = mount.pathname.replace(/\/+$/, '');
    const prefix = `${mountPath}${sandboxActionPaths.attachment(conversationId, '')}`;
    const path = url.startsWith(`${mount.origin}/`) ? url.slice(mount.origin.length) : url;
    const attachmentId = path.startsWith(prefix) ? path.slice(prefix.length) : '';
    // An id, not a path: no slash, dot or escape can lead the request elsewhere.
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(attachmentId)) {
      throw new AgentError('NotFound', 'This attachment does not belong to the conversation', {
        status: 404,
      });
    }
    const filePath = sandboxActionPaths.attachment(conversationId, attachmentId);
    const response = await this.#send('GET', filePath, options, undefined, accept);
    return {
      bytes: new Uint8Array(await response.arrayBuffer()),
      mediaType: response.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  async #changeConversation(
    conversationId: string,
    change: SandboxConversationChange,
    options: CallOptions | undefined,
  ): Promise<void> {
    await this.#send('PATCH', sandboxActionPaths.conversation(conversationId), options, change);
  }

  // Engagement

  async follow(target: MemberRef, options?: ActionOptions): Promise<void> {
    const entityId = await this.#entityIdOf(target, options);
    await this.#send('POST', sandboxActionPaths.follows, options, { entityId });
  }

  async listRecentPosts(target: MemberRef, options?: CallOptions): Promise<Post[]> {
    const path = sandboxActionPaths.profilePosts(target.publicIdentifier);
    const { posts } = await readJson(await this.#send('GET', path, options), postsResponseSchema);
    return posts.map((post) => ({ ...post, createdAt: new Date(post.createdAt) }));
  }

  async reactToPost(postId: string, reaction: PostReaction, options?: ActionOptions): Promise<void> {
    const body = { reaction: networkReactionValues[reaction] };
    await this.#send('POST', sandboxActionPaths.postReactions(postId), options, body);
  }

  async listSkills(target: MemberRef, options?: CallOptions): Promise<Skill[]> {
    const path = sandboxActionPaths.profileSkills(target.publicIdentifier);
    return (await readJson(await this.#send('GET', path, options), skillsResponseSchema)).skills;
  }

  async endorseSkill(target: MemberRef, skill: string, options?: ActionOptions): Promise<void> {
    await this.#send('POST', sandboxActionPaths.endorsements(target.publicIdentifier), options, { skill });
  }

  /** The entityId the sandbox addresses members by; read from the profile when the caller has none. */
  async #entityIdOf(target: MemberRef, options: CallOptions | undefined): Promise<string> {
    if (target.entityId) return target.entityId;
    return (await this.getProfile(target.publicIdentifier, options)).entityId;
  }

  async #getProfile(path: string, options: CallOptions | undefined): Promise<NetworkProfile> {
    return readJson(await this.#send('GET', path, options), networkProfileSchema);
  }

  async #send(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    options: ActionOptions | undefined,
    body?: unknown,
    accept = 'application/json',
  ): Promise<Response> {
    const headers: Record<string, string> = { accept };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.#sessionId) headers[sandboxSessionHeader] = this.#sessionId;
    // A repeat with the same key answers the first result: a retried step never acts twice.
    if (method === 'POST' && options?.idempotencyKey) headers[idempotencyKeyHeader] = options.idempotencyKey;
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    let response: Response;
    try {
      response = await this.#fetch(`${this.#baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
        signal: options?.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
      });
    } catch (error) {
      throw errorFromFetchFailure(error);
    }
    if (response.ok) return response;
    // A failing network is transient (BadGateway); a throttle says how long to back off (network-api.md §2.2).
    if (response.status >= 500) throw badGateway(response.status);
    const error = await errorFromResponse(response);
    if (response.status === 429) {
      throw new AgentError('ExceedsLimit', error.message, {
        status: 429,
        code: error.code ?? rateLimitedCode,
        ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
      });
    }
    if (response.status === 401) {
      // SESSION_EXPIRED tells the runner the network session is gone, not this one action.
      throw new AgentError('NotAuthenticated', error.message, {
        status: 401,
        ...(error.code ? { code: error.code } : {}),
      });
    }
    // The sandbox names its refusals (NotFound, EmptySearchPage, SalesNavigatorNotAuthorized…); keep them.
    if (response.status === 404 && error.name !== 'EmptySearchPage') {
      throw new AgentError('NotFound', error.message, { status: 404 });
    }
    throw error;
  }
}
