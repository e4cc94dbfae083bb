import {
  connectionsResponseSchema,
  sandboxInvitationSchema,
  sandboxProfileSchema,
  sentInvitationsResponseSchema,
} from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import type { Person } from '../population/person.ts';
import {
  dayMs,
  findMember,
  hourMs,
  membersAtDegree,
  sandboxesClosedAfterEachTest,
  type TestSandbox,
} from '../testing/test-sandbox.ts';

const sandbox = sandboxesClosedAfterEachTest();

type Sent = { invitationId: string; entityId: string; sentAt: string };

/** Invites the first `count` 2nd-degree members of `member`, without notes. */
async function inviteMany(box: TestSandbox, member: Person, headers: Record<string, string>, count: number) {
  const sent: Sent[] = [];
  for (const person of membersAtDegree(box.population, member, 'SECOND').slice(0, count)) {
    const response = await box.call('POST', '/api/invitations', headers, { entityId: person.entityId });
    expect(response.statusCode).toBe(201);
    sent.push(sandboxInvitationSchema.parse(response.json()));
  }
  return sent;
}

async function connections(box: TestSandbox, headers: Record<string, string>, since?: string) {
  const query = since ? `?since=${encodeURIComponent(since)}` : '';
  return connectionsResponseSchema.parse((await box.call('GET', `/api/connections${query}`, headers)).json())
    .connections;
}

describe('invitations and acceptance', () => {
  it('accepts some invitations only after their delay, the same ones at the same times in every run', async () => {
    const runs = [];
    for (let run = 0; run < 2; run += 1) {
      const box = await sandbox();
      const member = findMember(box.population, (person) => !person.isPremium);
      const headers = await box.signIn(member);
      const sent = await inviteMany(box, member, headers, 30);
      box.clock.advance(5 * 60 * 1000);
      expect(await connections(box, headers)).toEqual([]);
      box.clock.advance(22 * dayMs);
      // Sessions live 7 days on the clock by default: sign in again after the jump.
      const accepted = await connections(box, await box.signIn(member));
      runs.push({ sent, accepted });
    }
    const [first, second] = runs;
    expect(second).toEqual(first);
    const accepted = first?.accepted ?? [];
    expect(accepted.length).toBeGreaterThan(3);
    expect(accepted.length).toBeLessThan(30);
    for (const connection of accepted) {
      const invitation = first?.sent.find((each) => each.invitationId === connection.invitationId);
      expect(
        Date.parse(connection.connectedAt) - Date.parse(invitation?.sentAt ?? ''),
      ).toBeGreaterThanOrEqual(10 * 60 * 1000);
    }
    const sorted = [...accepted].sort((a, b) => a.connectedAt.localeCompare(b.connectedAt));
    expect(accepted).toEqual(sorted);
  });

  it('turns an invitation into a 1st-degree connection exactly when the clock reaches its acceptance', async () => {
    const probe = await sandbox();
    const member = findMember(probe.population, (person) => !person.isPremium);
    await inviteMany(probe, member, await probe.signIn(member), 30);
    probe.clock.advance(22 * dayMs);
    const [earliest] = await connections(probe, await probe.signIn(member));
    if (!earliest) throw new Error('nobody accepted');

    const box = await sandbox();
    const headers = await box.signIn(member);
    await inviteMany(box, member, headers, 30);
    box.clock.set(new Date(Date.parse(earliest.connectedAt) - 1));
    const before = sandboxProfileSchema.parse(
      (await box.call('GET', `/api/profiles/${earliest.publicIdentifier}`, headers)).json(),
    );
    expect(before.degree).toBe('SECOND');
    expect(before.relationship).toMatchObject({
      invitationPending: true,
      invitationId: earliest.invitationId,
    });
    expect(before.relationship.canMessage).toBe(false);
    box.clock.advance(1);
    const after = sandboxProfileSchema.parse(
      (await box.call('GET', `/api/profiles/${earliest.publicIdentifier}`, await box.signIn(member))).json(),
    );
    expect(after.degree).toBe('FIRST');
    expect(after.relationship).toMatchObject({
      invitationPending: false,
      invitationId: null,
      canMessage: true,
    });
    const again = await box.signIn(member);
    expect(await connections(box, again, earliest.connectedAt)).toEqual([earliest]);
    const sentList = sentInvitationsResponseSchema.parse(
      (await box.call('GET', '/api/invitations/sent', again)).json(),
    );
    expect(sentList.invitations.map((each) => each.invitationId)).not.toContain(earliest.invitationId);
    expect(sentList.invitations).toHaveLength(29);
    const search = await box.call(
      'GET',
      `/api/search/people?url=${encodeURIComponent(
        `https://www.linkedin.com/search/results/people/?keywords=${encodeURIComponent(earliest.firstName)}`,
      )}&count=50`,
      again,
    );
    const hit = search
      .json()
      .elements.find((each: { entityId?: string }) => each.entityId === earliest.entityId);
    if (hit) expect(hit.degree).toBe('FIRST');
  });

  it('never accepts a withdrawn invitation, and refuses to withdraw an accepted one', async () => {
    const probe = await sandbox();
    const member = findMember(probe.population, (person) => !person.isPremium);
    await inviteMany(probe, member, await probe.signIn(member), 30);
    probe.clock.advance(22 * dayMs);
    const accepted = await connections(probe, await probe.signIn(member));
    const [target, other] = accepted;
    if (!target || !other) throw new Error('too few acceptances');

    const box = await sandbox();
    const headers = await box.signIn(member);
    await inviteMany(box, member, headers, 30);
    box.clock.set(new Date(Date.parse(target.connectedAt) - 60_000));
    const fresh = await box.signIn(member);
    const withdraw = await box.call('POST', `/api/invitations/${target.invitationId}/withdraw`, fresh);
    expect(withdraw.statusCode).toBe(200);
    expect(withdraw.json()).toMatchObject({ invitationId: target.invitationId, state: 'withdrawn' });
    const twice = await box.call('POST', `/api/invitations/${target.invitationId}/withdraw`, fresh);
    expect(twice.json()).toEqual(withdraw.json());

    box.clock.set(new Date(Math.max(Date.parse(other.connectedAt), Date.parse(target.connectedAt)) + hourMs));
    const later = await box.signIn(member);
    const now = await connections(box, later);
    expect(now.map((each) => each.entityId)).not.toContain(target.entityId);
    expect(now.map((each) => each.entityId)).toContain(other.entityId);
    const late = await box.call('POST', `/api/invitations/${other.invitationId}/withdraw`, later);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      name: 'BadRequest',
      message: expect.any(String),
      code: 'INVITATION_ALREADY_ACCEPTED',
    });
    // Re-inviting within 3 weeks of the withdrawal is refused.
    const reinvite = await box.call('POST', '/api/invitations', later, { entityId: target.entityId });
    expect(reinvite.json()).toMatchObject({ name: 'BadRequest', code: 'CANT_RESEND_YET' });
    const unknown = await box.call('POST', '/api/invitations/123/withdraw', later);
    expect(unknown.statusCode).toBe(404);
  });

  it('answers a pending invitation again instead of sending a second one, and refuses connections', async () => {
    const box = await sandbox();
    const member = findMember(box.population, (person) => !person.isPremium);
    const headers = await box.signIn(member);
    const [person] = membersAtDegree(box.population, member, 'THIRD');
    const first = await box.call('POST', '/api/invitations', headers, { entityId: person?.entityId });
    const second = await box.call('POST', '/api/invitations', headers, { entityId: person?.entityId });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const [friend] = membersAtDegree(box.population, member, 'FIRST');
    const connected = await box.call('POST', '/api/invitations', headers, { entityId: friend?.entityId });
    expect(connected.statusCode).toBe(422);
    expect(connected.json()).toMatchObject({ name: 'UnprocessableEntity', code: 'ALREADY_CONNECTED' });
    const self = await box.call('POST', '/api/invitations', headers, { entityId: member.entityId });
    expect(self.json()).toMatchObject({ name: 'BadRequest', code: 'SELF_ACTION' });
    const nobody = await box.call('POST', '/api/invitations', headers, { entityId: 'ACoAAnobody' });
    expect(nobody.statusCode).toBe(404);
    const activity = (await box.call('GET', '/api/activity', headers)).json();
    expect(activity.counts.invitationsSent).toBe(1);
  });
});

describe('invitation limits', () => {
  it('caps invitations per rolling 7 days with ExceedsLimit WEEKLY_INVITATION_LIMIT', async () => {
    const box = await sandbox({ weeklyInvitationCap: 3 });
    const member = findMember(box.population, (person) => !person.isPremium);
    const headers = await box.signIn(member);
    const people = membersAtDegree(box.population, member, 'SECOND');
    for (const person of people.slice(0, 3)) {
      box.clock.advance(hourMs);
      expect(
        (await box.call('POST', '/api/invitations', headers, { entityId: person.entityId })).statusCode,
      ).toBe(201);
    }
    const refused = await box.call('POST', '/api/invitations', headers, { entityId: people[3]?.entityId });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      name: 'ExceedsLimit',
      message: expect.any(String),
      code: 'WEEKLY_INVITATION_LIMIT',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBe((7 * dayMs - 2 * hourMs) / 1000);
    box.clock.advance(retryAfter * 1000);
    const fresh = await box.signIn(member);
    expect(
      (await box.call('POST', '/api/invitations', fresh, { entityId: people[3]?.entityId })).statusCode,
    ).toBe(201);
  });

  it('limits notes to 200 code points for free accounts and 300 for premium ones', async () => {
    const box = await sandbox();
    const free = findMember(box.population, (person) => !person.isPremium);
    const premium = findMember(box.population, (person) => person.isPremium);
    const freeHeaders = await box.signIn(free);
    const [a, b, c] = membersAtDegree(box.population, free, 'SECOND');
    const tooLong = await box.call('POST', '/api/invitations', freeHeaders, {
      entityId: a?.entityId,
      message: 'x'.repeat(201),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({
      name: 'UnprocessableEntity',
      code: 'TOO_LONG_INVITATION_MESSAGE',
    });
    const emoji = await box.call('POST', '/api/invitations', freeHeaders, {
      entityId: a?.entityId,
      message: '👋'.repeat(200),
    });
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json()).toMatchObject({ hasNote: true });
    const overAll = await box.call('POST', '/api/invitations', freeHeaders, {
      entityId: b?.entityId,
      message: 'y'.repeat(301),
    });
    expect(overAll.json()).toMatchObject({ code: 'TOO_LONG_INVITATION_MESSAGE' });
    expect(
      (await box.call('POST', '/api/invitations', freeHeaders, { entityId: c?.entityId })).statusCode,
    ).toBe(201);

    const premiumHeaders = await box.signIn(premium);
    const [d, e] = membersAtDegree(box.population, premium, 'SECOND');
    const longNote = { entityId: d?.entityId, message: 'z'.repeat(300) };
    expect((await box.call('POST', '/api/invitations', premiumHeaders, longNote)).statusCode).toBe(201);
    const over = await box.call('POST', '/api/invitations', premiumHeaders, {
      entityId: e?.entityId,
      message: 'z'.repeat(301),
    });
    expect(over.json()).toMatchObject({ name: 'UnprocessableEntity', code: 'TOO_LONG_INVITATION_MESSAGE' });
  });

  it('allows a free account 5 personalised invitations per calendar month; plain ones still pass', async () => {
    const box = await sandbox();
    const member = findMember(box.population, (person) => !person.isPremium);
    let headers = await box.signIn(member);
    const people = membersAtDegree(box.population, member, 'SECOND');
    for (const person of people.slice(0, 5)) {
      const response = await box.call('POST', '/api/invitations', headers, {
        entityId: person.entityId,
        message: 'Hi, glad to connect',
      });
      expect(response.statusCode).toBe(201);
    }
    const sixth = await box.call('POST', '/api/invitations', headers, {
      entityId: people[5]?.entityId,
      message: 'Hi, glad to connect',
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      name: 'ExceedsLimit',
      message: expect.any(String),
      code: 'EXCEED_FREE_MONTHLY_PERSONALIZED_INVITATIONS',
    });
    const plain = await box.call('POST', '/api/invitations', headers, { entityId: people[5]?.entityId });
    expect(plain.statusCode).toBe(201);
    // April starts a new month of notes.
    box.clock.set(new Date('2026-04-01T00:00:00.000Z'));
    headers = await box.signIn(member);
    const nextMonth = await box.call('POST', '/api/invitations', headers, {
      entityId: people[6]?.entityId,
      message: 'Hi again',
    });
    expect(nextMonth.statusCode).toBe(201);
  });
});
