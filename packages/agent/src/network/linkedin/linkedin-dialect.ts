import { types as dialectTypes } from './linkedin-schemas.ts';
import { graphqlQueries, messengerCategories, urns } from './linkedin-wire.ts';

export { inboxCategories, messengerCategories } from './linkedin-wire.ts';

/**
 * The answering side of LinkedIn's dialect (reference/network-api.md §0-§2): the bodies, errors,
 * session check and rotating GraphQL query ids linkedin.com answers the adapter with. One
 * implementation for every place that plays linkedin.com: the sandbox network's LinkedIn facade
 * (apps/sandbox/src/linkedin) over its own state, and the in-memory stand-in of the adapter's
 * contract tests. Inputs are plain views of members and records, so neither the sandbox's state
 * nor the stand-in's leaks in here.
 */

export type DialectMember = {
  /** The ACo… profile id. */
  id: string;
  /** The public identifier (/in/<slug>/). */
  slug: string;
  firstName: string;
  lastName: string;
  headline: string;
  location: string;
  company: string;
  title: string;
  summary: string;
  industry: string;
  school: string;
  premium: boolean;
  /** The member number of urn:li:member:<n>. */
  memberNumber: number;
};

/** What a member is to the viewer: LinkedIn's memberDistance, or the viewer themself. */
export type DialectDistance = 'SELF' | 'DISTANCE_1' | 'DISTANCE_2' | 'DISTANCE_3' | 'OUT_OF_NETWORK';

/** The body of a refusal: normalized, with LinkedIn's code in data.code (table §2.2). */
export function refusalBody(status: number, code?: string) {
  return { data: { status, ...(code ? { code } : {}) }, included: [] };
}

/** A stale or missing JSESSIONID: a 403 in plain text (reference §2.2). */
export const csrfFailedText = 'CSRF check failed.';
/** What an expired session's answers reset (reference §2.2: li_at "delete me"). */
export const liAtResetCookie = 'li_at=delete me; Path=/';
/** An unknown (rotated) query id: a 400 without a code. */
export const unknownQueryIdBody = { errors: [{ message: 'PersistedQueryNotFound' }] };

/** The cookies of a request's Cookie header. */
export function readCookies(header: string | undefined): Map<string, string> {
  return new Map(
    (header ?? '')
      .split(';')
      .filter((part) => part.includes('='))
      .map((part) => {
        const at = part.indexOf('=');
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as [string, string];
      }),
  );
}

/** The csrf check of every API call: the csrf-token header is JSESSIONID without its quotes. */
export function passesCsrfCheck(
  headers: Record<string, string | string[] | undefined>,
  sentJsessionId: string | undefined,
  validJsessionId: string,
): boolean {
  const csrf = headers['csrf-token'];
  return Boolean(csrf) && csrf === validJsessionId.replace(/"/g, '') && sentJsessionId === validJsessionId;
}

/**
 * The site's GraphQL query ids: `<name>.<32 hex>`, named only in the bundle the feed page loads,
 * and all replaced when the site ships new bundles.
 */
export function createQueryIds(hex: () => string) {
  let ids = new Map(graphqlQueries.map((name) => [name, `${name}.${hex()}`]));
  let served = 0;
  return {
    rotate() {
      ids = new Map(graphqlQueries.map((name) => [name, `${name}.${hex()}`]));
    },
    /** The query a current id names; undefined for an unknown or rotated one. */
    nameOf: (queryId: string) => [...ids].find(([, id]) => id === queryId)?.[0],
    /** The feed page: it loads the bundle from `bundlePath`. */
    feedPage: (bundlePath: string) =>
      `<!doctype html><html><head><script src="${bundlePath}"></script></head></html>`,
    bundle() {
      served += 1;
      return `window.__routes={${[...ids.values()].map((id) => `q:"${id}"`).join(',')}};`;
    },
    served: () => served,
  };
}
export type QueryIds = ReturnType<typeof createQueryIds>;
/** Where the feed page's bundle lives, under the site's root. */
export const bundlePath = '/aero-v1/sc/h/app.js';

export function miniProfile(member: DialectMember) {
  return {
    $type: dialectTypes.miniProfile,
    entityUrn: `urn:li:fs_miniProfile:${member.id}`,
    dashEntityUrn: urns.profile(member.id),
    objectUrn: `urn:li:member:${member.memberNumber}`,
    firstName: member.firstName,
    lastName: member.lastName,
    occupation: member.headline,
    publicIdentifier: member.slug,
  };
}

export function dashProfile(member: DialectMember) {
  return {
    $type: dialectTypes.profile,
    entityUrn: urns.profile(member.id),
    publicIdentifier: member.slug,
    firstName: member.firstName,
    lastName: member.lastName,
    headline: member.headline,
    summary: member.summary,
    premium: member.premium,
    '*memberRelationship': `urn:li:fsd_memberRelationship:${member.id}`,
    '*industry': `urn:li:fsd_industry:${member.id}`,
    geoLocation: { '*geo': `urn:li:fsd_geo:${member.id}` },
  };
}

/** GET /me */
export function meAnswer(me: DialectMember) {
  return {
    data: {
      '*miniProfile': `urn:li:fs_miniProfile:${me.id}`,
      premiumSubscriber: me.premium,
      plainId: me.memberNumber,
    },
    included: [miniProfile(me)],
  };
}

/** GET identity/dash/profiles?q=memberIdentity: the profile with its relationship, as FullProfileWithEntities. */
export function profileAnswer(
  member: DialectMember,
  relation: { distance: DialectDistance; pendingInvitationId: string | null; following: boolean },
) {
  const { distance, pendingInvitationId } = relation;
  return {
    data: { '*elements': [urns.profile(member.id)] },
    included: [
      dashProfile(member),
      {
        $type: dialectTypes.memberRelationship,
        entityUrn: `urn:li:fsd_memberRelationship:${member.id}`,
        memberRelationshipUnion:
          distance === 'SELF'
            ? { self: {} }
            : distance === 'DISTANCE_1'
              ? { connection: { '*connection': `urn:li:fsd_connection:${member.id}` } }
              : {
                  noConnection: {
                    memberDistance: distance,
                    ...(pendingInvitationId
                      ? {
                          invitationUnion: {
                            invitation: {
                              entityUrn: urns.invitation(pendingInvitationId),
                              invitationState: 'PENDING',
                            },
                          },
                        }
                      : {}),
                  },
                },
      },
      {
        $type: dialectTypes.geo,
        entityUrn: `urn:li:fsd_geo:${member.id}`,
        defaultLocalizedName: member.location,
      },
      { $type: dialectTypes.industry, entityUrn: `urn:li:fsd_industry:${member.id}`, name: member.industry },
      {
        $type: dialectTypes.position,
        entityUrn: `urn:li:fsd_position:(${member.id},1)`,
        title: member.title,
        companyName: member.company,
        dateRange: { start: { year: 2020, month: 3 } },
      },
      {
        $type: dialectTypes.education,
        entityUrn: `urn:li:fsd_education:(${member.id},1)`,
        schoolName: member.school,
      },
      {
        $type: dialectTypes.followingState,
        entityUrn: urns.followingState(member.id),
        following: relation.following,
      },
    ],
  };
}

/** GET identity/profiles/<slug>/profileContactInfo */
export function contactInfoAnswer(email: string | null, websites: readonly string[]) {
  return { emailAddress: email, websites: websites.map((url) => ({ url })) };
}

/** GET identity/profiles/<slug>/skills */
export function skillsAnswer(
  member: DialectMember,
  skills: readonly { name: string; endorsementCount: number; endorsedByViewer: boolean }[],
) {
  return {
    elements: skills.map((skill, index) => ({
      entityUrn: `urn:li:fs_skill:(${member.id},${index + 1})`,
      ...skill,
    })),
  };
}

/** GET identity/profileUpdatesV2 */
export function postsAnswer(posts: readonly { id: string; text: string; createdAt: number }[]) {
  return {
    elements: posts.map((post) => ({
      updateMetadata: { urn: urns.activity(post.id) },
      commentary: { text: { text: post.text } },
      createdAt: post.createdAt,
    })),
  };
}

/** A search hit: a member the viewer may see, or a private "LinkedIn Member" row with no slug. */
export type DialectSearchHit = { member: DialectMember; distance: DialectDistance } | { private: true };

/** GraphQL voyagerSearchDashClusters: one page of a people search. */
export function searchAnswer(page: {
  start: number;
  count: number;
  total: number;
  hits: readonly DialectSearchHit[];
}) {
  return {
    data: {
      searchDashClustersByAll: {
        paging: { start: page.start, count: page.count, total: page.total },
        elements: [
          {
            items: page.hits.map((hit) => ({
              item: {
                entityResult:
                  'private' in hit
                    ? {
                        entityUrn:
                          'urn:li:fsd_entityResultViewModel:(urn:li:fsd_profile:headless,SEARCH_SRP,DEFAULT)',
                        title: { text: 'LinkedIn Member' },
                        navigationUrl: 'https://www.linkedin.com/search/results/people/headless',
                        entityCustomTrackingInfo: { memberDistance: 'OUT_OF_NETWORK' },
                      }
                    : {
                        entityUrn: `urn:li:fsd_entityResultViewModel:(${urns.profile(hit.member.id)},SEARCH_SRP,DEFAULT)`,
                        title: { text: `${hit.member.firstName} ${hit.member.lastName}` },
                        primarySubtitle: { text: hit.member.headline },
                        secondarySubtitle: { text: hit.member.location },
                        navigationUrl: `https://www.linkedin.com/in/${hit.member.slug}?miniProfileUrn=x`,
                        entityCustomTrackingInfo: { memberDistance: hit.distance },
                      },
              },
            })),
          },
        ],
      },
    },
  };
}

/** What the adapter's cluster-search variables ask for (reference §1, people/event/group search). */
export type SearchVariables = {
  start: number;
  count: number;
  origin: string;
  keywords: string | undefined;
  /** queryParameters: key → values (resultType, network, geoUrn, currentCompany, eventAttending…). */
  parameters: Map<string, string[]>;
};

/** Reads `(start:…,count:…,origin:…,query:(keywords:…,queryParameters:List((key:…,value:List(…)),…)))`. */
export function readSearchVariables(variables: string): SearchVariables {
  const decode = (text: string) => decodeURIComponent(text);
  const parameters = new Map<string, string[]>();
  for (const match of variables.matchAll(/\(key:([A-Za-z]+),value:List\(([^)]*)\)\)/g)) {
    parameters.set(match[1] ?? '', (match[2] ?? '').split(',').filter(Boolean).map(decode));
  }
  const keywords = /keywords:([^,)]+)/.exec(variables)?.[1];
  return {
    start: Number(/start:(\d+)/.exec(variables)?.[1] ?? 0),
    count: Number(/count:(\d+)/.exec(variables)?.[1] ?? 10),
    origin: /origin:([A-Z_]+)/.exec(variables)?.[1] ?? 'FACETED_SEARCH',
    keywords: keywords ? decode(keywords) : undefined,
    parameters,
  };
}

/**
 * A Sales Navigator lead: a member shown by name, with their degree (none out of network), or a
 * private "LinkedIn Member" row, which names nobody and cannot be looked up.
 */
export type DialectLead = { member: DialectMember; degree: 1 | 2 | 3 | null } | { private: true };

/** Sales Navigator names a member ACw…; the same member's ACo id shares the tail. */
export const salesIdOf = (profileId: string) => `ACwAA${profileId.slice(5)}`;
/** The ACo id of the member an ACw id names (the sandbox's members share the tail). */
export const profileIdOfSalesId = (salesId: string) =>
  /^ACwAA./.test(salesId) ? `ACoAA${salesId.slice(5)}` : undefined;
/** A lead's URN: urn:li:fs_salesProfile:(<ACw id>,<authType>,<authToken>) (reference §0). */
export const salesProfileUrn = (member: DialectMember) =>
  `urn:li:fs_salesProfile:(${salesIdOf(member.id)},NAME_SEARCH,${member.memberNumber.toString(36)})`;
const privateLeadUrn = 'urn:li:fs_salesProfile:(headless,OUT_OF_NETWORK,0)';

/** GET sales-api/salesApiLeadSearch (LeadSearchResult): one page of leads, 25 per page in the UI. */
export function leadSearchAnswer(page: {
  start: number;
  count: number;
  total: number;
  leads: readonly DialectLead[];
}) {
  return {
    paging: { start: page.start, count: page.count, total: page.total },
    elements: page.leads.map((lead) =>
      'private' in lead
        ? { entityUrn: privateLeadUrn, fullName: 'LinkedIn Member', currentPositions: [] }
        : {
            entityUrn: salesProfileUrn(lead.member),
            objectUrn: `urn:li:member:${lead.member.memberNumber}`,
            firstName: lead.member.firstName,
            lastName: lead.member.lastName,
            fullName: `${lead.member.firstName} ${lead.member.lastName}`,
            ...(lead.degree === null ? {} : { degree: lead.degree }),
            geoRegion: lead.member.location,
            premium: lead.member.premium,
            currentPositions: [{ companyName: lead.member.company, title: lead.member.title }],
          },
    ),
  };
}

/** What salesApiProfiles' ids=List((profileId:…,authType:…,authToken:…),…) asks: the keys and their ACw ids. */
export function readSalesProfileKeys(ids: string): { key: string; salesId: string }[] {
  return [...ids.matchAll(/\(profileId:([^,)]+),authType:[^,)]*,authToken:[^,)]*\)/g)].map((match) => ({
    key: match[0],
    salesId: decodeURIComponent(match[1] ?? ''),
  }));
}

/**
 * GET sales-api/salesApiProfiles?ids=List(…): a REST.li 2.0 batch get of leads' profiles, each
 * with the address of the member's LinkedIn profile; a key it cannot answer is in errors.
 */
export function salesProfilesAnswer(keys: readonly { key: string; member: DialectMember | undefined }[]) {
  const results: Record<string, { entityUrn: string; objectUrn: string; flagshipProfileUrl: string }> = {};
  const statuses: Record<string, number> = {};
  const errors: Record<string, { status: number }> = {};
  for (const { key, member } of keys) {
    statuses[key] = member ? 200 : 404;
    if (!member) {
      errors[key] = { status: 404 };
      continue;
    }
    results[key] = {
      entityUrn: salesProfileUrn(member),
      objectUrn: `urn:li:member:${member.memberNumber}`,
      flagshipProfileUrl: `https://www.linkedin.com/in/${member.slug}`,
    };
  }
  return { results, statuses, errors };
}

/** POST voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2: 200 and a Location. */
export function invitationCreated(invitationId: string, inviteeId: string) {
  return {
    body: {
      data: { value: { invitationUrn: urns.invitation(invitationId), '*invitee': urns.profile(inviteeId) } },
      included: [],
    },
    location: `/voyagerGrowthNormInvitations/${invitationId}`,
  };
}

/** The invitation a withdraw path names (…/urn:li:fsd_invitation:<id>?action=withdraw). */
export const invitationIdOfPath = (path: string) =>
  /\/voyagerRelationshipsDashInvitations\/urn:li:fsd_invitation:([^/?]+)$/.exec(path)?.[1];

/** GET relationships/sentInvitationViewsV2 */
export function sentInvitationsAnswer(
  start: number,
  count: number,
  invitations: readonly { id: string; sentTime: number; message: string | null; to: DialectMember }[],
  sharedSecret: () => string,
) {
  return {
    data: {
      '*elements': invitations.map((invitation) => `urn:li:fs_relInvitation:${invitation.id}`),
      paging: { start, count },
    },
    included: invitations.flatMap((invitation) => [
      {
        $type: dialectTypes.invitation,
        entityUrn: `urn:li:fs_relInvitation:${invitation.id}`,
        sharedSecret: sharedSecret(),
        sentTime: invitation.sentTime,
        customMessage: invitation.message !== null,
        message: invitation.message,
        invitationType: 'CONNECTION',
        '*toMember': `urn:li:fs_miniProfile:${invitation.to.id}`,
      },
      miniProfile(invitation.to),
    ]),
  };
}

/** GET relationships/dash/connections (RECENTLY_ADDED: newest first). */
export function connectionsAnswer(connections: readonly { member: DialectMember; createdAt: number }[]) {
  return {
    data: { '*elements': connections.map(({ member }) => `urn:li:fsd_connection:${member.id}`) },
    included: connections.flatMap(({ member, createdAt }) => [
      {
        $type: dialectTypes.connection,
        entityUrn: `urn:li:fsd_connection:${member.id}`,
        createdAt,
        '*connectedMemberResolutionResult': urns.profile(member.id),
      },
      dashProfile(member),
    ]),
  };
}

/** Messenger URNs: a conversation or a message of the mailbox's owner. */
export const messengerUrns = {
  conversation: (mailboxId: string, id: string) =>
    `urn:li:msg_conversation:(${urns.profile(mailboxId)},${id})`,
  message: (mailboxId: string, id: string) => `urn:li:msg_message:(${urns.profile(mailboxId)},${id})`,
  /** The mailbox and the id a messenger URN names. */
  read(urn: string): { mailboxId: string; id: string } | undefined {
    const match = /^urn:li:msg_(?:conversation|message):\(urn:li:fsd_profile:([^,]+),(.+)\)$/.exec(urn);
    return match?.[1] && match[2] ? { mailboxId: match[1], id: match[2] } : undefined;
  },
};

/** POST voyagerMessagingDashMessengerMessages?action=createMessage */
export const messageCreatedAnswer = (value: {
  entityUrn: string;
  conversationUrn: string;
  deliveredAt: number;
}) => ({
  value,
});

const participant = (member: DialectMember, distance?: DialectDistance) => ({
  hostIdentityUrn: urns.profile(member.id),
  participantType: {
    member: {
      firstName: { text: member.firstName },
      lastName: { text: member.lastName },
      headline: { text: member.headline },
      profileUrl: `https://www.linkedin.com/in/${member.slug}`,
      ...(distance ? { distance } : {}),
    },
  },
});

/**
 * A conversation of the messenger's list. `categories` places it (PRIMARY_INBOX or SECONDARY_INBOX,
 * and STARRED, ARCHIVE, SPAM, INMAIL where they apply); `lastUpdatedAt` is its latest change of any
 * kind (message, mark, edit, recall, reaction), what `lastUpdatedBefore` pages by.
 */
export type DialectConversation = {
  urn: string;
  lastActivityAt: number;
  lastUpdatedAt?: number;
  lastReadAt?: number | null;
  unreadCount: number;
  categories?: readonly string[];
  /** The other participants' distance to the viewer, by member id (the viewer has none). */
  distances?: ReadonlyMap<string, DialectDistance>;
  participants: readonly DialectMember[];
};

/** GraphQL messengerConversations (by category, paged by lastUpdatedBefore). */
export function conversationsAnswer(conversations: readonly DialectConversation[]) {
  return {
    data: {
      messengerConversationsByCategoryQuery: {
        elements: conversations.map((conversation) => ({
          entityUrn: conversation.urn,
          lastActivityAt: conversation.lastActivityAt,
          ...(conversation.lastUpdatedAt === undefined ? {} : { lastUpdatedAt: conversation.lastUpdatedAt }),
          ...(conversation.lastReadAt == null ? {} : { lastReadAt: conversation.lastReadAt }),
          read: conversation.unreadCount === 0,
          unreadCount: conversation.unreadCount,
          groupChat: false,
          categories: [...(conversation.categories ?? [messengerCategories.primary])],
          conversationParticipants: conversation.participants.map((member) =>
            participant(member, conversation.distances?.get(member.id)),
          ),
        })),
        metadata: { nextCursor: null },
      },
    },
  };
}

/** What the messenger variables ask: the conversations' page, or one conversation's messages. */
export function readMessengerVariables(variables: string) {
  const decoded = decodeURIComponent(variables);
  return {
    before: Number(/lastUpdatedBefore:(\d+)/.exec(variables)?.[1] ?? Number.POSITIVE_INFINITY),
    count: Number(/count:(\d+)/.exec(variables)?.[1] ?? 20),
    /** conversationCategoryPredicate:(category:…); undefined when the query names none. */
    category: /conversationCategoryPredicate:\(category:([A-Z_]+)\)/.exec(variables)?.[1],
    conversationUrn: /conversationUrn:(.+)\)$/.exec(decoded)?.[1],
  };
}

/** A file, image, voice note, GIF or video meeting sent with a message; `url` is where the site serves it. */
export type DialectAttachment =
  | { kind: 'file'; url: string; name: string; byteSize: number; mediaType: string }
  | { kind: 'image'; url: string; name: string }
  | { kind: 'audio'; url: string; durationMs: number }
  | { kind: 'gif'; url: string; name: string }
  | { kind: 'video_meeting'; name: string };

/**
 * A message's renderContent entry, one member of LinkedIn's union (reference §1: file, vectorImage,
 * audio, externalMedia; a video meeting as videoMeeting).
 */
export function renderContentOf(attachment: DialectAttachment) {
  switch (attachment.kind) {
    case 'file':
      return {
        file: {
          assetUrn: `urn:li:digitalmediaAsset:${attachment.url.split('/').at(-1) ?? ''}`,
          name: attachment.name,
          byteSize: attachment.byteSize,
          mediaType: attachment.mediaType,
          url: attachment.url,
        },
      };
    case 'image':
      return { vectorImage: { rootUrl: attachment.url, artifacts: [] } };
    case 'audio':
      return { audio: { url: attachment.url, duration: attachment.durationMs } };
    case 'gif':
      return { externalMedia: { title: attachment.name, media: { url: attachment.url } } };
    case 'video_meeting':
      return { videoMeeting: { meetingName: attachment.name } };
  }
}

export type DialectMessage = {
  urn: string;
  deliveredAt: number;
  text: string;
  fromId: string;
  format?: 'DEFAULT' | 'EDITED' | 'RECALLED' | 'SYSTEM';
  /** An InMail's subject line. */
  subject?: string | null;
  attachments?: readonly DialectAttachment[];
  reactions?: readonly { emoji: string; count: number; viewerReacted: boolean }[];
  /** The latest edit, recall or reaction, when there was one. */
  lastUpdatedAt?: number | null;
};

/** GraphQL messengerMessages: a conversation's messages. */
export function messagesAnswer(messages: readonly DialectMessage[]) {
  return {
    data: {
      messengerMessagesBySyncToken: {
        elements: messages.map((message) => ({
          entityUrn: message.urn,
          deliveredAt: message.deliveredAt,
          body: { text: message.text, attributes: [] },
          ...(message.subject ? { subject: message.subject } : {}),
          sender: { hostIdentityUrn: urns.profile(message.fromId) },
          messageBodyRenderFormat: message.format ?? 'DEFAULT',
          renderContent: (message.attachments ?? []).map(renderContentOf),
          reactionSummaries: message.reactions ?? [],
          ...(message.lastUpdatedAt == null ? {} : { lastUpdatedAt: message.lastUpdatedAt }),
        })),
      },
    },
  };
}
