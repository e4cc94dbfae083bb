import { sandboxActivitySchema } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import {
  createTestSandbox,
  dayMs,
  findMember,
  hourMs,
  membersAtDegree,
  sandboxesClosedAfterEachTest,
} from './testing/test-sandbox.ts';

const sandbox = sandboxesClosedAfterEachTest();

describe('Idempotency-Key', () => {
  it('replays the first answer for a key, and refuses a key reused for another call', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    const headers = await box.signIn(member);
    const [friend] = membersAtDegree(box.population, member, 'FIRST');
    const withKey = (key: string) => ({ ...headers, 'idempotency-key': key });
    const hello = { entityId: friend?.entityId, text: 'Hello' };
    const first = await box.call('POST', '/api/messages', withKey('k1'), hello);
    expect(first.statusCode).toBe(201);
    box.clock.advance(1000);
    await box.call('POST', '/api/messages', withKey('k2'), { ...hello, text: 'Another thing' });
    // A runner that crashed after sending "Hello" retries with its key: nothing is sent again.
    const retry = await box.call('POST', '/api/messages', withKey('k1'), hello);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const reused = await box.call('POST', '/api/follows', withKey('k1'), { entityId: friend?.entityId });
    expect(reused.json()).toMatchObject({ name: 'UnprocessableEntity', code: 'IDEMPOTENCY_KEY_REUSED' });
    const activity = sandboxActivitySchema.parse((await box.call('GET', '/api/activity', headers)).json());
    expect(activity.counts.messagesSent).toBe(2);
    expect(activity.counts.follows).toBe(0);
  });

  it('does not store refusals, so a retry after a refusal really retries', async () => {
    const box = await sandbox({ weeklyInvitationCap: 1 });
    const member = findMember(box.population, (person) => !person.isPremium);
    const headers = { ...(await box.signIn(member)), 'idempotency-key': 'invite-b' };
    const [a, b] = membersAtDegree(box.population, member, 'SECOND');
    await box.call('POST', '/api/invitations', headers, { entityId: a?.entityId });
    const withKey = { ...headers, 'idempotency-key': 'invite-b2' };
    expect((await box.call('POST', '/api/invitations', withKey, { entityId: b?.entityId })).statusCode).toBe(
      429,
    );
    box.clock.advance(7 * dayMs);
    const fresh = { ...(await box.signIn(member)), 'idempotency-key': 'invite-b2' };
    expect((await box.call('POST', '/api/invitations', fresh, { entityId: b?.entityId })).statusCode).toBe(
      201,
    );
  });
});

describe('faults', () => {
  const run = async () => {
    const box = await sandbox({ faultRate: 0.3 });
    const member = findMember(box.population, () => true);
    const headers = await box.signIn(member);
    const statuses: number[] = [];
    const bodies: unknown[] = [];
    for (const person of membersAtDegree(box.population, member, 'SECOND').slice(0, 60)) {
      const response = await box.call('POST', '/api/follows', headers, { entityId: person.entityId });
      statuses.push(response.statusCode);
      bodies.push({ ...(response.json() as object), retryAfter: response.headers['retry-after'] });
    }
    const activity = sandboxActivitySchema.parse((await box.call('GET', '/api/activity', headers)).json());
    return { statuses, bodies, follows: activity.counts.follows };
  };

  it('fails a seeded share of mutating calls with 429 RATE_LIMITED or 502 BadGateway, changing nothing', async () => {
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first.follows).toBe(first.statuses.filter((status) => status === 200).length);
    expect(first.statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(first.statuses.filter((status) => status === 502).length).toBeGreaterThan(0);
    expect(first.bodies).toContainEqual({
      name: 'ExceedsLimit',
      message: expect.any(String),
      code: 'RATE_LIMITED',
      retryAfter: expect.stringMatching(/^\d+$/),
    });
    expect(first.bodies).toContainEqual({
      name: 'BadGateway',
      message: expect.any(String),
      retryAfter: undefined,
    });
  });
});

describe('session expiry', () => {
  it('expires a session after 7 days on the clock by default, and after sessionTtlMs when given', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    const headers = await box.signIn(member);
    box.clock.advance(7 * dayMs - 1);
    expect((await box.call('GET', '/api/me', headers)).statusCode).toBe(200);
    box.clock.advance(1);
    const expired = await box.call('GET', '/api/activity', headers);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      name: 'NotAuthenticated',
      message: expect.any(String),
      code: 'SESSION_EXPIRED',
    });
    expect((await box.call('GET', '/api/me', await box.signIn(member))).statusCode).toBe(200);

    const short = await sandbox({ sessionTtlMs: hourMs });
    const shortHeaders = await short.signIn(member);
    short.clock.advance(hourMs);
    const refused = await short.call('POST', '/api/follows', shortHeaders, { entityId: member.entityId });
    expect(refused.json()).toMatchObject({ name: 'NotAuthenticated', code: 'SESSION_EXPIRED' });
    await expect(createTestSandbox({ sessionTtlMs: -1 })).rejects.toThrow(RangeError);
  });
});

describe('GET /api/activity', () => {
  it('matches what the member did, and is the same for two instances given the same actions', async () => {
    const outcomes = [];
    for (let run = 0; run < 2; run += 1) {
      const box = await sandbox();
      const member = findMember(box.population, (person) => !person.isPremium);
      let headers = await box.signIn(member);
      const friends = membersAtDegree(box.population, member, 'FIRST').slice(0, 10);
      const others = membersAtDegree(box.population, member, 'SECOND').slice(0, 12);
      for (const person of others) {
        await box.call('POST', '/api/invitations', headers, { entityId: person.entityId });
        box.clock.advance(10 * 60 * 1000);
      }
      const pending = (await box.call('GET', '/api/invitations/sent', headers)).json().invitations;
      await box.call('POST', `/api/invitations/${pending[0].invitationId}/withdraw`, headers);
      for (const friend of friends) {
        await box.call('POST', '/api/messages', headers, { entityId: friend.entityId, text: 'Hi there' });
      }
      const poster = friends.find((friend) => friend.postIds.length > 0);
      await box.call('POST', `/api/posts/${poster?.postIds[0]}/reactions`, headers, { reaction: 'LIKE' });
      await box.call('POST', '/api/follows', headers, { entityId: others[1]?.entityId });
      await box.call('POST', `/api/profiles/${friends[0]?.publicIdentifier}/endorsements`, headers, {
        skill: friends[0]?.skills[0],
      });
      await box.call('POST', `/api/profiles/${others[2]?.publicIdentifier}/visits`, headers);
      box.clock.advance(6 * dayMs);
      headers = await box.signIn(member);
      box.clock.advance(6 * dayMs);
      const activity = sandboxActivitySchema.parse((await box.call('GET', '/api/activity', headers)).json());
      const connections = (await box.call('GET', '/api/connections', headers)).json().connections;
      const conversations = (await box.call('GET', '/api/conversations', headers)).json().conversations;
      expect(activity.counts).toMatchObject({
        invitationsSent: 12,
        invitationsWithdrawn: 1,
        invitationsAccepted: connections.length,
        messagesSent: 10,
        follows: 1,
        reactions: 1,
        endorsements: 1,
        visits: 1,
      });
      expect(activity.counts.invitationsPending + activity.counts.invitationsAccepted).toBe(11);
      expect(activity.counts.repliesReceived).toBe(
        conversations
          .flatMap((c: { messages: { from: string }[] }) => c.messages)
          .filter((m: { from: string }) => m.from !== member.entityId).length,
      );
      outcomes.push(activity);
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
  });
});
