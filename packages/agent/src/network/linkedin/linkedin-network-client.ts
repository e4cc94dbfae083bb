import type { ConnectionDegree, NetworkProfile } from '@outpilot/contracts';
import { sandboxActionErrorCodes as codes } from '@outpilot/contracts';
import { type ImportSearch, readImportSearch } from '@outpilot/domain';
import type { z } from 'zod';
import { AgentError } from '../../errors.ts';
import type {
  ActionOptions,
  ActivityNetworkClient,
  AgentNetworkClient,
  AttachmentFile,
  CallOptions,
  Connection,
  Conversation,
  ConversationAttachment,
  ConversationMessage,
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
} from '../network-client.ts';
import {
  connectionSchema,
  contactInfoSchema,
  conversationsSchema,
  educationSchema,
  followingStateSchema,
  invitationCreatedSchema,
  leadSearchSchema,
  meDataSchema,
  memberRelationshipSchema,
  messageCreatedSchema,
  messagesSchema,
  miniProfileSchema,
  type Normalized,
  namedSchema,
  normalizedSchema,
  positionSchema,
  postsSchema,
  profileSchema,
  type RenderContentEntry,
  salesProfilesSchema,
  searchClustersSchema,
  sentInvitationSchema,
  skillsSchema,
  types,
} from './linkedin-schemas.ts';
import { LinkedInTransport, type LinkedInTransportOptions, unexpectedAnswer } from './linkedin-transport.ts';
import {
  accept,
  decorations,
  idOfUrn,
  inboxCategories,
  messengerCategories,
  noteMaxLength,
  reactionTypes,
  restliQueryText,
  restliString,
  syncedCategories,
  urns,
} from './linkedin-wire.ts';

export type LinkedInNetworkClientOptions = LinkedInTransportOptions;

/** What the network's paging can reach (reference §2.1): 1000 for searches, 2500 for Sales Navigator. */
const reachableOf = { basic: 1000, salesNavigator: 2500 } as const;
const sentInvitationsPageSize = 100;
const connectionsPageSize = 40;
const conversationsPageSize = 20;
const messengerConversationsPath = '/voyagerMessagingDashMessengerConversations';
const messengerMessagesPath = '/voyagerMessagingDashMessengerMessages';

function parse<S extends z.ZodType>(schema: S, value: unknown, path: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw unexpectedAnswer(path);
  return parsed.data;
}

/** The entities of one $type in a normalized answer, each checked against its schema. */
function entities<S extends z.ZodType>(
  body: Normalized,
  type: string,
  schema: S,
  path: string,
): z.output<S>[] {
  return body.included.filter((entity) => entity.$type === type).map((entity) => parse(schema, entity, path));
}

function pictureOf(
  image:
    | { rootUrl: string; artifacts: { width: number; fileIdentifyingUrlPathSegment: string }[] }
    | undefined,
) {
  const largest = image?.artifacts.toSorted((a, b) => b.width - a.width)[0];
  return image && largest ? `${image.rootUrl}${largest.fileIdentifyingUrlPathSegment}` : null;
}

const degreeOfDistance: Record<string, ConnectionDegree> = {
  DISTANCE_1: 'FIRST',
  DISTANCE_2: 'SECOND',
  DISTANCE_3: 'THIRD',
  OUT_OF_NETWORK: 'OUT_OF_NETWORK',
  SELF: 'SELF',
};

function companyOfHeadline(headline: string): string | null {
  const at = headline.lastIndexOf(' at ');
  return at >= 0 ? headline.slice(at + 4).trim() || null : null;
}

/** The slug of a profile address (/in/<slug>/), or null for a private "LinkedIn Member" hit. */
function slugOf(url: string): string | null {
  const match = /\/in\/([^/?#]+)/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

type ConversationElement = z.output<
  typeof conversationsSchema
>['data']['messengerConversationsByCategoryQuery']['elements'][number];
type MessageElement = z.output<
  typeof messagesSchema
>['data']['messengerMessagesBySyncToken']['elements'][number];

/**
 * A renderContent entry as the port's attachment, or nothing for a kind the inbox does not show.
 * LinkedIn names and sizes only files; the other kinds carry their address (and a voice note its
 * length), which is all the inbox shows of them.
 */
function toAttachment(entry: RenderContentEntry): ConversationAttachment[] {
  const plain = { name: '', byteSize: 0, mediaType: 'application/octet-stream', durationMs: null };
  if ('file' in entry && entry.file) {
    const { url, name, byteSize, mediaType } = entry.file as {
      url: string;
      name: string;
      byteSize: number;
      mediaType: string;
    };
    return [{ kind: 'file', url, name, byteSize, mediaType, durationMs: null }];
  }
  if ('vectorImage' in entry && entry.vectorImage) {
    const image = entry.vectorImage as {
      rootUrl: string;
      artifacts: { width: number; fileIdentifyingUrlPathSegment: string }[];
    };
    const largest = image.artifacts.toSorted((a, b) => b.width - a.width)[0];
    return [
      { ...plain, kind: 'image', url: `${image.rootUrl}${largest?.fileIdentifyingUrlPathSegment ?? ''}` },
    ];
  }
  if ('audio' in entry && entry.audio) {
    const audio = entry.audio as { url: string; duration: number };
    return [{ ...plain, kind: 'audio', url: audio.url, durationMs: audio.duration }];
  }
  if ('externalMedia' in entry && entry.externalMedia) {
    const media = entry.externalMedia as { title: string; media: { url: string } };
    return [{ ...plain, kind: 'gif', url: media.media.url, name: media.title }];
  }
  if ('videoMeeting' in entry && entry.videoMeeting) {
    const meeting = entry.videoMeeting as { meetingName: string };
    return [{ ...plain, kind: 'video_meeting', url: null, name: meeting.meetingName }];
  }
  return [];
}

function toMessage(message: MessageElement): ConversationMessage {
  const format = message.messageBodyRenderFormat;
  const changedAt = message.lastUpdatedAt ?? null;
  return {
    messageId: message.entityUrn,
    fromEntityId: idOfUrn(message.sender.hostIdentityUrn),
    text: message.body.text,
    sentAt: new Date(message.deliveredAt),
    edited: format === 'EDITED',
    recalled: format === 'RECALLED',
    system: format === 'SYSTEM',
    subject: message.subject ?? null,
    attachments: format === 'RECALLED' ? [] : message.renderContent.flatMap(toAttachment),
    reactions: format === 'RECALLED' ? [] : message.reactionSummaries,
    changedAt: changedAt === null ? null : new Date(changedAt),
  };
}

/** A messenger conversation and its messages as the port's conversation (the viewer left out). */
function toConversation(
  conversation: ConversationElement,
  messages: MessageElement[],
  mailboxUrn: string,
  path: string,
): Conversation {
  const others = conversation.conversationParticipants.filter(
    (participant) => participant.hostIdentityUrn !== mailboxUrn,
  );
  if (others.length === 0) throw unexpectedAnswer(path);
  const categories = new Set(conversation.categories ?? []);
  const distance = others[0]?.participantType.member?.distance;
  const sorted = messages.map(toMessage).sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime());
  return {
    id: conversation.entityUrn,
    participants: others.map((participant) => ({
      entityId: idOfUrn(participant.hostIdentityUrn),
      publicIdentifier: slugOf(participant.participantType.member?.profileUrl ?? ''),
      firstName: participant.participantType.member?.firstName.text ?? '',
      lastName: participant.participantType.member?.lastName.text ?? '',
      // The inbox shows the headline; pictures stay with the network (no session URLs).
      pictureUrl: null,
      occupation: participant.participantType.member?.headline?.text ?? '',
    })),
    lastActivityAt: new Date(conversation.lastActivityAt),
    unreadCount: conversation.unreadCount,
    messages: sorted,
    ...(conversation.categories
      ? {
          conversationType: categories.has(messengerCategories.inMail) ? 'INMAIL' : 'MEMBER_TO_MEMBER',
          spam: categories.has(messengerCategories.spam),
          mailbox: categories.has(messengerCategories.secondary) ? 'Other' : 'Focused',
          starred: categories.has(messengerCategories.starred),
          archived: categories.has(messengerCategories.archived),
        }
      : {}),
    ...(distance ? { connected: distance === 'DISTANCE_1' } : {}),
    updatedAt: new Date(conversation.lastUpdatedAt ?? conversation.lastActivityAt),
  };
}

type FullProfile = { profile: NetworkProfile; relationship: Relationship; body: Normalized; path: string };

/**
 * The LinkedIn adapter of the NetworkClient port: the user's own browser session on
 * linkedin.com (reference/network-api.md), run by the extension's background. Answers become the
 * port's domain types; LinkedIn's refusals become the catalogue's errors with the codes the
 * engine acts on (the same as the sandbox adapter's).
 */
export class LinkedInNetworkClient implements AgentNetworkClient, ActivityNetworkClient, InboxNetworkClient {
  readonly transport: LinkedInTransport;
  #me: Promise<{ profile: NetworkProfile; premium: boolean }> | undefined;

  constructor(options: LinkedInNetworkClientOptions) {
    this.transport = new LinkedInTransport(options);
  }

  // Session and profiles

  async getMyProfile(options?: CallOptions): Promise<NetworkProfile | null> {
    try {
      const me = await this.#readMe(options);
      return me.profile;
    } catch (error) {
      // Not signed in to the network is a state, not a failure, for this call.
      if (error instanceof AgentError && error.name === 'NotAuthenticated') return null;
      throw error;
    }
  }

  async #readMe(options?: CallOptions) {
    const path = '/me';
    const body = parse(normalizedSchema, await this.transport.json({ path, signal: options?.signal }), path);
    const data = parse(meDataSchema, body.data, path);
    const mini = entities(body, types.miniProfile, miniProfileSchema, path).find(
      (entity) => entity.entityUrn === data['*miniProfile'],
    );
    if (!mini) throw unexpectedAnswer(path);
    const profile: NetworkProfile = {
      entityId: idOfUrn(mini.dashEntityUrn),
      publicIdentifier: mini.publicIdentifier,
      firstName: mini.firstName,
      lastName: mini.lastName,
      headline: mini.occupation,
      picture: pictureOf(mini.picture?.['com.linkedin.common.VectorImage']),
      location: '',
      company: companyOfHeadline(mini.occupation),
      degree: 'SELF',
      isPremium: data.premiumSubscriber,
      hasSalesNavigator: false,
    };
    const me = { profile, premium: data.premiumSubscriber };
    // Each call asks again; the last answer is kept for the mailbox URN and the note limit.
    this.#me = Promise.resolve(me);
    return me;
  }

  #cachedMe(options?: CallOptions) {
    return this.#me ?? this.#readMe(options);
  }

  async getProfile(publicIdentifier: string, options?: CallOptions): Promise<NetworkProfile> {
    return (await this.#fullProfile(publicIdentifier, options)).profile;
  }

  async getRelationship(target: MemberRef, options?: CallOptions): Promise<Relationship> {
    return (await this.#fullProfile(target.publicIdentifier, options)).relationship;
  }

  async getProfileDetails(target: MemberRef, options?: CallOptions): Promise<ProfileDetails> {
    const { profile, relationship, body, path } = await this.#fullProfile(target.publicIdentifier, options);
    const main = entities(body, types.profile, profileSchema, path)[0];
    const industry = entities(body, types.industry, namedSchema, path).find(
      (entity) => entity.entityUrn === main?.['*industry'],
    );
    const slug = encodeURIComponent(target.publicIdentifier);
    const contactPath = `/identity/profiles/${slug}/profileContactInfo`;
    const contact = parse(
      contactInfoSchema,
      await this.transport.json({ path: contactPath, accept: accept.json, signal: options?.signal }),
      contactPath,
    );
    const skills = await this.listSkills(target, options);
    return {
      ...profile,
      relationship,
      industry: industry?.name ?? '',
      summary: main?.summary ?? '',
      positions: entities(body, types.position, positionSchema, path).map((position) => ({
        title: position.title,
        companyName: position.companyName,
        startedAt: new Date(
          Date.UTC(position.dateRange?.start.year ?? 1970, (position.dateRange?.start.month ?? 1) - 1, 1),
        ),
      })),
      education: entities(body, types.education, educationSchema, path),
      skills: skills.map((skill) => skill.name),
      contactInfo: {
        email: contact.emailAddress ?? null,
        websites: contact.websites.map((website) => website.url),
      },
    };
  }

  async #fullProfile(publicIdentifier: string, options?: CallOptions): Promise<FullProfile> {
    const query = new URLSearchParams({
      q: 'memberIdentity',
      memberIdentity: publicIdentifier,
      decorationId: decorations.fullProfile,
    });
    const path = `/identity/dash/profiles?${query}`;
    const body = parse(normalizedSchema, await this.transport.json({ path, signal: options?.signal }), path);
    const main = entities(body, types.profile, profileSchema, path).find(
      (entity) => entity.publicIdentifier === publicIdentifier,
    );
    if (!main) throw new AgentError('NotFound', 'Not found on LinkedIn', { status: 404 });
    const relation = entities(body, types.memberRelationship, memberRelationshipSchema, path).find(
      (entity) => entity.entityUrn === main['*memberRelationship'],
    );
    const union = relation?.memberRelationshipUnion;
    const degree: ConnectionDegree = !union
      ? 'OUT_OF_NETWORK'
      : 'self' in union
        ? 'SELF'
        : 'connection' in union
          ? 'FIRST'
          : (degreeOfDistance[union.noConnection.memberDistance] ?? 'OUT_OF_NETWORK');
    const pending =
      union &&
      'noConnection' in union &&
      union.noConnection.invitationUnion?.invitation.invitationState === 'PENDING'
        ? union.noConnection.invitationUnion.invitation.entityUrn
        : undefined;
    const following = entities(body, types.followingState, followingStateSchema, path).find(
      (entity) => entity.entityUrn === urns.followingState(idOfUrn(main.entityUrn)),
    );
    const geo = entities(body, types.geo, namedSchema, path).find(
      (entity) => entity.entityUrn === main.geoLocation?.['*geo'],
    );
    const position = entities(body, types.position, positionSchema, path)[0];
    const profile: NetworkProfile = {
      entityId: idOfUrn(main.entityUrn),
      publicIdentifier: main.publicIdentifier,
      firstName: main.firstName,
      lastName: main.lastName,
      headline: main.headline,
      picture: pictureOf(main.profilePicture?.displayImageReference?.vectorImage),
      location: geo?.defaultLocalizedName ?? '',
      company: position?.companyName ?? companyOfHeadline(main.headline),
      degree,
      isPremium: main.premium,
      hasSalesNavigator: false,
    };
    const relationship: Relationship = {
      degree,
      ...(pending ? { invitation: { state: 'pending' as const, invitationId: idOfUrn(pending) } } : {}),
      following: following?.following ?? false,
      canMessage: degree === 'FIRST',
    };
    return { profile, relationship, body, path };
  }

  async visitProfile(target: MemberRef, options?: ActionOptions): Promise<void> {
    // A real view: the profile page itself, as the browser loads it.
    await this.transport.send({
      path: `/in/${encodeURIComponent(target.publicIdentifier)}/`,
      page: true,
      accept: 'text/html',
      signal: options?.signal,
    });
  }

  // Search and import

  async searchPeople(
    search: PeopleSearch,
    page: PeopleSearchPageRequest,
    options?: CallOptions,
  ): Promise<PeopleSearchPage> {
    const parsed = readImportSearch(search.url);
    if (!parsed) throw new AgentError('BadRequest', 'Not a search LinkedIn can run');
    const salesNavigator = parsed.kind.startsWith('sales_navigator');
    const reachable = salesNavigator ? reachableOf.salesNavigator : reachableOf.basic;
    if (page.start >= reachable) return { total: 0, reachable, elements: [] };
    const result = salesNavigator
      ? await this.#leadSearch(parsed, search.url, page, options)
      : await this.#clusterSearch(parsed, page, options);
    if (page.start === 0 && result.elements.length === 0)
      throw new AgentError('EmptySearchPage', 'The search has no results', { status: 404 });
    return { total: result.total, reachable: Math.min(reachable, result.total), elements: result.elements };
  }

  async #clusterSearch(search: ImportSearch, page: PeopleSearchPageRequest, options?: CallOptions) {
    const variables = clusterVariables(search, page);
    const path = '/graphql';
    const body = parse(
      searchClustersSchema,
      await this.transport.graphql('voyagerSearchDashClusters', variables, path, options?.signal),
      path,
    );
    const clusters = body.data.searchDashClustersByAll;
    const elements: PeopleSearchElement[] = clusters.elements
      .flatMap((cluster) => cluster.items)
      .flatMap(({ item }) => (item.entityResult ? [item.entityResult] : []))
      .map((hit) => {
        const publicIdentifier = slugOf(hit.navigationUrl);
        const profileUrn = /urn:li:fsd_profile:[^,)]+/.exec(hit.entityUrn)?.[0];
        if (!publicIdentifier || !profileUrn) return { invisible: true } as const;
        const [firstName = '', ...rest] = hit.title.text.split(' ');
        const headline = hit.primarySubtitle?.text ?? '';
        const distance = hit.entityCustomTrackingInfo?.memberDistance ?? 'OUT_OF_NETWORK';
        return {
          invisible: false,
          profile: {
            entityId: idOfUrn(profileUrn),
            publicIdentifier,
            firstName,
            lastName: rest.join(' '),
            headline,
            picture: null,
            location: hit.secondarySubtitle?.text ?? '',
            company: companyOfHeadline(headline),
            degree: degreeOfDistance[distance] ?? 'OUT_OF_NETWORK',
            isPremium: false,
            hasSalesNavigator: false,
          },
        } as const;
      });
    return { total: clusters.paging.total, elements };
  }

  async #leadSearch(search: ImportSearch, url: string, page: PeopleSearchPageRequest, options?: CallOptions) {
    const path = `/sales-api/salesApiLeadSearch?q=searchQuery&query=${leadQuery(search, url)}&start=${page.start}&count=${page.count}&decorationId=${decorations.leadSearch}`;
    const body = parse(
      leadSearchSchema,
      await this.transport.json({ path, accept: accept.json, signal: options?.signal }),
      path,
    );
    // A "LinkedIn Member" row names nobody: it is not looked up.
    const named = body.elements.filter((lead) => lead.firstName !== undefined && salesKeyOf(lead.entityUrn));
    const addresses = named.length ? await this.#salesProfileAddresses(named, options) : new Map();
    const elements = body.elements.map((lead): PeopleSearchElement => {
      const publicIdentifier = slugOf(addresses.get(lead.entityUrn) ?? '');
      if (!publicIdentifier || lead.firstName === undefined) return { invisible: true };
      const position = lead.currentPositions[0];
      return {
        invisible: false,
        profile: {
          // Sales Navigator names the member by their ACw id; an action on them looks up their
          // ACo id from the profile (#profileIdOf).
          entityId: salesKeyOf(lead.entityUrn)?.salesId ?? lead.entityUrn,
          publicIdentifier,
          firstName: lead.firstName,
          lastName: lead.lastName ?? '',
          headline: position ? `${position.title} at ${position.companyName}` : '',
          picture: null,
          location: lead.geoRegion,
          company: position?.companyName ?? null,
          degree: leadDegrees[lead.degree ?? 0] ?? 'OUT_OF_NETWORK',
          isPremium: lead.premium,
          hasSalesNavigator: false,
        },
      };
    });
    return { total: body.paging.total, elements };
  }

  /**
   * The profile address of each lead of a page, in one REST.li batch get of salesApiProfiles
   * (not one call per lead): lead URN → flagshipProfileUrl. A lead it does not answer is left out.
   */
  async #salesProfileAddresses(leads: readonly { entityUrn: string }[], options?: CallOptions) {
    const keys = leads.flatMap((lead) => {
      const key = salesKeyOf(lead.entityUrn);
      return key
        ? [
            `(profileId:${restliString(key.salesId)},authType:${restliString(key.authType)},authToken:${restliString(key.authToken)})`,
          ]
        : [];
    });
    const path = `/sales-api/salesApiProfiles?ids=List(${keys.join(',')})&decoration=${decorations.salesProfiles}`;
    const body = parse(
      salesProfilesSchema,
      await this.transport.json({ path, accept: accept.json, signal: options?.signal }),
      path,
    );
    return new Map(Object.values(body.results).map((entry) => [entry.entityUrn, entry.flagshipProfileUrl]));
  }

  // Invitations

  async sendInvitation(target: MemberRef, note?: string, options?: ActionOptions): Promise<Invitation> {
    const message = note?.trim() ? note : undefined;
    if (message) {
      // The API refuses a note over the account's limit; saying so first spares a refused call.
      const { premium } = await this.#cachedMe(options);
      if ([...message].length > (premium ? noteMaxLength.premium : noteMaxLength.free))
        throw new AgentError('UnprocessableEntity', 'The invitation note is too long', {
          status: 422,
          code: codes.tooLongInvitationMessage,
        });
    }
    const profileUrn = urns.profile(await this.#profileIdOf(target, options));
    const path = `/voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2&decorationId=${decorations.invitationCreation}`;
    let answer: unknown;
    try {
      answer = await this.transport.json({
        method: 'POST',
        path,
        body: {
          invitee: { inviteeUnion: { memberProfile: profileUrn } },
          ...(message ? { customMessage: message } : {}),
        },
        signal: options?.signal,
      });
    } catch (error) {
      // A note refused by LinkedIn is the note's length (reference §2.2).
      if (message && error instanceof AgentError && error.name === 'UnprocessableEntity' && !error.code)
        throw new AgentError('UnprocessableEntity', 'The invitation note is too long', {
          status: 422,
          code: codes.tooLongInvitationMessage,
        });
      throw error;
    }
    const { invitationUrn } = parse(invitationCreatedSchema, answer, path).data.value;
    return {
      invitationId: idOfUrn(invitationUrn),
      entityId: idOfUrn(profileUrn),
      sentAt: new Date(),
      hasNote: Boolean(message),
      note: message ?? null,
      state: 'pending',
    };
  }

  async listSentInvitations(options?: CallOptions): Promise<Invitation[]> {
    const invitations: Invitation[] = [];
    for (let start = 0; ; start += sentInvitationsPageSize) {
      const path = `/relationships/sentInvitationViewsV2?start=${start}&count=${sentInvitationsPageSize}&invitationType=CONNECTION&q=invitationType`;
      const body = parse(
        normalizedSchema,
        await this.transport.json({ path, signal: options?.signal }),
        path,
      );
      const page = entities(body, types.invitation, sentInvitationSchema, path);
      for (const invitation of page) {
        invitations.push({
          invitationId: idOfUrn(invitation.entityUrn),
          entityId: idOfUrn(invitation['*toMember']),
          sentAt: new Date(invitation.sentTime),
          hasNote: invitation.customMessage,
          note: invitation.message ?? null,
          state: 'pending',
        });
      }
      if (page.length < sentInvitationsPageSize) break;
    }
    return invitations.sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime());
  }

  async withdrawInvitation(invitationId: string, options?: ActionOptions): Promise<void> {
    try {
      await this.transport.send({
        method: 'POST',
        path: `/voyagerRelationshipsDashInvitations/${encodeURIComponent(urns.invitation(invitationId))}?action=withdraw`,
        body: { invitationType: 'CONNECTION' },
        signal: options?.signal,
      });
    } catch (error) {
      // An invitation no longer pending was answered meanwhile (withdrawn ones answer 2xx again).
      if (error instanceof AgentError && error.name === 'BadRequest' && !error.code)
        throw new AgentError('BadRequest', 'The invitation was already accepted', {
          status: 400,
          code: codes.invitationAlreadyAccepted,
        });
      throw error;
    }
  }

  async listConnectionsSince(since: Date | null, options?: CallOptions): Promise<Connection[]> {
    const connections: Connection[] = [];
    for (let start = 0; ; start += connectionsPageSize) {
      const path = `/relationships/dash/connections?decorationId=${decorations.connections}&count=${connectionsPageSize}&q=search&sortType=RECENTLY_ADDED&start=${start}`;
      const body = parse(
        normalizedSchema,
        await this.transport.json({ path, signal: options?.signal }),
        path,
      );
      const page = entities(body, types.connection, connectionSchema, path);
      const profiles = entities(body, types.profile, profileSchema, path);
      let reachedSince = false;
      for (const connection of page) {
        const connectedAt = new Date(connection.createdAt);
        if (since && connectedAt < since) {
          reachedSince = true;
          break;
        }
        const profile = profiles.find(
          (entity) => entity.entityUrn === connection['*connectedMemberResolutionResult'],
        );
        if (!profile) throw unexpectedAnswer(path);
        connections.push({
          entityId: idOfUrn(profile.entityUrn),
          publicIdentifier: profile.publicIdentifier,
          firstName: profile.firstName,
          lastName: profile.lastName,
          connectedAt,
          // LinkedIn does not say which invitation a connection came from.
          invitationId: null,
        });
      }
      if (reachedSince || page.length < connectionsPageSize) break;
    }
    return connections.reverse();
  }

  // Messaging

  async sendMessage(
    target: MemberRef,
    text: string,
    conversationId?: string,
    options?: ActionOptions,
  ): Promise<SentMessage> {
    const { profile: me } = await this.#cachedMe(options);
    const recipient = urns.profile(await this.#profileIdOf(target, options));
    const path = '/voyagerMessagingDashMessengerMessages?action=createMessage';
    const answer = await this.transport
      .json({
        method: 'POST',
        path,
        accept: accept.json,
        textBody: true,
        body: {
          message: {
            body: { text, attributes: [] },
            renderContentUnions: [],
            ...(conversationId ? { conversationUrn: conversationId } : {}),
            // LinkedIn's idempotency: a retried send with the same token is not delivered twice.
            originToken: options?.idempotencyKey ?? crypto.randomUUID(),
          },
          mailboxUrn: urns.profile(me.entityId),
          trackingId: trackingId(),
          dedupeByClientGeneratedToken: false,
          ...(conversationId ? {} : { hostRecipientUrns: [recipient] }),
        },
        signal: options?.signal,
      })
      .catch((error: unknown) => {
        // Only connections (and open profiles) can be messaged: LinkedIn answers 403 otherwise.
        if (error instanceof AgentError && error.name === 'NotAuthorized')
          throw new AgentError('NotAuthorized', 'Only connections can be messaged', {
            status: 403,
            code: codes.notConnected,
          });
        throw error;
      });
    const { value } = parse(messageCreatedSchema, answer, path);
    return { messageId: value.entityUrn, conversationId: value.conversationUrn };
  }

  async listConversationsSince(since: Date | null, options?: CallOptions): Promise<Conversation[]> {
    const { profile: me } = await this.#cachedMe(options);
    const mailboxUrn = urns.profile(me.entityId);
    const path = '/voyagerMessagingGraphQL/graphql';
    const found = new Map<string, Conversation>();
    // The inbox's two tabs, archive and spam: together every conversation, each read once.
    for (const category of syncedCategories) {
      let before: number | undefined;
      for (;;) {
        const variables = `(query:(predicateUnions:List((conversationCategoryPredicate:(category:${category})))),count:${conversationsPageSize},mailboxUrn:${restliString(mailboxUrn)}${before === undefined ? '' : `,lastUpdatedBefore:${before}`})`;
        const body = parse(
          conversationsSchema,
          await this.transport.graphql('messengerConversations', variables, path, options?.signal),
          path,
        );
        const page = body.data.messengerConversationsByCategoryQuery.elements;
        let reachedSince = false;
        for (const conversation of page) {
          // Newest change first: a conversation changed before `since` ends the category.
          const updatedAt = conversation.lastUpdatedAt ?? conversation.lastActivityAt;
          if (since && updatedAt < since.getTime()) {
            reachedSince = true;
            break;
          }
          if (found.has(conversation.entityUrn)) continue;
          const messages = parse(
            messagesSchema,
            await this.transport.graphql(
              'messengerMessages',
              `(conversationUrn:${restliString(conversation.entityUrn)})`,
              path,
              options?.signal,
            ),
            path,
          ).data.messengerMessagesBySyncToken.elements;
          found.set(conversation.entityUrn, toConversation(conversation, messages, mailboxUrn, path));
        }
        const last = page.at(-1);
        if (reachedSince || !last || page.length < conversationsPageSize) break;
        before = last.lastUpdatedAt ?? last.lastActivityAt;
      }
    }
    return [...found.values()].sort((a, b) => b.lastActivityAt.getTime() - a.lastActivityAt.getTime());
  }

  // The member's inbox (reference §1). Conversation and message ids are the messenger's URNs.

  async setRead(conversationId: string, read: boolean, options?: CallOptions): Promise<void> {
    // A REST.li batch partial update of the conversations named in ids=List(…).
    await this.transport.send({
      method: 'POST',
      path: `${messengerConversationsPath}?ids=List(${restliString(conversationId)})`,
      textBody: true,
      body: { entities: { [conversationId]: { patch: { $set: { read } } } } },
      signal: options?.signal,
    });
  }

  async setStarred(conversationId: string, starred: boolean, options?: CallOptions): Promise<void> {
    await this.#category(conversationId, inboxCategories.starred, starred, options);
  }

  async setArchived(conversationId: string, archived: boolean, options?: CallOptions): Promise<void> {
    await this.#category(conversationId, inboxCategories.archived, archived, options);
  }

  async setFocus(conversationId: string, mailbox: 'Focused' | 'Other', options?: CallOptions): Promise<void> {
    await this.#category(conversationId, inboxCategories.other, mailbox === 'Other', options);
  }

  /** Star, archive and Other are not confirmed by the reference: taken as the conversation's categories. */
  async #category(conversationId: string, category: string, on: boolean, options?: CallOptions) {
    await this.transport.send({
      method: 'POST',
      path: `${messengerConversationsPath}?action=${on ? 'addCategory' : 'removeCategory'}`,
      textBody: true,
      body: { category, conversationUrns: [conversationId] },
      signal: options?.signal,
    });
  }

  async deleteConversation(conversationId: string, options?: CallOptions): Promise<void> {
    await this.transport.send({
      method: 'DELETE',
      path: `${messengerConversationsPath}/${encodeURIComponent(conversationId)}`,
      signal: options?.signal,
    });
  }

  async fetchAttachment(
    _conversationId: string,
    url: string,
    mediaAccept: string,
    options?: CallOptions,
  ): Promise<AttachmentFile> {
    // The member's session only ever reads LinkedIn's own files: an address elsewhere is refused
    // before any request (the server has already checked the url belongs to the conversation).
    if (!this.transport.isOwnOrMediaAddress(url)) {
      throw new AgentError('NotFound', 'This attachment does not belong to the conversation', {
        status: 404,
      });
    }
    return this.transport.file({ path: url, accept: mediaAccept, signal: options?.signal });
  }

  async editMessage(_conversationId: string, messageId: string, text: string, options?: CallOptions) {
    await this.transport.send({
      method: 'POST',
      path: `${messengerMessagesPath}/${encodeURIComponent(messageId)}`,
      textBody: true,
      body: { patch: { $set: { body: { text, attributes: [] } } } },
      signal: options?.signal,
    });
  }

  async deleteMessage(_conversationId: string, messageId: string, options?: CallOptions): Promise<void> {
    await this.transport.send({
      method: 'POST',
      path: `${messengerMessagesPath}?action=recall`,
      textBody: true,
      body: { messageUrn: messageId },
      signal: options?.signal,
    });
  }

  async react(_conversationId: string, messageId: string, emoji: string, on: boolean, options?: CallOptions) {
    await this.transport.send({
      method: 'POST',
      path: `${messengerMessagesPath}?action=${on ? 'reactWithEmoji' : 'unreactWithEmoji'}`,
      textBody: true,
      body: { messageUrn: messageId, emoji },
      signal: options?.signal,
    });
  }

  // Engagement

  async follow(target: MemberRef, options?: ActionOptions): Promise<void> {
    const id = await this.#profileIdOf(target, options);
    await this.transport.send({
      method: 'POST',
      path: `/feed/dash/followingStates/${encodeURIComponent(urns.followingState(id))}`,
      body: { patch: { $set: { following: true } } },
      signal: options?.signal,
    });
  }

  async listRecentPosts(target: MemberRef, options?: CallOptions): Promise<Post[]> {
    const profileUrn = urns.profile(await this.#profileIdOf(target, options));
    const path = `/identity/profileUpdatesV2?q=memberShareFeed&moduleKey=member-shares:phone&profileUrn=${encodeURIComponent(profileUrn)}&start=0&count=10&includeLongTermHistory=true`;
    const body = parse(
      postsSchema,
      await this.transport.json({ path, accept: accept.json, signal: options?.signal }),
      path,
    );
    return body.elements
      .map((post) => ({
        postId: idOfUrn(post.updateMetadata.urn),
        postUrn: post.updateMetadata.urn,
        createdAt: new Date(post.createdAt),
        ...(post.commentary ? { text: post.commentary.text.text } : {}),
      }))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  async reactToPost(postId: string, reaction: PostReaction, options?: ActionOptions): Promise<void> {
    await this.transport.send({
      method: 'POST',
      path: `/voyagerSocialDashReactions?threadUrn=${encodeURIComponent(urns.activity(postId))}`,
      body: { reactionType: reactionTypes[reaction] },
      signal: options?.signal,
    });
  }

  async listSkills(target: MemberRef, options?: CallOptions): Promise<Skill[]> {
    return (await this.#skills(target, options)).map(({ name, endorsedByViewer, endorsementCount }) => ({
      name,
      endorsedByViewer,
      endorsementCount,
    }));
  }

  async endorseSkill(target: MemberRef, skill: string, options?: ActionOptions): Promise<void> {
    const found = (await this.#skills(target, options)).find((entry) => entry.name === skill);
    if (!found)
      throw new AgentError('UnprocessableEntity', `The member does not list the skill ${skill}`, {
        status: 422,
        code: codes.skillNotFound,
      });
    try {
      await this.transport.send({
        method: 'POST',
        path: `/identity/profiles/${encodeURIComponent(target.publicIdentifier)}/normEndorsements`,
        body: { skill: { entityUrn: found.entityUrn, name: found.name } },
        signal: options?.signal,
      });
    } catch (error) {
      // Only connections may endorse (reference §4): LinkedIn answers 403 otherwise.
      if (error instanceof AgentError && error.name === 'NotAuthorized')
        throw new AgentError('NotAuthorized', 'Only connections can endorse skills', {
          status: 403,
          code: codes.notConnected,
        });
      throw error;
    }
  }

  async #skills(target: MemberRef, options?: CallOptions) {
    const path = `/identity/profiles/${encodeURIComponent(target.publicIdentifier)}/skills`;
    return parse(
      skillsSchema,
      await this.transport.json({ path, accept: accept.json, signal: options?.signal }),
      path,
    ).elements;
  }

  /** The member's ACo id, which invitations and messages address; looked up when the caller has another. */
  async #profileIdOf(target: MemberRef, options: CallOptions | undefined): Promise<string> {
    if (target.entityId?.startsWith('ACo')) return target.entityId;
    return (await this.getProfile(target.publicIdentifier, options)).entityId;
  }
}

/** 16 random bytes, as the messenger's trackingId (reference §1). */
function trackingId(): string {
  return String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16)));
}

function list(key: string, values: readonly string[]) {
  return `(key:${key},value:List(${values.map(restliString).join(',')}))`;
}

/** The variables of voyagerSearchDashClusters for a people, event or group search (reference §1). */
function clusterVariables(search: ImportSearch, page: PeopleSearchPageRequest): string {
  const parameters = [list('resultType', ['PEOPLE'])];
  let origin = 'FACETED_SEARCH';
  let keywords: string | undefined;
  if (search.kind === 'people_search' || search.kind === 'event_attendees') {
    const { filters } = search;
    keywords = filters.keywords;
    if (filters.network.length) parameters.push(list('network', filters.network));
    if (filters.geoUrns.length) parameters.push(list('geoUrn', filters.geoUrns));
    if (filters.companies.length) parameters.push(list('currentCompany', filters.companies));
    if (filters.industries.length) parameters.push(list('industry', filters.industries));
    if (filters.schools.length) parameters.push(list('schools', filters.schools));
  }
  if (search.kind === 'event_attendees') {
    origin = 'EVENT_PAGE_CANNED_SEARCH';
    parameters.push(list('eventAttending', [search.eventId]));
  }
  if (search.kind === 'group_members') {
    // Not confirmed by the sources (reference §1): the group filter of the same cluster search.
    origin = 'GROUP_PAGE_CANNED_SEARCH';
    parameters.push(list('groupMembership', [search.groupId]));
  }
  const query = `(${keywords ? `keywords:${restliString(keywords)},` : ''}flagshipSearchIntent:SEARCH_SRP,queryParameters:List(${parameters.join(',')}),includeFiltersInResponse:false)`;
  return `(start:${page.start},count:${page.count},origin:${origin},query:${query})`;
}

/** Sales Navigator's degree badge: 1st, 2nd, 3rd; none out of network. */
const leadDegrees: Record<number, ConnectionDegree> = { 1: 'FIRST', 2: 'SECOND', 3: 'THIRD' };

/** The parts of urn:li:fs_salesProfile:(<ACw id>,<authType>,<authToken>); undefined for another URN. */
function salesKeyOf(urn: string) {
  const match = /^urn:li:fs_salesProfile:\((ACw[^,()]+),([^,()]+),([^,()]*)\)$/.exec(urn);
  return match ? { salesId: match[1] ?? '', authType: match[2] ?? '', authToken: match[3] ?? '' } : undefined;
}

/**
 * The query of salesApiLeadSearch: a /sales/search/people?query=(…) link's own query, copied as
 * the site does (reference §1), so every filter it names is asked; otherwise built for a link of
 * plain keywords, a recent or saved search, or a lead list.
 */
function leadQuery(search: ImportSearch, url: string): string {
  switch (search.kind) {
    case 'sales_navigator_recent_search':
      return `(recentSearchParam:(id:${restliString(search.recentSearchId)},doLogHistory:false))`;
    case 'sales_navigator_saved_search':
      return `(savedSearchId:${restliString(search.savedSearchId)})`;
    case 'sales_navigator_lead_list':
      // Not confirmed by the sources (reference §1): the lead list as a search filter.
      return `(filters:List((type:LEAD_LIST,values:List((id:${restliString(search.leadListId)},selectionType:INCLUDED)))))`;
    case 'sales_navigator_search': {
      const copied = linkQueryOf(url);
      if (copied !== undefined) return restliQueryText(copied);
      const { keywords } = search.filters;
      return `(${keywords ? `keywords:${restliString(keywords)}` : ''})`;
    }
    default:
      throw new AgentError('BadRequest', 'Not a Sales Navigator search');
  }
}

/** The query=(…) of a Sales Navigator search link, as its page reads it. */
function linkQueryOf(url: string): string | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`;
  try {
    return new URL(withScheme).searchParams.get('query') ?? undefined;
  } catch {
    return undefined;
  }
}
