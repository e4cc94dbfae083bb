import { createActivityRunner } from '@outpilot/agent';
import { createFakeAutomation, type FakeActivity } from '@outpilot/agent/testing';
import { sandboxActionErrorCodes as codes, sentInvitationsResponseSchema } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { facadesClosedAfterEachTest } from '../testing/test-facade.ts';
import { dayMs, findMember, hourMs, membersAtDegree } from '../testing/test-sandbox.ts';

/**
 * The real LinkedIn adapter against the sandbox network's LinkedIn facade: the same network state
 * the sandbox's own dialect reads, answered as linkedin.com answers (reference/network-api.md).
 */
const facade = facadesClosedAfterEachTest();

describe('the LinkedIn facade of the sandbox network', () => {
  it('signs in with cookies, reads the member, a profile and a search page through the real adapter', async () => {
    const { box, client, signIn } = await facade();
    const member = findMember(box.population, (person) => !person.isPremium);
    expect(await client.getMyProfile()).toBeNull();
    await signIn(member);
    expect(await client.getMyProfile()).toMatchObject({
      entityId: member.entityId,
      publicIdentifier: member.publicIdentifier,
      firstName: member.firstName,
      degree: 'SELF',
    });
    const [second] = membersAtDegree(box.population, member, 'SECOND');
    if (!second) throw new Error('no 2nd-degree member');
    const profile = await client.getProfileDetails({ publicIdentifier: second.publicIdentifier });
    expect(profile).toMatchObject({ entityId: second.entityId, degree: 'SECOND', industry: second.industry });
    expect(profile.relationship).toMatchObject({ degree: 'SECOND', following: false, canMessage: false });
    const page = await client.searchPeople(
      {
        url: 'https://www.linkedin.com/search/results/people/?network=%5B%22S%22%5D',
        source: 'network_search',
      },
      { start: 0, count: 10 },
    );
    expect(page.total).toBeGreaterThan(10);
    expect(page.elements).toHaveLength(10);
    const visible = page.elements.flatMap((hit) => (hit.invisible ? [] : [hit.profile]));
    expect(visible.every((hit) => hit.degree === 'SECOND')).toBe(true);
  });

  it('runs invite, acceptance, message and reply on the same state the sandbox dialect shows', async () => {
    const { box, client, signIn } = await facade({
      acceptanceDelayMultiplier: 0.01,
      replyDelayMultiplier: 0.01,
    });
    const member = findMember(box.population, (person) => !person.isPremium);
    const sandboxSession = await signIn(member);
    const candidates = membersAtDegree(box.population, member, 'SECOND').slice(0, 20);
    for (const person of candidates) {
      await client.sendInvitation({ publicIdentifier: person.publicIdentifier, entityId: person.entityId });
    }
    // The sandbox's own dialect sees the invitations the facade took.
    const sent = sentInvitationsResponseSchema.parse(
      (await box.call('GET', '/api/invitations/sent', sandboxSession)).json(),
    );
    expect(sent.invitations).toHaveLength(candidates.length);
    expect((await client.listSentInvitations()).map((each) => each.invitationId).sort()).toEqual(
      sent.invitations.map((each) => each.invitationId).sort(),
    );
    // Sent again while pending: answered again, not sent twice.
    const [firstCandidate] = candidates;
    if (!firstCandidate) throw new Error('no candidate');
    await client.sendInvitation({ publicIdentifier: firstCandidate.publicIdentifier });
    expect(await client.listSentInvitations()).toHaveLength(candidates.length);

    box.clock.advance(2 * dayMs);
    const connections = await client.listConnectionsSince(null);
    expect(connections.length).toBeGreaterThan(0);
    const friend = connections[0];
    if (!friend) throw new Error('nobody accepted');
    expect((await client.getRelationship({ publicIdentifier: friend.publicIdentifier })).degree).toBe(
      'FIRST',
    );

    // Messages to every new connection; the seeded replies arrive as the clock moves.
    const originToken = 'token-1';
    const first = await client.sendMessage(
      { publicIdentifier: friend.publicIdentifier },
      'Hello there',
      undefined,
      {
        idempotencyKey: originToken,
      },
    );
    // A retried send with the same originToken is the same message, not a second one.
    const again = await client.sendMessage(
      { publicIdentifier: friend.publicIdentifier },
      'Hello there',
      undefined,
      {
        idempotencyKey: originToken,
      },
    );
    expect(again).toEqual(first);
    for (const other of connections.slice(1)) {
      await client.sendMessage({ publicIdentifier: other.publicIdentifier }, 'Hello there');
    }
    box.clock.advance(2 * dayMs);
    // Besides the threads the member started, the network brought its own at sign-in (InMail,
    // Other, spam): one started thread per connection messaged.
    const conversations = (await client.listConversationsSince(null)).filter((conversation) =>
      conversation.messages.some((message) => message.fromEntityId === member.entityId),
    );
    expect(conversations.length).toBe(connections.length);
    const replied = conversations.filter((conversation) =>
      conversation.messages.some((message) => message.fromEntityId !== member.entityId),
    );
    expect(replied.length).toBeGreaterThan(0);
    const thread = conversations.find((conversation) => conversation.id === first.conversationId);
    expect(thread?.messages.filter((message) => message.fromEntityId === member.entityId)).toHaveLength(1);
  });

  it('answers the error signals of table 2.2 as linkedin.com does', async () => {
    const { box, baseUrl, browser, client, signIn } = await facade({ weeklyInvitationCap: 1 });
    const member = findMember(box.population, (person) => !person.isPremium && !person.hasSalesNavigator);
    await signIn(member);
    const [a, b] = membersAtDegree(box.population, member, 'SECOND');
    const [friend] = membersAtDegree(box.population, member, 'FIRST');
    if (!a || !b || !friend) throw new Error('no members');
    await client.sendInvitation({ publicIdentifier: a.publicIdentifier });
    await expect(client.sendInvitation({ publicIdentifier: b.publicIdentifier })).rejects.toMatchObject({
      name: 'ExceedsLimit',
      code: codes.weeklyInvitationLimit,
    });
    await expect(client.sendInvitation({ publicIdentifier: friend.publicIdentifier })).rejects.toMatchObject({
      code: codes.alreadyConnected,
    });
    await expect(client.sendMessage({ publicIdentifier: b.publicIdentifier }, 'Hi')).rejects.toMatchObject({
      name: 'NotAuthorized',
      code: codes.notConnected,
    });
    await expect(
      client.searchPeople(
        {
          url: 'https://www.linkedin.com/sales/search/people?query=(keywords%3Aengineer)',
          source: 'sales_navigator_search',
        },
        { start: 0, count: 25 },
      ),
    ).rejects.toMatchObject({ name: 'SalesNavigatorNotAuthorized' });

    // A csrf-token that does not match JSESSIONID: 403 'CSRF check failed.' in plain text.
    const forged = await browser.fetch(`${baseUrl}/voyager/api/me`, {
      headers: { 'csrf-token': 'ajax:0', 'x-restli-protocol-version': '2.0.0' },
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toBe('CSRF check failed.');

    // The session runs out on the clock: 401 with li_at reset, and the adapter never signs in again.
    box.clock.advance(8 * dayMs);
    await expect(client.getProfile(a.publicIdentifier)).rejects.toMatchObject({
      name: 'NotAuthenticated',
      code: codes.sessionExpired,
    });
    expect(browser.jar.has('li_at')).toBe(false);
    // The site's pages redirect to the sign-in page.
    const feed = await browser.fetch(`${baseUrl}/feed/`, { redirect: 'manual' });
    expect(feed.status).toBe(302);
    expect(feed.headers.get('location')).toMatch(/^\/sandbox\/linkedin\/login\?session_redirect=/);
  });

  it("changes the member's inbox: read, star, archive, Other, edit, react, recall and delete", async () => {
    const { box, client, signIn } = await facade({ replyDelayMultiplier: 0.001 });
    const member = findMember(box.population, () => true);
    const session = await signIn(member);
    const [friend] = membersAtDegree(box.population, member, 'FIRST');
    if (!friend) throw new Error('no friend');
    const sent = await client.sendMessage({ publicIdentifier: friend.publicIdentifier }, 'First draft');
    await client.editMessage(sent.conversationId, sent.messageId, 'Final text');
    await client.react(sent.conversationId, sent.messageId, '👍', true);
    await client.setStarred(sent.conversationId, true);
    await client.setArchived(sent.conversationId, true);
    await client.setFocus(sent.conversationId, 'Other');
    await client.setRead(sent.conversationId, false);
    // What the sandbox's own dialect shows is what the facade changed.
    const conversationId = sent.conversationId.replace(/^.*,(2-[^)]+)\)$/, '$1');
    const listed = (await box.call('GET', '/api/conversations', session)).json() as {
      conversations: {
        conversationId: string;
        starred: boolean;
        archived: boolean;
        mailbox: string;
        unreadCount: number;
        messages: { text: string; edited: boolean; reactions: { emoji: string; viewerReacted: boolean }[] }[];
      }[];
    };
    const shown = listed.conversations.find((each) => each.conversationId === conversationId);
    expect(shown).toMatchObject({ starred: true, archived: true, mailbox: 'Other', unreadCount: 1 });
    expect(shown?.messages[0]).toMatchObject({
      text: 'Final text',
      edited: true,
      // The other side may react too (the sandbox's people sometimes do): ours is among them.
      reactions: expect.arrayContaining([expect.objectContaining({ emoji: '👍', viewerReacted: true })]),
    });
    // The same changes again change nothing more.
    await client.setStarred(sent.conversationId, true);
    await client.react(sent.conversationId, sent.messageId, '👍', false);
    await client.deleteMessage(sent.conversationId, sent.messageId);
    await expect(client.editMessage(sent.conversationId, sent.messageId, 'Too late')).rejects.toMatchObject({
      status: 400,
    });
    await client.deleteConversation(sent.conversationId);
    box.clock.advance(hourMs);
    const after = await client.listConversationsSince(null);
    expect(after.find((each) => each.id === sent.conversationId)?.messages ?? []).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ messageId: sent.messageId })]),
    );
    await expect(
      client.setStarred('urn:li:msg_conversation:(urn:li:fsd_profile:x,2-1)', true),
    ).rejects.toMatchObject({ name: 'NotFound' });
  });
});

describe("a campaign's activities through the LinkedIn adapter on the facade", () => {
  it('performs a Message to a connection once, and its reply reaches the sync', async () => {
    const { box, client, signIn } = await facade({ replyDelayMultiplier: 0.001 });
    const member = findMember(box.population, () => true);
    await signIn(member);
    const [friend] = membersAtDegree(box.population, member, 'FIRST');
    if (!friend) throw new Error('no friend');
    const server = createFakeAutomation({ clock: box.clock });
    const id = '00000000-0000-4000-8000-000000000001';
    const message: FakeActivity = {
      activity_id: id,
      persona_id: '00000000-0000-4000-8000-0000000000aa',
      campaign_id: '00000000-0000-4000-9000-000000000001',
      execution_id: id.replace('8000', 'a000'),
      step_number: 2,
      operation_type: 'Message',
      target: {
        contact_id: id.replace('8000', 'b000'),
        public_identifier: friend.publicIdentifier,
        entity_id: friend.entityId,
        profile_url: `https://www.linkedin.com/in/${friend.publicIdentifier}`,
        first_name: friend.firstName,
        last_name: friend.lastName,
      },
      message: 'Thanks for connecting!',
      reaction: null,
      network_ref: null,
    };
    server.add(message);
    const runner = createActivityRunner({
      automation: server.api,
      network: client,
      runnerId: 'runner',
      personaIds: [message.persona_id],
      clock: box.clock,
      sleep: async (milliseconds) => {
        box.clock.advance(milliseconds);
      },
      random: () => 0.5,
      syncIntervalMs: 60_000,
    });
    await runner.runOnce();
    expect(server.acceptedOf(id)).toEqual([expect.objectContaining({ outcome: 'executed' })]);
    box.clock.advance(dayMs);
    await runner.syncNow();
    expect(server.conversationSyncs.at(-1)?.messages).toContainEqual(
      expect.objectContaining({ from_self: false, from_entity_id: friend.entityId }),
    );
  });
});
