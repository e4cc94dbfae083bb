import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentError } from '../../errors.ts';
import { type LinkedInStandIn, startLinkedInStandIn } from '../../testing/linkedin-stand-in.ts';
import { LinkedInNetworkClient } from './linkedin-network-client.ts';

const searchUrl = 'https://www.linkedin.com/search/results/people/?keywords=engineer&origin=FACETED_SEARCH';
const salesUrl = 'https://www.linkedin.com/sales/search/people?query=(keywords%3Aengineer)';

let standIn: LinkedInStandIn;
let client: LinkedInNetworkClient;

function clientFor(
  server: LinkedInStandIn,
  readCookie = async (name: string) => server.cookies.get(name) ?? null,
) {
  return new LinkedInNetworkClient({
    baseUrl: server.url,
    fetch: server.fetch,
    readCookie,
    pacing: { minMs: 0, maxMs: 0 },
  });
}

/** The error a call fails with, to assert on its name, code and transience. */
async function failure(call: Promise<unknown>): Promise<AgentError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AgentError) return error;
    throw error;
  }
  throw new Error('The call succeeded');
}

const member = (index: number) => {
  const found = standIn.state.members[index];
  if (!found) throw new Error(`No member ${index}`);
  return { publicIdentifier: found.slug, entityId: found.id };
};

beforeEach(async () => {
  standIn = await startLinkedInStandIn();
  client = clientFor(standIn);
});
afterEach(() => standIn.close());

describe('LinkedInNetworkClient: the session', () => {
  it('sends the csrf-token LinkedIn expects (JSESSIONID without quotes) and reads the signed-in member', async () => {
    const me = await client.getMyProfile();
    expect(me).toMatchObject({ publicIdentifier: 'me-myself-000000', firstName: 'Mia', degree: 'SELF' });
    const call = standIn.requests.find((request) => request.url === '/voyager/api/me');
    expect(call?.headers['csrf-token']).toBe(standIn.cookies.get('JSESSIONID')?.replace(/"/g, ''));
    expect(call?.headers['x-restli-protocol-version']).toBe('2.0.0');
  });

  it('reads a browser signed out of LinkedIn as no member, not as a failure', async () => {
    standIn.state.session = 'expired';
    expect(await client.getMyProfile()).toBeNull();
    const noCookie = clientFor(standIn, async () => null);
    expect(await noCookie.getMyProfile()).toBeNull();
  });

  it('reads a fresh JSESSIONID once after "CSRF check failed." and goes on', async () => {
    let jsession = standIn.cookies.get('JSESSIONID') ?? null;
    const stale = clientFor(standIn, async (name) =>
      name === 'JSESSIONID' ? jsession : (standIn.cookies.get(name) ?? null),
    );
    standIn.rotateJsessionId();
    const before = standIn.requests.length;
    // The first read was stale; the refresh reads the cookie again.
    jsession = standIn.cookies.get('JSESSIONID') ?? null;
    await expect(stale.getProfile(member(0).publicIdentifier)).resolves.toMatchObject({ firstName: 'Bob' });
    expect(standIn.requests.length - before).toBe(1);
  });

  it('says NotAuthenticated when the csrf-token stays refused after one refresh', async () => {
    const staleValue = standIn.cookies.get('JSESSIONID') ?? null;
    const stale = clientFor(standIn, async (name) => (name === 'JSESSIONID' ? staleValue : null));
    standIn.rotateJsessionId();
    const before = standIn.requests.length;
    const error = await failure(stale.getProfile(member(0).publicIdentifier));
    expect(error.name).toBe('NotAuthenticated');
    expect(standIn.requests.length - before).toBe(2);
  });

  it('says NotAuthenticated with CHECKPOINT on a challenge and never opens the sign-in page', async () => {
    standIn.state.session = 'checkpoint';
    const error = await failure(client.getProfile(member(0).publicIdentifier));
    expect(error).toMatchObject({ name: 'NotAuthenticated', code: 'CHECKPOINT' });
    expect(
      standIn.requests.some(
        (request) => request.url.startsWith('/checkpoint') || request.url.startsWith('/login'),
      ),
    ).toBe(false);
  });

  it('says NotAuthenticated when LinkedIn resets li_at on a 401', async () => {
    standIn.state.session = 'expired';
    const error = await failure(client.sendInvitation(member(0)));
    expect(error).toMatchObject({ name: 'NotAuthenticated', code: 'SESSION_EXPIRED' });
  });
});

describe('LinkedInNetworkClient: profiles', () => {
  it('reads a profile with its degree, location, company and following state', async () => {
    const target = member(1);
    await client.follow(target);
    const details = await client.getProfileDetails(target);
    expect(details).toMatchObject({
      entityId: target.entityId,
      firstName: 'Cleo',
      location: 'Berlin, Germany',
      company: 'Company 2',
      degree: 'SECOND',
      industry: 'Software Development',
      education: [{ schoolName: 'TU Berlin' }],
      skills: ['TypeScript', 'Leadership'],
      relationship: { degree: 'SECOND', following: true, canMessage: false },
    });
  });

  it('views a profile by loading its page', async () => {
    await client.visitProfile(member(2));
    expect(standIn.state.views).toEqual([member(2).publicIdentifier]);
  });

  it.each([
    [403, 'NotAuthorized'],
    [404, 'NotFound'],
  ])('maps %i on a profile to %s (a private or deleted member, skipped)', async (status, name) => {
    standIn.failNext('/identity/dash/profiles', { status });
    expect((await failure(client.getProfile(member(0).publicIdentifier))).name).toBe(name);
  });

  it('turns an answer of an unexpected shape into a clear BadGateway, not a crash', async () => {
    standIn.failNext('/identity/dash/profiles', { status: 200, text: '{"elements":[]}' });
    const error = await failure(client.getProfile(member(0).publicIdentifier));
    expect(error.name).toBe('BadGateway');
    expect(error.message).toContain('unexpected shape');
  });
});

describe('LinkedInNetworkClient: search', () => {
  it('pages a people search with query ids read from the site, one request per page', async () => {
    const before = standIn.requests.length;
    const first = await client.searchPeople(
      { url: searchUrl, source: 'network_search' },
      { start: 0, count: 25 },
    );
    const second = await client.searchPeople(
      { url: searchUrl, source: 'network_search' },
      { start: 25, count: 25 },
    );
    expect(first.total).toBe(30);
    expect(first.elements).toHaveLength(25);
    expect(second.elements).toHaveLength(5);
    expect(first.elements[0]).toMatchObject({
      invisible: false,
      profile: { firstName: 'Bob', degree: 'SECOND' },
    });
    // The feed page and its bundle once, then one GraphQL call per page.
    const graphqlCalls = standIn.requests.slice(before).filter((request) => request.url.includes('/graphql'));
    expect(graphqlCalls).toHaveLength(2);
    expect(graphqlCalls[0]?.url).toContain('queryId=voyagerSearchDashClusters.');
    expect(standIn.queryIdsServed()).toBe(1);
  });

  it('reads the query ids again once when LinkedIn rotated them', async () => {
    await client.searchPeople({ url: searchUrl, source: 'network_search' }, { start: 0, count: 10 });
    standIn.rotateQueryIds();
    const page = await client.searchPeople(
      { url: searchUrl, source: 'network_search' },
      { start: 10, count: 10 },
    );
    expect(page.elements).toHaveLength(10);
    expect(standIn.queryIdsServed()).toBe(2);
  });

  it("asks the cluster search for an event's attendees and a group's members", async () => {
    const variablesOf = () => decodeURIComponent(standIn.requests.at(-1)?.url.split('variables=')[1] ?? '');
    await client.searchPeople(
      { url: 'https://www.linkedin.com/events/7123456789/about/', source: 'event_attendees' },
      { start: 0, count: 10 },
    );
    expect(variablesOf()).toContain('origin:EVENT_PAGE_CANNED_SEARCH');
    expect(variablesOf()).toContain('(key:eventAttending,value:List(7123456789))');
    await client.searchPeople(
      { url: 'https://www.linkedin.com/groups/9876543/members/', source: 'group_members' },
      { start: 0, count: 10 },
    );
    expect(variablesOf()).toContain('(key:groupMembership,value:List(9876543))');
  });

  it('shows private "LinkedIn Member" hits as invisible', async () => {
    const hidden = standIn.state.members[0];
    if (hidden) hidden.private = true;
    const page = await client.searchPeople(
      { url: searchUrl, source: 'network_search' },
      { start: 0, count: 5 },
    );
    expect(page.elements[0]).toEqual({ invisible: true });
  });

  it('says EmptySearchPage for a search without results', async () => {
    const url = 'https://www.linkedin.com/search/results/people/?keywords=nobody-at-all';
    const error = await failure(
      client.searchPeople({ url, source: 'network_search' }, { start: 0, count: 25 }),
    );
    expect(error.name).toBe('EmptySearchPage');
  });

  it('reads Sales Navigator leads with their profile addresses, and needs a seat', async () => {
    const page = await client.searchPeople(
      { url: salesUrl, source: 'sales_navigator_search' },
      { start: 0, count: 25 },
    );
    expect(page.elements).toHaveLength(25);
    expect(page.elements[0]).toMatchObject({ profile: { publicIdentifier: member(0).publicIdentifier } });
    standIn.state.salesNavigatorSeat = false;
    const error = await failure(
      client.searchPeople({ url: salesUrl, source: 'sales_navigator_search' }, { start: 0, count: 25 }),
    );
    expect(error.name).toBe('SalesNavigatorNotAuthorized');
  });
});

describe('LinkedInNetworkClient: invitations (reference table 2.2)', () => {
  it('sends, lists and withdraws an invitation; the profile shows it pending', async () => {
    const invitation = await client.sendInvitation(member(0), 'Hello Bob');
    expect(invitation).toMatchObject({ entityId: member(0).entityId, hasNote: true, note: 'Hello Bob' });
    expect(standIn.state.invitations).toHaveLength(1);
    expect(await client.getRelationship(member(0))).toMatchObject({
      invitation: { state: 'pending', invitationId: invitation.invitationId },
    });
    expect((await client.listSentInvitations()).map((sent) => sent.invitationId)).toEqual([
      invitation.invitationId,
    ]);
    await client.withdrawInvitation(invitation.invitationId);
    expect(await client.listSentInvitations()).toEqual([]);
  });

  it('free monthly notes used up: ExceedsLimit EXCEED_FREE_MONTHLY_PERSONALIZED_INVITATIONS; without a note it goes', async () => {
    standIn.state.monthlyNoteLimit = 0;
    const error = await failure(client.sendInvitation(member(0), 'Hi'));
    expect(error).toMatchObject({
      name: 'ExceedsLimit',
      code: 'EXCEED_FREE_MONTHLY_PERSONALIZED_INVITATIONS',
      status: 429,
    });
    expect(error.transient).toBe(false);
    await expect(client.sendInvitation(member(0))).resolves.toMatchObject({ hasNote: false });
  });

  it('weekly cap: ExceedsLimit WEEKLY_INVITATION_LIMIT', async () => {
    standIn.state.weeklyInvitationLimit = 0;
    expect(await failure(client.sendInvitation(member(0)))).toMatchObject({
      name: 'ExceedsLimit',
      code: 'WEEKLY_INVITATION_LIMIT',
    });
  });

  it('velocity hold (MAX_INVITATION_SENT): ExceedsLimit RATE_LIMITED for about an hour', async () => {
    standIn.failNext('/voyagerRelationshipsDashMemberRelationships', {
      status: 400,
      code: 'MAX_INVITATION_SENT',
    });
    const error = await failure(client.sendInvitation(member(0)));
    expect(error).toMatchObject({ name: 'ExceedsLimit', code: 'RATE_LIMITED', retryAfterMs: 3_600_000 });
    expect(error.transient).toBe(true);
  });

  it('throttled (429): ExceedsLimit RATE_LIMITED after Retry-After, transient', async () => {
    standIn.failNext('/voyagerRelationshipsDashMemberRelationships', {
      status: 429,
      headers: { 'retry-after': '120' },
    });
    const error = await failure(client.sendInvitation(member(0)));
    expect(error).toMatchObject({ name: 'ExceedsLimit', code: 'RATE_LIMITED', retryAfterMs: 120_000 });
    expect(error.transient).toBe(true);
  });

  it('already pending or withdrawn lately: BadRequest CANT_RESEND_YET', async () => {
    await client.sendInvitation(member(0));
    expect(await failure(client.sendInvitation(member(0)))).toMatchObject({
      name: 'BadRequest',
      code: 'CANT_RESEND_YET',
    });
  });

  it('a note over the free 200 characters: UnprocessableEntity TOO_LONG_INVITATION_MESSAGE, nothing sent', async () => {
    const error = await failure(client.sendInvitation(member(0), 'x'.repeat(201)));
    expect(error).toMatchObject({ name: 'UnprocessableEntity', code: 'TOO_LONG_INVITATION_MESSAGE' });
    expect(standIn.state.invitations).toEqual([]);
    standIn.state.me.premium = true;
    await expect(clientFor(standIn).sendInvitation(member(0), 'x'.repeat(300))).resolves.toMatchObject({
      hasNote: true,
    });
  });

  it('a note LinkedIn itself refuses (422): TOO_LONG_INVITATION_MESSAGE', async () => {
    standIn.failNext('/voyagerRelationshipsDashMemberRelationships', { status: 422 });
    expect(await failure(client.sendInvitation(member(0), 'Hi'))).toMatchObject({
      name: 'UnprocessableEntity',
      code: 'TOO_LONG_INVITATION_MESSAGE',
    });
  });

  it('an invitation to a connection (406): BadRequest ALREADY_CONNECTED, skipped', async () => {
    standIn.state.connections.push({ to: member(0).entityId, createdAt: Date.now() });
    expect(await failure(client.sendInvitation(member(0)))).toMatchObject({
      name: 'BadRequest',
      code: 'ALREADY_CONNECTED',
    });
  });

  it('withdrawing an accepted invitation: BadRequest INVITATION_ALREADY_ACCEPTED', async () => {
    const invitation = await client.sendInvitation(member(0));
    const sent = standIn.state.invitations[0];
    if (sent) sent.state = 'accepted';
    expect(await failure(client.withdrawInvitation(invitation.invitationId))).toMatchObject({
      name: 'BadRequest',
      code: 'INVITATION_ALREADY_ACCEPTED',
    });
  });

  it.each([502, 503, 504])('a transient %i: BadGateway, to retry later', async (status) => {
    standIn.failNext('/voyagerRelationshipsDashMemberRelationships', { status });
    const error = await failure(client.sendInvitation(member(0)));
    expect(error.name).toBe('BadGateway');
    expect(error.transient).toBe(true);
    expect(standIn.state.invitations).toEqual([]);
  });

  it('detects acceptance through new connections since a date', async () => {
    const since = new Date(Date.now() - 60_000);
    standIn.state.connections.push(
      { to: member(0).entityId, createdAt: since.getTime() - 86_400_000 },
      { to: member(1).entityId, createdAt: since.getTime() + 1_000 },
    );
    const connections = await client.listConnectionsSince(since);
    expect(connections.map((connection) => connection.publicIdentifier)).toEqual([
      member(1).publicIdentifier,
    ]);
  });
});

describe('LinkedInNetworkClient: messaging and engagement', () => {
  it('messages a connection once per idempotency key and reads the conversation back', async () => {
    standIn.state.connections.push({ to: member(0).entityId, createdAt: Date.now() });
    const sent = await client.sendMessage(member(0), 'Hi Bob', undefined, { idempotencyKey: 'key-1' });
    const again = await client.sendMessage(member(0), 'Hi Bob', undefined, { idempotencyKey: 'key-1' });
    expect(again).toEqual(sent);
    const conversations = await client.listConversationsSince(null);
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({
      id: sent.conversationId,
      participants: [{ entityId: member(0).entityId, publicIdentifier: member(0).publicIdentifier }],
      messages: [{ text: 'Hi Bob' }],
    });
    const request = standIn.requests.find((entry) => entry.url.includes('action=createMessage'));
    expect(request?.headers['content-type']).toBe('text/plain;charset=UTF-8');
  });

  it('refuses to message someone who is not a connection: NotAuthorized NOT_CONNECTED', async () => {
    expect(await failure(client.sendMessage(member(0), 'Hi'))).toMatchObject({
      name: 'NotAuthorized',
      code: 'NOT_CONNECTED',
    });
  });

  it('an account-level refusal of a send (422): UnprocessableEntity', async () => {
    standIn.state.connections.push({ to: member(0).entityId, createdAt: Date.now() });
    standIn.failNext('/voyagerMessagingDashMessengerMessages', { status: 422 });
    expect((await failure(client.sendMessage(member(0), 'Hi'))).name).toBe('UnprocessableEntity');
  });

  it('reacts to the latest post and endorses a listed skill of a connection', async () => {
    const posts = await client.listRecentPosts(member(0));
    expect(posts[0]?.postUrn).toMatch(/^urn:li:activity:/);
    await client.reactToPost(posts[0]?.postId ?? '', 'Celebrate');
    expect(standIn.state.reactions).toEqual([{ postUrn: posts[0]?.postUrn, reactionType: 'PRAISE' }]);
    expect(await failure(client.endorseSkill(member(0), 'TypeScript'))).toMatchObject({
      code: 'NOT_CONNECTED',
    });
    standIn.state.connections.push({ to: member(0).entityId, createdAt: Date.now() });
    await client.endorseSkill(member(0), 'TypeScript');
    expect(await client.listSkills(member(0))).toContainEqual({
      name: 'TypeScript',
      endorsedByViewer: true,
      endorsementCount: 1,
    });
    expect(await failure(client.endorseSkill(member(0), 'Cooking'))).toMatchObject({
      code: 'SKILL_NOT_FOUND',
    });
  });
});

describe("LinkedInNetworkClient: the inbox's answers", () => {
  const me = () => standIn.state.me.id;
  const otherId = 'ACoAA00000042';
  const conversationUrn = () => `urn:li:msg_conversation:(urn:li:fsd_profile:${me()},2-9)`;
  const messageUrn = (n: number) => `urn:li:msg_message:(urn:li:fsd_profile:${me()},2-9-${n})`;
  const participant = (id: string, distance?: string) => ({
    hostIdentityUrn: `urn:li:fsd_profile:${id}`,
    participantType: {
      member: {
        firstName: { text: 'Ina' },
        lastName: { text: 'Mail' },
        headline: { text: 'Recruiter at Acme' },
        profileUrl: 'https://www.linkedin.com/in/ina-mail',
        ...(distance ? { distance } : {}),
      },
    },
  });
  const conversationsBody = (categories: string[]) => ({
    data: {
      messengerConversationsByCategoryQuery: {
        elements: [
          {
            entityUrn: conversationUrn(),
            lastActivityAt: 2_000,
            lastUpdatedAt: 3_000,
            unreadCount: 2,
            categories,
            conversationParticipants: [participant(me()), participant(otherId, 'OUT_OF_NETWORK')],
          },
        ],
      },
    },
  });
  const message = (n: number, extra: Record<string, unknown>) => ({
    entityUrn: messageUrn(n),
    deliveredAt: 1_000 + n,
    body: { text: `Message ${n}`, attributes: [] },
    sender: { hostIdentityUrn: `urn:li:fsd_profile:${otherId}` },
    ...extra,
  });
  const messagesBody = (elements: unknown[]) => ({ data: { messengerMessagesBySyncToken: { elements } } });

  /** A client whose messenger queries LinkedIn answers with the given bodies (per category, then messages). */
  function answering(conversations: (category: string) => unknown, messages: unknown) {
    const asked: string[] = [];
    const answered = new LinkedInNetworkClient({
      baseUrl: standIn.url,
      fetch: async (input, init) => {
        const url = decodeURIComponent(String(input));
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
        if (url.includes('queryId=messengerConversations')) {
          const category = /category:([A-Z_]+)/.exec(url)?.[1] ?? '';
          asked.push(category);
          return json(conversations(category));
        }
        if (url.includes('queryId=messengerMessages')) return json(messages);
        return standIn.fetch(String(input), init);
      },
      readCookie: async (name) => standIn.cookies.get(name) ?? null,
      pacing: { minMs: 0, maxMs: 0 },
    });
    return { answered, asked };
  }

  it('reads each folder once, and a conversation found in two of them (Other and spam) once', async () => {
    const empty = { data: { messengerConversationsByCategoryQuery: { elements: [] } } };
    const { answered, asked } = answering(
      (category) =>
        ['SECONDARY_INBOX', 'SPAM'].includes(category)
          ? conversationsBody(['SECONDARY_INBOX', 'INMAIL', 'SPAM'])
          : empty,
      messagesBody([message(1, {})]),
    );
    const conversations = await answered.listConversationsSince(null);
    expect(asked).toEqual(['PRIMARY_INBOX', 'SECONDARY_INBOX', 'ARCHIVE', 'SPAM']);
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({
      id: conversationUrn(),
      participants: [{ entityId: otherId, publicIdentifier: 'ina-mail', occupation: 'Recruiter at Acme' }],
      unreadCount: 2,
      updatedAt: new Date(3_000),
      messages: [{ text: 'Message 1' }],
    });
    // Changed before `since` (by lastUpdatedAt, not its last message): nothing to read.
    expect(await answered.listConversationsSince(new Date(3_001))).toEqual([]);
    expect((await answered.listConversationsSince(new Date(2_500))).map((each) => each.id)).toEqual([
      conversationUrn(),
    ]);
  });

  it('maps the categories, the render format, the subject, every kind of file and the reactions', async () => {
    const { answered } = answering(
      (category) =>
        category === 'SECONDARY_INBOX'
          ? conversationsBody(['SECONDARY_INBOX', 'INMAIL', 'STARRED', 'SPAM'])
          : { data: { messengerConversationsByCategoryQuery: { elements: [] } } },
      messagesBody([
        message(1, { messageBodyRenderFormat: 'SYSTEM' }),
        message(2, {
          subject: 'An opening at Acme',
          renderContent: [
            {
              file: {
                url: 'https://media.licdn.com/dms/a.csv',
                name: 'a.csv',
                byteSize: 12,
                mediaType: 'text/csv',
              },
            },
            {
              vectorImage: {
                rootUrl: 'https://media.licdn.com/dms/img/',
                artifacts: [
                  { width: 800, fileIdentifyingUrlPathSegment: 'x800' },
                  { width: 100, fileIdentifyingUrlPathSegment: 'x100' },
                ],
              },
            },
            { audio: { url: 'https://media.licdn.com/dms/v.wav', duration: 1500 } },
            { externalMedia: { title: 'Cheers', media: { url: 'https://media.licdn.com/dms/c.gif' } } },
            { videoMeeting: { meetingName: 'Video meeting' } },
            // A kind the inbox does not show is left out, not an error.
            { forwardedMessageContent: { originalSender: {} } },
          ],
          reactionSummaries: [{ emoji: '👍', count: 2, viewerReacted: true, firstReactedAt: 1_500 }],
        }),
        message(3, { messageBodyRenderFormat: 'EDITED', lastUpdatedAt: 2_500 }),
        message(4, { messageBodyRenderFormat: 'RECALLED', body: { text: '', attributes: [] } }),
        message(5, { messageBodyRenderFormat: 'SOMETHING_NEW' }),
      ]),
    );
    const [conversation] = await answered.listConversationsSince(null);
    expect(conversation).toMatchObject({
      conversationType: 'INMAIL',
      spam: true,
      mailbox: 'Other',
      starred: true,
      archived: false,
      connected: false,
    });
    const [system, inMail, edited, recalled, plain] = conversation?.messages ?? [];
    expect(system).toMatchObject({ system: true, edited: false, recalled: false, subject: null });
    expect(inMail).toMatchObject({
      subject: 'An opening at Acme',
      reactions: [{ emoji: '👍', count: 2, viewerReacted: true }],
      changedAt: null,
    });
    expect(inMail?.attachments).toEqual([
      {
        kind: 'file',
        url: 'https://media.licdn.com/dms/a.csv',
        name: 'a.csv',
        byteSize: 12,
        mediaType: 'text/csv',
        durationMs: null,
      },
      expect.objectContaining({ kind: 'image', url: 'https://media.licdn.com/dms/img/x800' }),
      expect.objectContaining({ kind: 'audio', url: 'https://media.licdn.com/dms/v.wav', durationMs: 1500 }),
      expect.objectContaining({ kind: 'gif', url: 'https://media.licdn.com/dms/c.gif', name: 'Cheers' }),
      expect.objectContaining({ kind: 'video_meeting', url: null, name: 'Video meeting' }),
    ]);
    expect(edited).toMatchObject({ edited: true, changedAt: new Date(2_500) });
    expect(recalled).toMatchObject({ recalled: true, text: '', attachments: [], reactions: [] });
    expect(plain).toMatchObject({ edited: false, recalled: false, system: false });
  });

  it.each([
    [
      'a file without its address',
      () =>
        messagesBody([
          message(1, { renderContent: [{ file: { name: 'a.csv', byteSize: 1, mediaType: 'text/csv' } }] }),
        ]),
    ],
    [
      'a reaction without its count',
      () => messagesBody([message(1, { reactionSummaries: [{ emoji: '👍' }] })]),
    ],
    [
      'a message without a sender',
      () => messagesBody([{ entityUrn: messageUrn(1), deliveredAt: 1, body: { text: 'x' } }]),
    ],
    ['no messages at all', () => ({ data: {} })],
  ])('turns a messenger answer with %s into a clear BadGateway, not a crash', async (_case, messages) => {
    const { answered } = answering(
      (category) => (category === 'PRIMARY_INBOX' ? conversationsBody([]) : conversationsBody(['ARCHIVE'])),
      messages(),
    );
    const error = await failure(answered.listConversationsSince(null));
    expect(error).toMatchObject({ name: 'BadGateway' });
    expect(error.message).toContain('unexpected shape');
  });

  it('turns a conversation list of an unexpected shape, or one with only the viewer in it, into BadGateway', async () => {
    const onlyMe = conversationsBody([]);
    onlyMe.data.messengerConversationsByCategoryQuery.elements[0]?.conversationParticipants.splice(1);
    for (const body of [
      { data: { messengerConversationsByCategoryQuery: { elements: [{ entityUrn: 'x' }] } } },
      onlyMe,
    ]) {
      const { answered } = answering(() => body, messagesBody([]));
      const error = await failure(answered.listConversationsSince(null));
      expect(error).toMatchObject({ name: 'BadGateway' });
      expect(error.message).toContain('unexpected shape');
    }
  });
});

describe('LinkedInNetworkClient: attachments', () => {
  it("reads a file from LinkedIn's media host with the session, and refuses any other address unasked", async () => {
    const mediaUrl = 'https://media.licdn.com/dms/document/D4E10AQH/report.csv';
    const asked: string[] = [];
    const withMedia = new LinkedInNetworkClient({
      baseUrl: standIn.url,
      fetch: async (input, init) => {
        const url = String(input);
        asked.push(url);
        if (url === mediaUrl) return new Response('name\nAda\n', { headers: { 'content-type': 'text/csv' } });
        return standIn.fetch(input, init);
      },
      readCookie: async (name) => standIn.cookies.get(name) ?? null,
      pacing: { minMs: 0, maxMs: 0 },
    });
    const file = await withMedia.fetchAttachment('conversation-1', mediaUrl, 'text/csv');
    expect(file.mediaType).toBe('text/csv');
    expect(new TextDecoder().decode(file.bytes)).toBe('name\nAda\n');

    for (const elsewhere of ['https://attacker.example/x.png', 'http://media.licdn.com/x.png', 'not a url']) {
      const refused = await failure(withMedia.fetchAttachment('conversation-1', elsewhere, 'image/png'));
      expect(refused.name).toBe('NotFound');
    }
    expect(asked).toEqual([mediaUrl]);
  });
});

describe('LinkedInNetworkClient: pacing', () => {
  it('waits the reference pacing (2–5 s) between two calls', async () => {
    let now = 0;
    const waits: number[] = [];
    const paced = new LinkedInNetworkClient({
      baseUrl: standIn.url,
      fetch: standIn.fetch,
      readCookie: async (name) => standIn.cookies.get(name) ?? null,
      now: () => now,
      random: () => 0.5,
      sleep: async (ms) => {
        waits.push(ms);
        now += ms;
      },
    });
    await paced.getProfile(member(0).publicIdentifier);
    await paced.getProfile(member(1).publicIdentifier);
    expect(waits).toEqual([3_500]);
  });
});
