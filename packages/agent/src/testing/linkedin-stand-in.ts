import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  bundlePath,
  connectionsAnswer,
  contactInfoAnswer,
  conversationsAnswer,
  createQueryIds,
  csrfFailedText,
  type DialectMember,
  invitationCreated,
  invitationIdOfPath,
  leadSearchAnswer,
  liAtResetCookie,
  meAnswer,
  messageCreatedAnswer,
  messagesAnswer,
  passesCsrfCheck,
  postsAnswer,
  profileAnswer,
  readCookies,
  readMessengerVariables,
  readSalesProfileKeys,
  readSearchVariables,
  refusalBody,
  salesIdOf,
  salesProfilesAnswer,
  searchAnswer,
  sentInvitationsAnswer,
  skillsAnswer,
  unknownQueryIdBody,
} from '../network/linkedin/linkedin-dialect.ts';
import { startTestServer, type TestServer } from './http-server.ts';

/**
 * A local stand-in for linkedin.com whose state the test drives (members, limits, faults, session,
 * rotations): the adapter's contract tests need signals a seeded network cannot be
 * told to give on cue. It speaks through the one implementation of the dialect
 * (network/linkedin/linkedin-dialect.ts), which the sandbox network's LinkedIn facade also answers
 * with: cookie session with the csrf check, normalized JSON with included[], rotating GraphQL query
 * ids, offset paging and table §2.2's errors.
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

const hex = () => randomBytes(16).toString('hex');

const toDialect = (member: StandInMember): DialectMember => ({
  id: member.id,
  slug: member.slug,
  firstName: member.firstName,
  lastName: member.lastName,
  headline: member.headline,
  location: member.location,
  company: member.company,
  title: member.headline.split(' at ')[0] ?? '',
  summary: `About ${member.firstName}`,
  industry: 'Software Development',
  school: 'TU Berlin',
  premium: member.premium,
  memberNumber: Number.parseInt(member.id.slice(5), 10) + 100000,
});

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
  const queryIds = createQueryIds(hex);
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
  ) => answer(response, status, refusalBody(status, code), headers);

  const handle = (request: IncomingMessage, response: ServerResponse, body: string) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const sent = readCookies(request.headers.cookie);
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
      return response.end(queryIds.feedPage(bundlePath));
    }
    if (path === bundlePath) {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      return response.end(queryIds.bundle());
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
        state.session === 'expired' ? { 'set-cookie': liAtResetCookie } : {},
      );
    }
    if (!passesCsrfCheck(request.headers, sent.get('JSESSIONID'), validJsession)) {
      response.writeHead(403, { 'content-type': 'text/plain' });
      return response.end(csrfFailedText);
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
      return answer(response, 200, meAnswer(toDialect(state.me)));
    }
    if (api === '/identity/dash/profiles' && url.searchParams.get('q') === 'memberIdentity') {
      const member = memberBySlug(url.searchParams.get('memberIdentity') ?? '');
      if (!member) return refuse(response, 404);
      const pending = state.invitations.find(
        (invitation) => invitation.to === member.id && invitation.state === 'pending',
      );
      return answer(
        response,
        200,
        profileAnswer(toDialect(member), {
          distance: member === state.me ? 'SELF' : degreeOf(member),
          pendingInvitationId: pending?.id ?? null,
          following: state.follows.has(member.id),
        }),
      );
    }
    const profileSub = /^\/identity\/profiles\/([^/]+)\/(profileContactInfo|skills|normEndorsements)$/.exec(
      api,
    );
    if (profileSub) {
      const member = memberBySlug(decodeURIComponent(profileSub[1] ?? ''));
      if (!member) return refuse(response, 404);
      if (profileSub[2] === 'profileContactInfo')
        return answer(
          response,
          200,
          contactInfoAnswer(degreeOf(member) === 'DISTANCE_1' ? `${member.slug}@mail.example` : null, []),
        );
      if (profileSub[2] === 'skills')
        return answer(
          response,
          200,
          skillsAnswer(
            toDialect(member),
            member.skills.map((name) => ({
              name,
              endorsementCount: state.endorsements.filter(
                (entry) => entry.slug === member.slug && entry.skill === name,
              ).length,
              endorsedByViewer: state.endorsements.some(
                (entry) => entry.slug === member.slug && entry.skill === name,
              ),
            })),
          ),
        );
      if (degreeOf(member) !== 'DISTANCE_1') return refuse(response, 403);
      const skill = (json().skill as { name?: string } | undefined)?.name ?? '';
      if (!member.skills.includes(skill)) return refuse(response, 400);
      state.endorsements.push({ slug: member.slug, skill });
      return answer(response, 201, {});
    }
    if (api === '/graphql' || api === '/voyagerMessagingGraphQL/graphql') {
      const queryId = url.searchParams.get('queryId') ?? '';
      const query = queryIds.nameOf(queryId);
      if (!query) return answer(response, 400, unknownQueryIdBody);
      const variables = url.searchParams.get('variables') ?? '';
      if (query === 'voyagerSearchDashClusters') return search(response, variables);
      if (query === 'messengerConversations') return listConversations(response, variables);
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
      return answer(
        response,
        200,
        sentInvitationsAnswer(
          start,
          count,
          pending.flatMap((invitation) => {
            const member = memberById(invitation.to);
            return member ? [{ ...invitation, to: toDialect(member) }] : [];
          }),
          () => hex().slice(0, 8),
        ),
      );
    }
    const withdrawn = invitationIdOfPath(decodeURIComponent(api));
    if (withdrawn && url.searchParams.get('action') === 'withdraw') {
      const invitation = state.invitations.find((entry) => entry.id === withdrawn);
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
      return answer(
        response,
        200,
        connectionsAnswer(
          page.flatMap((connection) => {
            const member = memberById(connection.to);
            return member ? [{ member: toDialect(member), createdAt: connection.createdAt }] : [];
          }),
        ),
      );
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
      return answer(response, 200, postsAnswer(member.posts));
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
      return answer(
        response,
        200,
        leadSearchAnswer({
          start,
          count,
          total: state.members.length,
          leads: page.map((member) => ({
            member: toDialect(member),
            degree: degreeOf(member) === 'DISTANCE_1' ? 1 : degreeOf(member) === 'DISTANCE_2' ? 2 : 3,
          })),
        }),
      );
    }
    if (path === '/sales-api/salesApiProfiles') {
      if (!state.salesNavigatorSeat) return refuse(response, 403);
      const keys = readSalesProfileKeys(url.searchParams.get('ids') ?? '');
      if (keys.length === 0) return refuse(response, 400);
      const member = (salesId: string) => state.members.find((entry) => salesIdOf(entry.id) === salesId);
      return answer(
        response,
        200,
        salesProfilesAnswer(
          keys.map(({ key, salesId }) => {
            const found = member(salesId);
            return { key, member: found ? toDialect(found) : undefined };
          }),
        ),
      );
    }
    return refuse(response, 404);
  };

  function search(response: ServerResponse, variables: string) {
    const { start, count, keywords: asked } = readSearchVariables(variables);
    const keywords = asked?.toLowerCase();
    const matching = state.members.filter(
      (member) =>
        !keywords ||
        `${member.firstName} ${member.lastName} ${member.headline}`.toLowerCase().includes(keywords),
    );
    // Basic search reaches 1000 results deep; its pages are at most 49 long.
    const page = start >= 1000 ? [] : matching.slice(start, Math.min(start + Math.min(count, 49), 1000));
    return answer(
      response,
      200,
      searchAnswer({
        start,
        count,
        total: matching.length,
        hits: page.map((member) =>
          member.private ? { private: true } : { member: toDialect(member), distance: degreeOf(member) },
        ),
      }),
    );
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
    const created = invitationCreated(id, member.id);
    return answer(response, 200, created.body, { location: created.location });
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
    return answer(response, 200, messageCreatedAnswer({ ...value, deliveredAt: sent.at }));
  }

  function listConversations(response: ServerResponse, variables: string) {
    const { before, count, category } = readMessengerVariables(variables);
    const lastAt = (conversation: StandInState['conversations'][number]) =>
      conversation.messages.at(-1)?.at ?? 0;
    // The stand-in's conversations are all in the Focused tab: no other category holds any.
    const page = state.conversations
      .filter(() => category === undefined || category === 'PRIMARY_INBOX')
      .filter((conversation) => lastAt(conversation) < before)
      .toSorted((a, b) => lastAt(b) - lastAt(a))
      .slice(0, count);
    return answer(
      response,
      200,
      conversationsAnswer(
        page.map((conversation) => {
          const other = memberById(conversation.with);
          return {
            urn: conversation.urn,
            lastActivityAt: lastAt(conversation),
            unreadCount: 0,
            participants: [state.me, ...(other ? [other] : [])].map(toDialect),
          };
        }),
      ),
    );
  }

  function listMessages(response: ServerResponse, variables: string) {
    const urn = readMessengerVariables(variables).conversationUrn;
    const conversation = state.conversations.find((entry) => entry.urn === urn);
    if (!conversation) return refuse(response, 404);
    return answer(
      response,
      200,
      messagesAnswer(
        conversation.messages.map((message) => ({
          urn: message.urn,
          deliveredAt: message.at,
          text: message.text,
          fromId: message.from,
        })),
      ),
    );
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
    rotateQueryIds: () => queryIds.rotate(),
    rotateJsessionId: () => {
      validJsession = `"ajax:${Date.now() + 1}"`;
      cookies.set('JSESSIONID', validJsession);
    },
    queryIdsServed: () => queryIds.served(),
  };
}

export { makeMember as makeStandInMember };
