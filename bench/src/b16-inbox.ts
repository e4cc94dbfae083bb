import { SandboxNetworkClient, toConversationsSync } from '@outpilot/agent';
import { automationBasePath, sandboxBasePath } from '@outpilot/contracts';
import { createPopulation } from '@outpilot/sandbox';
import { createAccount, issueTestSession, startTestServer } from '@outpilot/server/testing';
import { count, databaseUrlOf, serverUrl, small, withClient } from './lib/env.ts';
import { heading, printScenario } from './lib/report.ts';
import { interleavedP95Runs, median, samplesPerRun, timed } from './lib/stats.ts';

/**
 * B16 the unified inbox (issue 23): a workspace with 10,000 conversations and 1,000,000 events.
 * The first page of a mailbox, the next page by cursor and a keyword search over names and message
 * text, over HTTP on PostgreSQL; then syncing 1,000 new events from the sandbox network (read
 * from the network, reported, stored).
 */
export async function benchInbox(): Promise<void> {
  const conversationCount = small ? 1_000 : 10_000;
  const eventsPerConversation = 100;
  heading(
    `B16 inbox: ${count(conversationCount)} conversations, ${count(conversationCount * eventsPerConversation)} events`,
  );
  const server = await startTestServer({ databaseUrl: serverUrl });
  try {
    const url = databaseUrlOf(server.config);
    const people = createPopulation({ seed: server.config.sandboxSeed, size: server.config.sandboxSize });
    const friendsOf = (index: number) =>
      people.graph
        .connectionsOf(index)
        .map((friend) => people.people[friend])
        .filter((friend) => friend?.isVisible);
    const member = people.people.find((person) => person.isVisible && friendsOf(person.index).length >= 50);
    if (!member) throw new Error('B16: no member with 50 visible connections');
    const account = await createAccount(server.db, { onboarded: true, clock: server.clock });
    await withClient(url, async (client) => {
      await client.query(
        `update personas set network_public_identifier = $2, network_entity_id = $3 where id = $1`,
        [account.personaId, member.publicIdentifier, member.entityId],
      );
      // One statement each: conversations a minute apart, each with 100 events a minute apart.
      await client.query(
        `insert into conversations (persona_id, entity_id, conversation_type, participant, search_name,
           is_connection, mailbox, unread_count, last_activity_at)
         select $1, 'c-' || n, 'MEMBER_TO_MEMBER',
           jsonb_build_object('entityId', 'e-' || n, 'publicIdentifier', 'p-' || n,
             'fullName', 'Person ' || n || ' Surname' || n, 'firstName', 'Person ' || n,
             'pictureUrl', null, 'occupation', 'Engineer'),
           lower('Person ' || n || ' Surname' || n), true,
           case when n % 3 = 0 then 'Other' else 'Focused' end, n % 2,
           now() - make_interval(mins => n)
         from generate_series(1, $2::int) as n`,
        [account.personaId, conversationCount],
      );
      await client.query(
        `insert into conversation_events (persona_id, conversation_id, message_id, created_at, text,
           from_entity_id, from_self)
         select $1, 'c-' || c, 'm-' || c || '-' || e,
           now() - make_interval(mins => c) - make_interval(secs => $3::int - e),
           'Message ' || e || ' about topic ' || (c * 7 + e) % 997 || ' in thread ' || c,
           case when e % 2 = 0 then 'self' else 'e-' || c end, e % 2 = 0
         from generate_series(1, $2::int) as c, generate_series(1, $3::int) as e`,
        [account.personaId, conversationCount, eventsPerConversation],
      );
      await client.query('analyze conversations; analyze conversation_events');
    });
    const session = await issueTestSession(server.app, account);
    const get = async (path: string) => {
      const response = await fetch(`${server.url}${automationBasePath}${path}`, {
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return (await response.json()) as { conversations: unknown[]; nextCursor: string | null };
    };
    const first = await get('/mailboxes/Inbox/conversations/recent');
    if (first.conversations.length !== 20 || !first.nextCursor)
      throw new Error('B16: the first page is short');
    const cursor = encodeURIComponent(first.nextCursor);
    // A name near the end of the list, and a message text only one thread has.
    const name = `surname${conversationCount - 5}`;
    const text = `in thread ${conversationCount - 7}`;
    const [firstPage = [], nextPage = [], nameSearch = [], textSearch = []] = await interleavedP95Runs([
      () => get('/mailboxes/Inbox/conversations/recent'),
      () => get(`/mailboxes/Inbox/conversations/next?nextCursor=${cursor}`),
      () => get(`/mailboxes/search/Inbox/conversations/recent?keywords=${encodeURIComponent(name)}`),
      () => get(`/mailboxes/search/Inbox/conversations/recent?keywords=${encodeURIComponent(text)}`),
    ]);
    const scenario = (label: string, runs: number[], limit: number) =>
      printScenario({
        name: `B16 ${label} (p95 of ${samplesPerRun})`,
        ours: { runs, unit: 'ms', digits: 1 },
        target: `p95 under ${limit} ms`,
        met: Math.max(...runs) < limit,
      });
    scenario('first page of the Inbox mailbox', firstPage, 20);
    scenario('next page by cursor', nextPage, 20);
    scenario('keyword search, a participant name', nameSearch, 50);
    scenario('keyword search, text of one thread', textSearch, 50);

    await benchSync({ server, member, friends: friendsOf(member.index).slice(0, 50), account, session });
  } finally {
    await server.close();
  }
}

type Server = Awaited<ReturnType<typeof startTestServer>>;

/**
 * 1,000 new events on the sandbox network (20 messages to each of 50 connections), then timed:
 * reading them from the network since the last sync, and the conversations sync that stores them.
 */
async function benchSync(input: {
  server: Server;
  member: { publicIdentifier: string; entityId: string };
  friends: ({ publicIdentifier: string; entityId: string } | undefined)[];
  account: { personaId: string };
  session: { accessToken: string };
}) {
  const { server } = input;
  const sandboxBaseUrl = `${server.url}${sandboxBasePath}`;
  const signIn = await fetch(`${sandboxBaseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ publicIdentifier: input.member.publicIdentifier }),
  });
  const { sessionId } = (await signIn.json()) as { sessionId: string };
  const network = new SandboxNetworkClient({ sandboxBaseUrl, sessionId });
  const me = await network.getMyProfile();
  if (!me) throw new Error('B16: not signed in to the sandbox');
  const runs: number[] = [];
  let stored = 0;
  for (let run = 0; run < 3; run += 1) {
    const since = server.clock.now();
    for (const [index, friend] of input.friends.entries()) {
      for (let message = 0; message < 20; message += 1) {
        if (friend) await network.sendMessage(friend, `Run ${run} message ${message} to ${index}`);
      }
    }
    const { ms } = await timed(async () => {
      const conversations = await network.listConversationsSince(since);
      const synced = toConversationsSync(me, conversations, since);
      stored = synced.messages.length;
      const response = await fetch(`${server.url}${automationBasePath}/sync/conversations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${input.session.accessToken}` },
        body: JSON.stringify({ persona_id: input.account.personaId, ...synced, next_sync_token: null }),
      });
      if (!response.ok) throw new Error(`sync answered ${response.status}: ${await response.text()}`);
    });
    runs.push(ms);
    server.clock.advance(60_000);
  }
  printScenario({
    name: `B16 sync ${count(stored)} new events from the sandbox (read from the network, reported, stored)`,
    ours: { runs, unit: 'ms', digits: 0 },
    target: 'under 2 s',
    met: median(runs) < 2000 && Math.max(...runs) < 2000,
  });
}
