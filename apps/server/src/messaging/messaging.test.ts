import { toConversationsSync } from '@outpilot/agent';
import { conversationsPageSize, eventsPageSize } from '@outpilot/contracts';
import { createPopulation } from '@outpilot/sandbox';
import { describe, expect, it } from 'vitest';
import { createSandboxNetworks } from '../engine/cloud-runner.ts';
import {
  automation,
  automationCall,
  type EngineUser,
  engineUser,
  minuteMs,
  monday8am,
} from '../testing/engine-test-kit.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

type Synced = {
  id: string;
  name?: [string, string];
  messages?: { id: string; text: string; self?: boolean; at: Date }[];
  unread?: number;
  at?: Date;
};

describe('the unified inbox (seed 002 §7.2)', () => {
  const server = testServerForSuite(undefined, { clockStart: monday8am });

  const call = (user: EngineUser, method: string, path: string, body?: unknown) =>
    automationCall(server, user, method, path, body);

  /** What a runner's conversations sync reports of these conversations. */
  async function sync(user: EngineUser, conversations: Synced[]) {
    const answer = await automation(server, user, '/sync/conversations', {
      persona_id: user.personaId,
      conversations: conversations.map((each) => {
        const [first, last] = each.name ?? ['Ada', `Lovelace ${each.id}`];
        const messages = each.messages ?? [];
        return {
          conversation_id: each.id,
          participant: {
            entity_id: `entity-${each.id}`,
            public_identifier: `member-${each.id}`,
            first_name: first,
            last_name: last,
            picture_url: null,
            occupation: 'Engineer at Analytical Engines',
          },
          conversation_type: 'MEMBER_TO_MEMBER',
          mailbox: 'Focused',
          is_spam: false,
          is_connection: true,
          unread_count: each.unread ?? 0,
          last_activity_at: (each.at ?? messages.at(-1)?.at ?? server.clock.now()).toISOString(),
        };
      }),
      messages: conversations.flatMap((each) =>
        (each.messages ?? []).map((message) => ({
          message_id: message.id,
          conversation_id: each.id,
          conversation_url: null,
          from_public_identifier: message.self ? 'me' : `member-${each.id}`,
          from_entity_id: message.self ? null : `entity-${each.id}`,
          from_self: message.self ?? false,
          sent_at: message.at.toISOString(),
          text: message.text,
        })),
      ),
      next_sync_token: null,
    });
    expect(answer.status).toBe(200);
  }

  const minutesAgo = (minutes: number) => new Date(server.clock.now().getTime() - minutes * minuteMs);

  it('lists synced conversations newest first with their latest message, pages by cursor and counts unread ones', async () => {
    const user = await engineUser(server);
    const conversations: Synced[] = Array.from({ length: conversationsPageSize + 5 }, (_, index) => ({
      id: `c-${index}`,
      messages: [{ id: `m-${index}`, text: `Hello number ${index}`, at: minutesAgo(100 - index) }],
      unread: index < 3 ? 1 : 0,
    }));
    await sync(user, conversations);

    const first = await call(user, 'GET', '/mailboxes/Inbox/conversations/recent');
    expect(first.status).toBe(200);
    expect(first.body.conversations).toHaveLength(conversationsPageSize);
    expect(first.body.conversations[0]).toMatchObject({
      entity_id: `c-${conversationsPageSize + 4}`,
      headline: 'Engineer at Analytical Engines',
      is_starred: false,
      unread_count: 0,
      participants: [{ fullName: `Ada Lovelace c-${conversationsPageSize + 4}`, firstName: 'Ada' }],
      events: [
        { message_id: `m-${conversationsPageSize + 4}`, text: `Hello number ${conversationsPageSize + 4}` },
      ],
    });
    const next = await call(
      user,
      'GET',
      `/mailboxes/Inbox/conversations/next?nextCursor=${encodeURIComponent(first.body.nextCursor)}`,
    );
    expect(next.body.conversations.map((each: { entity_id: string }) => each.entity_id)).toEqual([
      'c-4',
      'c-3',
      'c-2',
      'c-1',
      'c-0',
    ]);
    expect(next.body.nextCursor).toBeNull();
    expect((await call(user, 'GET', '/messaging/unread-conversations-counters')).body).toEqual({
      Inbox: 3,
      Focused: 3,
      Other: 0,
    });

    // Another workspace sees none of it.
    const stranger = await engineUser(server);
    expect((await call(stranger, 'GET', '/mailboxes/Inbox/conversations/recent')).body.conversations).toEqual(
      [],
    );
    expect((await call(stranger, 'GET', '/conversations/c-1/events/recent')).status).toBe(404);
    expect((await call(stranger, 'PUT', '/conversations/c-1/star')).status).toBe(404);
  });

  it('searches names and message text and filters', async () => {
    const user = await engineUser(server);
    await sync(user, [
      {
        id: 'grace',
        name: ['Grace', 'Hopper'],
        messages: [{ id: 'g1', text: 'About COBOL 100%', at: minutesAgo(30) }],
      },
      {
        id: 'alan',
        name: ['Alan', 'Turing'],
        messages: [{ id: 'a1', text: 'Enigma notes', at: minutesAgo(20) }],
        unread: 2,
      },
    ]);
    const ids = async (path: string) =>
      ((await call(user, 'GET', path)).body.conversations as { entity_id: string }[]).map(
        (each) => each.entity_id,
      );

    expect(await ids('/mailboxes/search/Inbox/conversations/recent?keywords=hopper')).toEqual(['grace']);
    expect(await ids('/mailboxes/search/Inbox/conversations/recent?keywords=enigma')).toEqual(['alan']);
    expect(await ids('/mailboxes/search/Inbox/conversations/recent?keywords=100%25')).toEqual(['grace']);
    expect(await ids('/mailboxes/search/Inbox/conversations/recent?keywords=%25')).toEqual(['grace']);
    expect(await ids('/mailboxes/Inbox/conversations/recent?filter=Unread')).toEqual(['alan']);

    // Changing a conversation goes to the network first (inbox-changes-reach-the-network.test.ts):
    // this workspace's linked profile is not on the sandbox network, so nothing changes.
    const refused = await call(user, 'PUT', '/conversations/grace/star');
    expect(refused.body).toEqual({
      name: 'BadGateway',
      message: 'The network did not open a session for this workspace',
    });
    expect(await ids('/mailboxes/Inbox/conversations/recent?filter=Starred')).toEqual([]);
  });

  it("pages a thread backwards; refuses edits of others' and old messages and unknown emoji", async () => {
    const user = await engineUser(server);
    const count = eventsPageSize + 3;
    await sync(user, [
      {
        id: 'thread',
        messages: Array.from({ length: count }, (_, index) => ({
          id: `e-${String(index).padStart(2, '0')}`,
          text: `Message ${index}`,
          self: index === count - 1 || index === 0,
          at: minutesAgo(count * 10 - index * 10),
        })),
      },
    ]);
    const recent = await call(user, 'GET', '/conversations/thread/events/recent');
    expect(recent.body.events).toHaveLength(eventsPageSize);
    expect(recent.body.events[0].message_id).toBe('e-03');
    expect(recent.body.events.at(-1)).toMatchObject({ message_id: `e-${count - 1}`, from_self: true });
    const older = await call(
      user,
      'GET',
      `/conversations/thread/events/next?prevCursor=${encodeURIComponent(recent.body.prevCursor)}`,
    );
    expect(older.body.events.map((each: { message_id: string }) => each.message_id)).toEqual([
      'e-00',
      'e-01',
      'e-02',
    ]);
    expect(older.body.prevCursor).toBeNull();

    const own = `e-${count - 1}`;
    // Someone else's message, and an own message older than an hour, stay as they are.
    expect((await call(user, 'PUT', '/conversations/thread/events/e-05', { message: 'x' })).status).toBe(400);
    expect((await call(user, 'PUT', '/conversations/thread/events/e-00', { message: 'x' })).status).toBe(400);
    expect((await call(user, 'PUT', `/conversations/thread/events/${own}`, { message: '   ' })).status).toBe(
      422,
    );
    expect(
      (await call(user, 'PUT', `/conversations/thread/events/${own}`, { message: 'y'.repeat(3001) })).status,
    ).toBe(422);
    expect((await call(user, 'PUT', '/conversations/thread/events/nope', { message: 'x' })).status).toBe(404);

    expect(
      (await call(user, 'POST', `/conversations/thread/events/e-05/reactions/${encodeURIComponent('🦄')}`))
        .status,
    ).toBe(422);
  });

  it('refuses mailboxes other than Inbox, Focused and Other, unknown filters and fields', async () => {
    const user = await engineUser(server);
    expect((await call(user, 'GET', '/mailboxes/Spam/conversations/recent')).status).toBe(422);
    expect((await call(user, 'GET', '/mailboxes/Inbox/conversations/recent?filter=Everything')).status).toBe(
      422,
    );
    expect((await call(user, 'PUT', '/conversations/x/pin')).status).toBe(422);
    expect(
      (await call(user, 'POST', '/conversations/x/events', { attachments: [], message: 'Hi', extra: 1 }))
        .status,
    ).toBe(422);
    expect(
      (await call(user, 'POST', '/conversations/x/events', { attachments: [], message: '' })).status,
    ).toBe(422);
    expect(
      (await call(user, 'POST', '/conversations/x/events', { attachments: [], message: 'Hi' })).status,
    ).toBe(404);
    expect(
      (await call(user, 'POST', '/conversations/x/events', { attachments: [], message: 'y'.repeat(3001) }))
        .status,
    ).toBe(422);
    expect(
      (await call(user, 'POST', '/conversations/x/events', { attachments: [], message: ' \n ' })).status,
    ).toBe(422);
    // Unknown conversations and messages: 404 for every call, before anything reaches the network.
    await sync(user, [{ id: 'known', messages: [{ id: 'k1', text: 'Hi', at: minutesAgo(5) }] }]);
    const unknown = [
      ['DELETE', '/conversations/nope'],
      ['PUT', '/conversations/nope/archive'],
      ['POST', '/conversations/nope/sync'],
      ['GET', '/conversations/nope/participants'],
      ['DELETE', '/conversations/known/events/nope'],
      ['POST', `/conversations/known/events/nope/reactions/${encodeURIComponent('👍')}`],
      ['DELETE', `/conversations/nope/events/k1/reactions/${encodeURIComponent('👍')}`],
    ] as const;
    for (const [method, path] of unknown) {
      expect({ path, status: (await call(user, method, path)).status }).toEqual({ path, status: 404 });
    }
  });

  it('sends a reply through the sandbox network, and Sync reads the answer back from it', async () => {
    const population = createPopulation({ seed: server.config.sandboxSeed, size: server.config.sandboxSize });
    const sender = population.people.find(
      (person) => population.graph.connectionsOf(person.index).length > 0,
    );
    if (!sender) throw new Error('no connected member');
    const friendIndex = population.graph.connectionsOf(sender.index)[0] ?? -1;
    const friend = population.people[friendIndex];
    if (!friend) throw new Error('no friend');
    const user = await engineUser(server, {
      networkPublicIdentifier: sender.publicIdentifier,
      networkEntityId: sender.entityId,
      networkGivenName: sender.firstName,
      networkFamilyName: sender.lastName,
    });
    const network = await createSandboxNetworks({
      db: server.db,
      clock: server.clock,
      publicUrl: server.url,
    })(user.personaId);
    const first = await network.sendMessage(
      { publicIdentifier: friend.publicIdentifier, entityId: friend.entityId },
      'Hello from the campaign',
    );
    const me = await network.getMyProfile();
    if (!me) throw new Error('signed out');
    const synced = toConversationsSync(me, await network.listConversationsSince(null), null);
    expect(
      (
        await automation(server, user, '/sync/conversations', {
          persona_id: user.personaId,
          ...synced,
          next_sync_token: null,
        })
      ).status,
    ).toBe(200);

    server.clock.advance(minuteMs);
    const sent = await call(user, 'POST', `/conversations/${first.conversationId}/events`, {
      attachments: [],
      message: 'A second thought',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.event).toMatchObject({
      text: 'A second thought',
      from_self: true,
      from: { entityId: sender.entityId, fullName: `${sender.firstName} ${sender.lastName}` },
    });
    const onNetwork = await network.listConversationsSince(null);
    expect(
      onNetwork.find((each) => each.id === first.conversationId)?.messages.map((each) => each.text),
    ).toContain('A second thought');

    const thread = await call(user, 'GET', `/conversations/${first.conversationId}/events/recent`);
    expect(thread.body.events.map((each: { text: string }) => each.text)).toEqual([
      'Hello from the campaign',
      'A second thought',
    ]);
    const refreshed = await call(user, 'POST', `/conversations/${first.conversationId}/sync`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.conversation.participants[0]).toMatchObject({ entityId: friend.entityId });
  });
});
