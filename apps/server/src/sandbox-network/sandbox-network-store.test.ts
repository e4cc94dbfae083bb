import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { idempotencyKeyHeader, sandboxSessionHeader } from '@outpilot/contracts';
import { createVirtualClock } from '@outpilot/domain';
import { createPopulation, type Person, sandboxPlugin } from '@outpilot/sandbox';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/create-database.ts';
import { testBackends } from '../testing/index.ts';
import { migratedPgliteTemplate } from '../testing/pglite-template.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createSandboxNetworkStore } from './sandbox-network-store.ts';

const seed = 7;
const size = 300;
const population = createPopulation({ seed, size });
const clock = createVirtualClock(new Date('2026-03-02T09:00:00Z'));

/** A sandbox network as the server mounts it, on the given database: each call is a new process's. */
async function openNetwork(handle: DatabaseHandle, options: { seed?: number } = {}) {
  const app = Fastify();
  await app.register(sandboxPlugin, {
    prefix: '/sandbox',
    seed: options.seed ?? seed,
    size,
    clock,
    store: createSandboxNetworkStore(handle.db),
  });
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    session?: string,
    payload?: object,
    key?: string,
  ) =>
    app.inject({
      method,
      url: `/sandbox${url}`,
      headers: {
        ...(session ? { [sandboxSessionHeader]: session } : {}),
        ...(key ? { [idempotencyKeyHeader]: key } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  return { app, call };
}
type Network = Awaited<ReturnType<typeof openNetwork>>;

const member = population.people.find(
  (person) =>
    person.isVisible &&
    population.graph.isInMainNetwork(person.index) &&
    population.graph.connectionsOf(person.index).some((index) => population.people[index]?.postIds.length),
) as Person;
const degrees = population.graph.degreesFrom(member.index);
const friends = population.people.filter((person) => person.isVisible && degrees[person.index] === 'FIRST');
const strangers = population.people.filter(
  (person) => person.isVisible && degrees[person.index] === 'SECOND',
);
const poster = friends.find((person) => person.postIds.length > 0) as Person;
const [friend] = friends;
const [invitee, withdrawn] = strangers;

/** Everything the member can see of what they did. */
async function whatTheMemberSees(network: Network, session: string) {
  const read = async (url: string) => (await network.call('GET', url, session)).json();
  return {
    me: await read('/api/me'),
    activity: await read('/api/activity'),
    sent: await read('/api/invitations/sent'),
    conversations: await read('/api/conversations'),
    friendProfile: await read(`/api/profiles/${friend?.publicIdentifier}`),
    inviteeProfile: await read(`/api/profiles/${invitee?.publicIdentifier}`),
    skills: await read(`/api/profiles/${friend?.publicIdentifier}/skills`),
  };
}

describe.each(testBackends())('the sandbox network after a restart, on $name', ({ databaseUrl }) => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'outpilot-sandbox-store-'));
    database = databaseUrl ? await createTestDatabase(databaseUrl) : undefined;
    handle = database
      ? await createDatabase({ url: database.url })
      : await createDatabase({ dataDir, template: await migratedPgliteTemplate() });
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('remembers every change it showed: invitations, messages, reads, follows, reactions, endorsements, visits, sessions and kept answers', async () => {
    if (!friend || !invitee || !withdrawn || !poster) throw new Error('the population lacks people');
    const first = await openNetwork(handle);
    const signIn = await first.call('POST', '/api/session', undefined, {
      publicIdentifier: member.publicIdentifier,
    });
    const session: string = signIn.json().sessionId;
    const signedOut: string = (
      await first.call('POST', '/api/session', undefined, { publicIdentifier: member.publicIdentifier })
    ).json().sessionId;
    expect((await first.call('DELETE', '/api/session', signedOut)).statusCode).toBe(204);

    const invited = await first.call(
      'POST',
      '/api/invitations',
      session,
      { entityId: invitee.entityId },
      'invite-1',
    );
    expect(invited.statusCode).toBe(201);
    const toWithdraw = (
      await first.call('POST', '/api/invitations', session, {
        entityId: withdrawn.entityId,
        message: 'Hello',
      })
    ).json();
    clock.advance(60_000);
    expect(
      (await first.call('POST', `/api/invitations/${toWithdraw.invitationId}/withdraw`, session)).statusCode,
    ).toBe(200);
    const message = await first.call(
      'POST',
      '/api/messages',
      session,
      { entityId: friend.entityId, text: 'Shall we talk?' },
      'message-1',
    );
    expect(message.statusCode).toBe(201);
    const followUp = await first.call('POST', '/api/messages', session, {
      entityId: friend.entityId,
      text: 'Any news?',
    });
    const thread = `/api/conversations/${message.json().conversationId}`;
    // The inbox's own changes: marks, an edit, a reaction and a recall.
    const changes = [
      await first.call('PATCH', thread, session, { starred: true, archived: true, mailbox: 'Other' }),
      await first.call('PUT', `${thread}/messages/${followUp.json().messageId}`, session, {
        text: 'Any news yet?',
      }),
      await first.call('PUT', `${thread}/messages/${message.json().messageId}/reactions/👍`, session),
    ];
    expect(changes.map((answer) => answer.statusCode)).toEqual([204, 204, 204]);
    clock.advance(2 * 24 * 60 * 60_000);
    await first.call('GET', `${thread}/messages`, session);
    expect(
      (await first.call('POST', '/api/follows', session, { entityId: invitee.entityId })).statusCode,
    ).toBe(200);
    const postId = poster.postIds[0] ?? '';
    expect(
      (await first.call('POST', `/api/posts/${postId}/reactions`, session, { reaction: 'LIKE' })).statusCode,
    ).toBe(200);
    const endorse = await first.call(
      'POST',
      `/api/profiles/${friend.publicIdentifier}/endorsements`,
      session,
      {
        skill: friend.skills[0],
      },
    );
    expect(endorse.statusCode).toBe(200);
    expect(
      (await first.call('POST', `/api/profiles/${invitee.publicIdentifier}/visits`, session)).statusCode,
    ).toBe(200);
    const before = await whatTheMemberSees(first, session);
    await first.app.close();

    const second = await openNetwork(handle);
    expect(await whatTheMemberSees(second, session)).toEqual(before);
    expect(before.activity.counts).toMatchObject({
      invitationsSent: 2,
      invitationsWithdrawn: 1,
      messagesSent: 2,
      follows: 1,
      reactions: 1,
      endorsements: 1,
      visits: 1,
    });
    // The thread, among what the network itself brought to the member (an InMail, spam, Other).
    const kept = before.conversations.conversations.find(
      (each: { conversationId: string }) => each.conversationId === message.json().conversationId,
    );
    expect(kept).toMatchObject({
      unreadCount: 0,
      starred: true,
      archived: true,
      mailbox: 'Other',
    });
    expect(kept?.messages.slice(0, 2)).toMatchObject([
      { text: 'Shall we talk?', reactions: [{ emoji: '👍', count: 1, viewerReacted: true }] },
      { text: 'Any news yet?', edited: true },
    ]);
    // A retried call with its Idempotency-Key answers the first answer, from before the restart.
    const replayed = await second.call(
      'POST',
      '/api/invitations',
      session,
      { entityId: invitee.entityId },
      'invite-1',
    );
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(invited.json());
    const again = await second.call(
      'POST',
      '/api/messages',
      session,
      { entityId: friend.entityId, text: 'Shall we talk?' },
      'message-1',
    );
    expect(again.json()).toEqual(message.json());
    expect((await second.call('GET', '/api/me', signedOut)).statusCode).toBe(401);
    await second.app.close();

    // Another population on the same database starts with nothing of this one.
    const other = await openNetwork(handle, { seed: seed + 1 });
    expect((await other.call('GET', '/api/me', session)).statusCode).toBe(401);
    await other.app.close();
  }, 60_000);
});
