import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startTestServer, type TestServer } from './http-server.ts';

/**
 * A local stand-in for linkedin.com as reference/network-api.md describes it: cookie session
 * (li_at + JSESSIONID) with the csrf-token check, normalized JSON with included[], GraphQL query
 * ids that rotate and are named only in the site's scripts, offset paging, and the error signals
 * of table §2.2. It is the world's edge for the LinkedIn adapter's tests and benchmark; state lives
 * in memory and is driven by the test (members, limits, faults, session).
 */

export type StandInMember = {
  id: string;
  slug: string;
  firstName: string;
  lastName: string;
  headline: string;
  location: string;
  company: string;
  distance: 'DISTANCE_1' | 'DISTANCE_2' | 'DISTANCE_3' | 'OUT_OF_NETWORK';
  premium: boolean;
  skills: string[];
  posts: { id: string; text: string; createdAt: number }[];
  /** Hidden from search ("LinkedIn Member", no slug), as out-of-network hits often are. */
  private: boolean;
};

export type StandInFault = { status: number; code?: string; text?: string; headers?: Record<string, string> };

export type StandInState = {
  me: StandInMember;
  members: StandInMember[];
  session: 'ok' | 'expired' | 'checkpoint';
  salesNavigatorSeat: boolean;
  weeklyInvitationLimit: number;
  monthlyNoteLimit: number;
  invitations: {
    id: string;
    to: string;
    sentTime: number;
    message: string | null;
    state: 'pending' | 'accepted' | 'withdrawn';
  }[];
  connections: { to: string; createdAt: number }[];
  conversations: {
    urn: string;
    with: string;
    messages: { urn: string; from: string; text: string; at: number }[];
  }[];
  follows: Set<string>;
  reactions: { postUrn: string; reactionType: string }[];
  endorsements: { slug: string; skill: string }[];
  views: string[];
  originTokens: Map<string, { entityUrn: string; conversationUrn: string }>;
};

export type LinkedInStandIn = TestServer & {
  state: StandInState;
  /** The cookies a signed-in browser holds, as the adapter's readCookie reads them. */
  cookies: Map<string, string>;
  /** A fetch that sends the cookie jar, as the browser does with credentials: 'include'. */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** The next calls whose path starts with `pathPrefix` answer this fault, `times` times. */
  failNext(pathPrefix: string, fault: StandInFault, times?: number): void;
  /** New bundles: every GraphQL query id changes, the old ones answer 400. */
  rotateQueryIds(): void;
  /** The site sets a new JSESSIONID; a browser that still sends the old csrf-token is refused. */
  rotateJsessionId(): void;
  queryIdsServed: () => number;
};

const standInQueries = ['voyagerSearchDashClusters', 'messengerConversations', 'messengerMessages'];
const hex = () => randomBytes(16).toString('hex');

function makeMember(index: number, distance: StandInMember['distance'] = 'DISTANCE_2'): StandInMember {
  const first = ['Ada', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana'][index % 8] ?? 'Ada';
  const last = ['Smith', 'Jones', 'Meyer', 'Rossi', 'Dubois', 'Khan'][index % 6] ?? 'Smith';
  return {
    id: `ACoAA${String(index).padStart(8, '0')}`,
    slug: `${first}-${last}-${index.toString(16).padStart(6, '0')}`.toLowerCase(),
    firstName: first,
    lastName: last,
    headline: `Engineer at Company ${index % 50}`,
    location: 'Berlin, Germany',
    company: `Company ${index % 50}`,
    distance,
    premium: false,
    skills: ['TypeScript', 'Leadership'],
    posts:
      index % 3 === 0
        ? []
        : [{ id: String(7000 + index), text: `Post of ${first}`, createdAt: 1_700_000_000_000 + index }],
    private: false,
  };
}

/** A population of `size` members besides the viewer: member i is makeMember(i + 1). */
export function standInPopulation(size: number): StandInMember[] {
  return Array.from({ length: size }, (_, index) => makeMember(index + 1));
}

export async function startLinkedInStandIn(
  options: { members?: StandInMember[] } = {},
): Promise<LinkedInStandIn> {
  const state: StandInState = {
    me: {
      ...makeMember(0),
      slug: 'me-myself-000000',
      firstName: 'Mia',
      lastName: 'Self',
      headline: 'Founder at Outpilot',
    },
    members: options.members ?? standInPopulation(30),
    session: 'ok',
    salesNavigatorSeat: true,
    weeklyInvitationLimit: 100,
    monthlyNoteLimit: 5,
    invitations: [],
    connections: [],
    conversations: [],
    follows: new Set(),
    reactions: [],
    endorsements: [],
    views: [],
    originTokens: new Map(),
  };
  const cookies = new Map<string, string>([
    ['li_at', `AQED${hex()}`],
    ['JSESSIONID', `"ajax:${Date.now()}"`],
  ]);
  const validLiAt = cookies.get('li_at') ?? '';
  let validJsession = cookies.get('JSESSIONID') ?? '';
  let queryIds = new Map(standInQueries.map((name) => [name, `${name}.${hex()}`]));
  let queryIdReads = 0;
  const faults: { prefix: string; fault: StandInFault; times: number }[] = [];
  let ids = 1000;
  const nextId = () => {
    ids += 1;
    return String(ids);
  };
  const now = () => Date.now();

  const memberById = (id: string) => [state.me, ...state.members].find((member) => member.id === id);
  const memberBySlug = (slug: string) => [state.me, ...state.members].find((member) => member.slug === slug);
  const degreeOf = (member: StandInMember) =>
    state.connections.some((connection) => connection.to === member.id) ? 'DISTANCE_1' : member.distance;

  const miniProfile = (member: StandInMember) => ({
    $type: 'com.linkedin.voyager.identity.shared.MiniProfile',
    entityUrn: `urn:li:fs_miniProfile:${member.id}`,
    dashEntityUrn: `urn:li:fsd_profile:${member.id}`,
    objectUrn: `urn:li:member:${Number.parseInt(member.id.slice(5), 10) + 100000}`,
    firstName: member.firstName,
    lastName: member.lastName,
    occupation: member.headline,
    publicIdentifier: member.slug,
  });
  const dashProfile = (member: StandInMember) => ({
    $type: 'com.linkedin.voyager.dash.identity.profile.Profile',
    entityUrn: `urn:li:fsd_profile:${member.id}`,
    publicIdentifier: member.slug,
    firstName: member.firstName,
    lastName: member.lastName,
    headline: member.headline,
    summary: `About ${member.firstName}`,
    premium: member.premium,
    '*memberRelationship': `urn:li:fsd_memberRelationship:${member.id}`,
    '*industry': 'urn:li:fsd_industry:4',
    geoLocation: { '*geo': `urn:li:fsd_geo:${member.id}` },
  });

  const answer = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const refuse = (
    response: ServerResponse,
    status: number,
    code?: string,
    headers?: Record<string, string>,
  ) => answer(response, status, { data: { status, ...(code ? { code } : {}) }, included: [] }, headers);

  const bundle = () => `window.__routes={${[...queryIds.values()].map((id) => `q:"${id}"`).join(',')}};`;

  const handle = (request: IncomingMessage, response: ServerResponse, body: string) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const cookieHeader = request.headers.cookie ?? '';
    const sent = new Map(
      cookieHeader.split(';').map((part) => {
        const at = part.indexOf('=');
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as [string, string];
      }),
    );
    const signedIn = state.session === 'ok' && sent.get('li_at') === validLiAt;
    const toSignIn = () => {
      const location =
        state.session === 'checkpoint'
          ? '/checkpoint/challenge/AgH?ut=1'
          : '/login?session_redirect=%2Ffeed%2F';
      response.writeHead(302, { location });
      response.end();
    };

    // Pages: the feed (which loads the bundle naming the query ids) and profile views.
    if (path === '/feed/') {
      if (!signedIn) return toSignIn();
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end(
        '<!doctype html><html><head><script src="/aero-v1/sc/h/app.js"></script></head></html>',
      );
    }
    if (path === '/aero-v1/sc/h/app.js') {
      queryIdReads += 1;
      response.writeHead(200, { 'content-type': 'text/javascript' });
      return response.end(bundle());
    }
    if (path.startsWith('/in/')) {
      if (!signedIn) return toSignIn();
      state.views.push(decodeURIComponent(path.split('/')[2] ?? ''));
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<!doctype html><title>Profile</title>');
    }

    // The API: a valid session and the csrf-token matching JSESSIONID.
    if (!signedIn) {
      if (state.session === 'checkpoint') return toSignIn();
      return answer(
        response,
        401,
        { status: 401 },
        state.session === 'expired' ? { 'set-cookie': 'li_at=delete me; Path=/' } : {},
      );
    }
    const csrf = request.headers['csrf-token'];
    if (!csrf || csrf !== validJsession.replace(/"/g, '') || sent.get('JSESSIONID') !== validJsession) {
      response.writeHead(403, { 'content-type': 'text/plain' });
      return response.end('CSRF check failed.');
    }
    if (request.headers['x-restli-protocol-version'] !== '2.0.0') return refuse(response, 400);
    const api = path.replace(/^\/voyager\/api/, '');
    const faultAt = faults.findIndex(
      (entry) => api.startsWith(entry.prefix) || path.startsWith(entry.prefix),
    );
    const fault = faultAt >= 0 ? faults[faultAt] : undefined;
    if (fault) {
      fault.times -= 1;
      if (fault.times <= 0) faults.splice(faultAt, 1);
      if (fault.fault.text !== undefined) {
        response.writeHead(fault.fault.status, { 'content-type': 'text/plain', ...fault.fault.headers });
        return response.end(fault.fault.text);
      }
      return refuse(response, fault.fault.status, fault.fault.code, fault.fault.headers);
    }
    const json = (): Record<string, unknown> => (body ? (JSON.parse(body) as Record<string, unknown>) : {});

    if (api === '/me') {
      return answer(response, 200, {
        data: {
          '*miniProfile': `urn:li:fs_miniProfile:${state.me.id}`,
          premiumSubscriber: state.me.premium,
          plainId: 1,
        },
        included: [miniProfile(state.me)],
      });
    }
    if (api === '/identity/dash/profiles' && url.searchParams.get('q') === 'memberIdentity') {
      const member = memberBySlug(url.searchParams.get('memberIdentity') ?? '');
      if (!member) return refuse(response, 404);
      const pending = state.invitations.find(
        (invitation) => invitation.to === member.id && invitation.state === 'pending',
      );
      const degree = member === state.me ? 'SELF' : degreeOf(member);
      return answer(response, 200, {
        data: { '*elements': [`urn:li:fsd_profile:${member.id}`] },
        included: [
          dashProfile(member),
          {
            $type: 'com.linkedin.voyager.dash.relationships.MemberRelationship',
            entityUrn: `urn:li:fsd_memberRelationship:${member.id}`,
            memberRelationshipUnion:
              degree === 'SELF'
                ? { self: {} }
                : degree === 'DISTANCE_1'
                  ? { connection: { '*connection': `urn:li:fsd_connection:${member.id}` } }
                  : {
                      noConnection: {
                        memberDistance: degree,
                        ...(pending
                          ? {
                              invitationUnion: {
                                invitation: {
                                  entityUrn: `urn:li:fsd_invitation:${pending.id}`,
                                  invitationState: 'PENDING',
                                },
                              },
                            }
                          : {}),
                      },
                    },
          },
          {
            $type: 'com.linkedin.voyager.dash.common.Geo',
            entityUrn: `urn:li:fsd_geo:${member.id}`,
            defaultLocalizedName: member.location,
          },
          {
            $type: 'com.linkedin.voyager.dash.common.Industry',
            entityUrn: 'urn:li:fsd_industry:4',
            name: 'Software Development',
          },
          {
            $type: 'com.linkedin.voyager.dash.identity.profile.Position',
            entityUrn: `urn:li:fsd_position:(${member.id},1)`,
            title: member.headline.split(' at ')[0],
            companyName: member.company,
            dateRange: { start: { year: 2020, month: 3 } },
          },
          {
            $type: 'com.linkedin.voyager.dash.identity.profile.Education',
            entityUrn: `urn:li:fsd_education:(${member.id},1)`,
            schoolName: 'TU Berlin',
          },
          {
            $type: 'com.linkedin.voyager.dash.feed.FollowingState',
            entityUrn: `urn:li:fsd_followingState:urn:li:fsd_profile:${member.id}`,
            following: state.follows.has(member.id),
          },
        ],
      });
    }
    const profileSub = /^\/identity\/profiles\/([^/]+)\/(profileContactInfo|skills|normEndorsements)$/.exec(
      api,
    );
    if (profileSub) {
      const member = memberBySlug(decodeURIComponent(profileSub[1] ?? ''));
      if (!member) return refuse(response, 404);
      if (profileSub[2] === 'profileContactInfo')
        return answer(response, 200, {
          emailAddress: degreeOf(member) === 'DISTANCE_1' ? `${member.slug}@mail.example` : null,
          websites: [],
        });
      if (profileSub[2] === 'skills')
        return answer(response, 200, {
          elements: member.skills.map((name, index) => ({
            entityUrn: `urn:li:fs_skill:(${member.id},${index + 1})`,
            name,
            endorsementCount: state.endorsements.filter(
              (entry) => entry.slug === member.slug && entry.skill === name,
            ).length,
            endorsedByViewer: state.endorsements.some(
              (entry) => entry.slug === member.slug && entry.skill === name,
            ),
          })),
        });
      if (degreeOf(member) !== 'DISTANCE_1') return refuse(response, 403);
      const skill = (json().skill as { name?: string } | undefined)?.name ?? '';
      if (!member.skills.includes(skill)) return refuse(response, 400);
      state.endorsements.push({ slug: member.slug, skill });
      return answer(response, 201, {});
    }
    if (api === '/graphql' || api === '/voyagerMessagingGraphQL/graphql') {
      const queryId = url.searchParams.get('queryId') ?? '';
      if (![...queryIds.values()].includes(queryId))
        return answer(response, 400, { errors: [{ message: 'PersistedQueryNotFound' }] });
      const variables = url.searchParams.get('variables') ?? '';
      if (queryId.startsWith('voyagerSearchDashClusters')) return search(response, variables);
      if (queryId.startsWith('messengerConversations')) return listConversations(response, variables);
      return listMessages(response, variables);
    }
    if (
      api === '/voyagerRelationshipsDashMemberRelationships' &&
      url.searchParams.get('action') === 'verifyQuotaAndCreateV2'
    )
      return invite(response, json());
    if (api === '/relationships/sentInvitationViewsV2') {
      const start = Number(url.searchParams.get('start') ?? 0);
      const count = Number(url.searchParams.get('count') ?? 10);
      const pending = state.invitations
        .filter((invitation) => invitation.state === 'pending')
        .slice(start, start + count);
      return answer(response, 200, {
        data: {
          '*elements': pending.map((invitation) => `urn:li:fs_relInvitation:${invitation.id}`),
          paging: { start, count },
        },
        included: pending.flatMap((invitation) => {
          const member = memberById(invitation.to);
          return [
            {
              $type: 'com.linkedin.voyager.relationships.invitation.Invitation',
              entityUrn: `urn:li:fs_relInvitation:${invitation.id}`,
              sharedSecret: hex().slice(0, 8),
              sentTime: invitation.sentTime,
              customMessage: invitation.message !== null,
              message: invitation.message,
              invitationType: 'CONNECTION',
              '*toMember': `urn:li:fs_miniProfile:${invitation.to}`,
            },
            ...(member ? [miniProfile(member)] : []),
          ];
        }),
      });
    }
    const withdraw = /^\/voyagerRelationshipsDashInvitations\/urn:li:fsd_invitation:(\d+)$/.exec(
      decodeURIComponent(api),
    );
    if (withdraw && url.searchParams.get('action') === 'withdraw') {
      const invitation = state.invitations.find((entry) => entry.id === withdraw[1]);
      if (!invitation) return refuse(response, 404);
      if (invitation.state === 'accepted') return refuse(response, 400);
      invitation.state = 'withdrawn';
      return answer(response, 200, { value: { statusCode: 200 } });
    }
    if (api === '/relationships/dash/connections') {
      const start = Number(url.searchParams.get('start') ?? 0);
      const count = Number(url.searchParams.get('count') ?? 40);
      const page = state.connections
        .toSorted((a, b) => b.createdAt - a.createdAt)
        .slice(start, start + count);
      return answer(response, 200, {
        data: { '*elements': page.map((connection) => `urn:li:fsd_connection:${connection.to}`) },
        included: page.flatMap((connection) => {
          const member = memberById(connection.to);
          return [
            {
              $type: 'com.linkedin.voyager.dash.relationships.Connection',
              entityUrn: `urn:li:fsd_connection:${connection.to}`,
              createdAt: connection.createdAt,
              '*connectedMemberResolutionResult': `urn:li:fsd_profile:${connection.to}`,
            },
            ...(member ? [dashProfile(member)] : []),
          ];
        }),
      });
    }
    if (
      api === '/voyagerMessagingDashMessengerMessages' &&
      url.searchParams.get('action') === 'createMessage'
    ) {
      if (!String(request.headers['content-type']).startsWith('text/plain')) return refuse(response, 415);
      return sendMessage(response, json());
    }
    const followPath =
      /^\/feed\/dash\/followingStates\/urn:li:fsd_followingState:urn:li:fsd_profile:(.+)$/.exec(
        decodeURIComponent(api),
      );
    if (followPath) {
      const member = memberById(followPath[1] ?? '');
      if (!member) return refuse(response, 404);
      state.follows.add(member.id);
      return answer(response, 200, {});
    }
    if (api === '/identity/profileUpdatesV2') {
      const member = memberById(
        (url.searchParams.get('profileUrn') ?? '').replace('urn:li:fsd_profile:', ''),
      );
      if (!member) return refuse(response, 404);
      return answer(response, 200, {
        elements: member.posts.map((post) => ({
          updateMetadata: { urn: `urn:li:activity:${post.id}` },
          commentary: { text: { text: post.text } },
          createdAt: post.createdAt,
        })),
      });
    }
    if (api === '/voyagerSocialDashReactions') {
      const postUrn = url.searchParams.get('threadUrn') ?? '';
      const exists = state.members.some((member) =>
        member.posts.some((post) => `urn:li:activity:${post.id}` === postUrn),
      );
      if (!exists) return refuse(response, 404);
      state.reactions.push({ postUrn, reactionType: String(json().reactionType) });
      return answer(response, 201, {});
    }
    if (path === '/sales-api/salesApiLeadSearch') {
      if (!state.salesNavigatorSeat) return refuse(response, 403);
      const start = Number(url.searchParams.get('start') ?? 0);
      const count = Number(url.searchParams.get('count') ?? 25);
      const page = state.members.slice(start, start + count);
      return answer(response, 200, {
        paging: { start, count, total: state.members.length },
        elements: page.map((member) => ({
          entityUrn: `urn:li:fs_salesProfile:(ACwAA${member.id.slice(5)},NAME_SEARCH,tok)`,
          objectUrn: `urn:li:member:${member.id.slice(5)}`,
          firstName: member.firstName,
          lastName: member.lastName,
          degree: degreeOf(member) === 'DISTANCE_1' ? 1 : degreeOf(member) === 'DISTANCE_2' ? 2 : 3,
          geoRegion: member.location,
          currentPositions: [{ companyName: member.company, title: member.headline.split(' at ')[0] }],
        })),
      });
    }
    if (path.startsWith('/sales-api/salesApiProfiles/')) {
      if (!state.salesNavigatorSeat) return refuse(response, 403);
      const acw = /ACwAA([^,]+)/.exec(decodeURIComponent(path))?.[1];
      const member = state.members.find((entry) => entry.id.slice(5) === acw);
      if (!member) return refuse(response, 404);
      return answer(response, 200, { flagshipProfileUrl: `https://www.linkedin.com/in/${member.slug}` });
    }
    return refuse(response, 404);
  };

  function search(response: ServerResponse, variables: string) {
    const start = Number(/start:(\d+)/.exec(variables)?.[1] ?? 0);
    const count = Number(/count:(\d+)/.exec(variables)?.[1] ?? 10);
    const keywords = decodeURIComponent(/keywords:([^,)]+)/.exec(variables)?.[1] ?? '').toLowerCase();
    const matching = state.members.filter(
      (member) =>
        !keywords ||
        `${member.firstName} ${member.lastName} ${member.headline}`.toLowerCase().includes(keywords),
    );
    // Basic search reaches 1000 results deep; its pages are at most 49 long.
    const page = start >= 1000 ? [] : matching.slice(start, Math.min(start + Math.min(count, 49), 1000));
    return answer(response, 200, {
      data: {
        searchDashClustersByAll: {
          paging: { start, count, total: matching.length },
          elements: [
            {
              items: page.map((member) => ({
                item: {
                  entityResult: member.private
                    ? {
                        entityUrn:
                          'urn:li:fsd_entityResultViewModel:(urn:li:fsd_profile:headless,SEARCH_SRP,DEFAULT)',
                        title: { text: 'LinkedIn Member' },
                        navigationUrl: 'https://www.linkedin.com/search/results/people/headless',
                        entityCustomTrackingInfo: { memberDistance: 'OUT_OF_NETWORK' },
                      }
                    : {
                        entityUrn: `urn:li:fsd_entityResultViewModel:(urn:li:fsd_profile:${member.id},SEARCH_SRP,DEFAULT)`,
                        title: { text: `${member.firstName} ${member.lastName}` },
                        primarySubtitle: { text: member.headline },
                        secondarySubtitle: { text: member.location },
                        navigationUrl: `https://www.linkedin.com/in/${member.slug}?miniProfileUrn=x`,
                        entityCustomTrackingInfo: { memberDistance: degreeOf(member) },
                      },
                },
              })),
            },
          ],
        },
      },
    });
  }

  function invite(response: ServerResponse, body: Record<string, unknown>) {
    const invitee =
      (body.invitee as { inviteeUnion?: { memberProfile?: string } } | undefined)?.inviteeUnion
        ?.memberProfile ?? '';
    const member = memberById(invitee.replace('urn:li:fsd_profile:', ''));
    if (!member) return refuse(response, 404);
    const message = typeof body.customMessage === 'string' ? body.customMessage : null;
    if (degreeOf(member) === 'DISTANCE_1') return refuse(response, 406);
    if (
      state.invitations.some((invitation) => invitation.to === member.id && invitation.state !== 'accepted')
    )
      return refuse(response, 400, 'CANT_RESEND_YET');
    if (message !== null && [...message].length > (state.me.premium ? 300 : 200))
      return refuse(response, 422);
    const week = now() - 7 * 86_400_000;
    if (
      state.invitations.filter((invitation) => invitation.sentTime > week).length >=
      state.weeklyInvitationLimit
    )
      return refuse(response, 400, 'CANT_INVITE_CONNECTION_LIMIT_REACHED');
    const month = now() - 30 * 86_400_000;
    if (
      message !== null &&
      !state.me.premium &&
      state.invitations.filter((invitation) => invitation.message !== null && invitation.sentTime > month)
        .length >= state.monthlyNoteLimit
    )
      return refuse(response, 429, 'CUSTOM_INVITE_LIMIT_REACHED');
    const id = nextId();
    state.invitations.push({ id, to: member.id, sentTime: now(), message, state: 'pending' });
    return answer(
      response,
      200,
      {
        data: {
          value: {
            invitationUrn: `urn:li:fsd_invitation:${id}`,
            '*invitee': `urn:li:fsd_profile:${member.id}`,
          },
        },
        included: [],
      },
      { location: `/voyagerGrowthNormInvitations/${id}` },
    );
  }

  function sendMessage(response: ServerResponse, body: Record<string, unknown>) {
    const message = body.message as {
      body?: { text?: string };
      conversationUrn?: string;
      originToken?: string;
    };
    const token = message.originToken ?? '';
    const repeated = state.originTokens.get(token);
    if (repeated) return answer(response, 200, { value: repeated });
    let conversation = state.conversations.find((entry) => entry.urn === message.conversationUrn);
    if (!conversation) {
      const to = ((body.hostRecipientUrns as string[] | undefined)?.[0] ?? '').replace(
        'urn:li:fsd_profile:',
        '',
      );
      const member = memberById(to);
      if (!member) return refuse(response, 404);
      if (degreeOf(member) !== 'DISTANCE_1') return refuse(response, 403);
      conversation = state.conversations.find((entry) => entry.with === member.id);
      if (!conversation) {
        conversation = {
          urn: `urn:li:msg_conversation:(urn:li:fsd_profile:${state.me.id},2-${hex()})`,
          with: member.id,
          messages: [],
        };
        state.conversations.push(conversation);
      }
    }
    const sent = {
      urn: `urn:li:msg_message:(urn:li:fsd_profile:${state.me.id},2-${hex()})`,
      from: state.me.id,
      text: message.body?.text ?? '',
      at: now(),
    };
    conversation.messages.push(sent);
    const value = { entityUrn: sent.urn, conversationUrn: conversation.urn };
    state.originTokens.set(token, value);
    return answer(response, 200, { value: { ...value, deliveredAt: sent.at } });
  }

  const participant = (member: StandInMember) => ({
    hostIdentityUrn: `urn:li:fsd_profile:${member.id}`,
    participantType: {
      member: {
        firstName: { text: member.firstName },
        lastName: { text: member.lastName },
        profileUrl: `https://www.linkedin.com/in/${member.slug}`,
      },
    },
  });

  function listConversations(response: ServerResponse, variables: string) {
    const before = Number(/lastUpdatedBefore:(\d+)/.exec(variables)?.[1] ?? Number.POSITIVE_INFINITY);
    const count = Number(/count:(\d+)/.exec(variables)?.[1] ?? 20);
    const lastAt = (conversation: StandInState['conversations'][number]) =>
      conversation.messages.at(-1)?.at ?? 0;
    const page = state.conversations
      .filter((conversation) => lastAt(conversation) < before)
      .toSorted((a, b) => lastAt(b) - lastAt(a))
      .slice(0, count);
    return answer(response, 200, {
      data: {
        messengerConversationsByCategoryQuery: {
          elements: page.map((conversation) => {
            const other = memberById(conversation.with);
            return {
              entityUrn: conversation.urn,
              lastActivityAt: lastAt(conversation),
              unreadCount: 0,
              conversationParticipants: [participant(state.me), ...(other ? [participant(other)] : [])],
            };
          }),
          metadata: { nextCursor: null },
        },
      },
    });
  }

  function listMessages(response: ServerResponse, variables: string) {
    const urn = decodeURIComponent(/conversationUrn:(.+)\)$/.exec(variables)?.[1] ?? '');
    const conversation = state.conversations.find((entry) => entry.urn === urn);
    if (!conversation) return refuse(response, 404);
    return answer(response, 200, {
      data: {
        messengerMessagesBySyncToken: {
          elements: conversation.messages.map((message) => ({
            entityUrn: message.urn,
            deliveredAt: message.at,
            body: { text: message.text, attributes: [] },
            sender: { hostIdentityUrn: `urn:li:fsd_profile:${message.from}` },
          })),
        },
      },
    });
  }

  const server = await startTestServer(handle);
  const fetchWithCookies = (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    return fetch(input, { ...init, headers });
  };
  return {
    ...server,
    state,
    cookies,
    fetch: fetchWithCookies,
    failNext: (prefix, fault, times = 1) => faults.push({ prefix, fault, times }),
    rotateQueryIds: () => {
      queryIds = new Map(standInQueries.map((name) => [name, `${name}.${hex()}`]));
    },
    rotateJsessionId: () => {
      validJsession = `"ajax:${Date.now() + 1}"`;
      cookies.set('JSESSIONID', validJsession);
    },
    queryIdsServed: () => queryIdReads,
  };
}

export { makeMember as makeStandInMember };
