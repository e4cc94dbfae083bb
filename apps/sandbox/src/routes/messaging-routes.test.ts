import {
  conversationMessagesResponseSchema,
  conversationsResponseSchema,
  type SandboxConversation,
  sendMessageResponseSchema,
} from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import type { Person } from '../population/person.ts';
import {
  dayMs,
  findMember,
  membersAtDegree,
  sandboxesClosedAfterEachTest,
  type TestSandbox,
} from '../testing/test-sandbox.ts';

const sandbox = sandboxesClosedAfterEachTest();

async function messageConnections(box: TestSandbox, member: Person, count: number) {
  const headers = await box.signIn(member);
  const friends = membersAtDegree(box.population, member, 'FIRST').slice(0, count);
  const sent = [];
  for (const friend of friends) {
    const response = await box.call('POST', '/api/messages', headers, {
      entityId: friend.entityId,
      text: `Hello ${friend.firstName}, shall we talk?`,
    });
    expect(response.statusCode).toBe(201);
    sent.push({ friend, ...sendMessageResponseSchema.parse(response.json()) });
  }
  return { headers, sent };
}

/** A conversation the member started and the other side answered (not one the network brought). */
function answered(conversation: SandboxConversation, member: Person): boolean {
  return (
    conversation.messages[0]?.from === member.entityId &&
    conversation.messages.some((m) => m.from !== member.entityId)
  );
}

describe('messaging', () => {
  it('messages only 1st-degree connections', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    const headers = await box.signIn(member);
    const [stranger] = membersAtDegree(box.population, member, 'SECOND');
    const refused = await box.call('POST', '/api/messages', headers, {
      entityId: stranger?.entityId,
      text: 'Hi',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      name: 'NotAuthorized',
      message: expect.any(String),
      code: 'NOT_CONNECTED',
    });
    const tooLong = await box.call('POST', '/api/messages', headers, {
      entityId: stranger?.entityId,
      text: 'x'.repeat(8001),
    });
    expect(tooLong.statusCode).toBe(422);
    const activity = (await box.call('GET', '/api/activity', headers)).json();
    expect(activity.counts.messagesSent).toBe(0);
  });

  it('refuses text the database cannot keep (NUL, a lone surrogate) with a 422 naming the field', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    const headers = await box.signIn(member);
    const [friend] = membersAtDegree(box.population, member, 'FIRST');
    const [stranger] = membersAtDegree(box.population, member, 'SECOND');
    for (const text of ['Hi\u0000there', 'Hi \uD800']) {
      const message = await box.call('POST', '/api/messages', headers, { entityId: friend?.entityId, text });
      expect(message.statusCode).toBe(422);
      expect(message.json()).toEqual({
        name: 'UnprocessableEntity',
        message: 'Text must not contain NUL characters or unpaired UTF-16 surrogates',
        errors: [
          {
            field: 'text',
            description: 'Text must not contain NUL characters or unpaired UTF-16 surrogates',
          },
        ],
      });
      const note = await box.call('POST', '/api/invitations', headers, {
        entityId: stranger?.entityId,
        message: text,
      });
      expect(note.statusCode).toBe(422);
    }
    const activity = (await box.call('GET', '/api/activity', headers)).json();
    expect(activity.counts).toMatchObject({ messagesSent: 0, invitationsSent: 0 });
  });

  it('delivers replies only after their delay, personalised, the same in every run', async () => {
    const outcomes = [];
    for (let run = 0; run < 2; run += 1) {
      const box = await sandbox();
      const member = findMember(box.population, () => true);
      const { headers, sent } = await messageConnections(box, member, 20);
      const atOnce = conversationsResponseSchema.parse(
        (await box.call('GET', '/api/conversations', headers)).json(),
      );
      expect(atOnce.conversations).toHaveLength(20);
      for (const conversation of atOnce.conversations) {
        expect(conversation.messages.every((message) => message.from === member.entityId)).toBe(true);
        expect(conversation.unreadCount).toBe(0);
      }
      box.clock.advance(60 * 1000);
      expect((await box.call('GET', '/api/activity', headers)).json().counts.repliesReceived).toBe(0);
      box.clock.advance(6 * dayMs);
      const later = await box.signIn(member);
      box.clock.advance(5 * dayMs);
      const replied = conversationsResponseSchema
        .parse((await box.call('GET', '/api/conversations', later)).json())
        .conversations.filter((conversation) => answered(conversation, member));
      outcomes.push(replied);
      expect(replied.length).toBeGreaterThan(0);
      expect(replied.length).toBeLessThan(20);
      for (const conversation of replied) {
        const [ours, theirs] = conversation.messages;
        expect(
          Date.parse(theirs?.deliveredAt ?? '') - Date.parse(ours?.deliveredAt ?? ''),
        ).toBeGreaterThanOrEqual(2 * 60 * 1000);
        expect(theirs?.text).toContain(member.firstName);
        expect(conversation.unreadCount).toBe(1);
        expect(conversation.lastActivityAt).toBe(theirs?.deliveredAt);
        const sentOne = sent.find((each) => each.conversationId === conversation.conversationId);
        expect(conversation.participants).toEqual([
          expect.objectContaining({
            entityId: sentOne?.friend.entityId,
            firstName: sentOne?.friend.firstName,
          }),
        ]);
      }
      // Opening the thread marks it read.
      const thread = replied[0];
      const messages = conversationMessagesResponseSchema.parse(
        (await box.call('GET', `/api/conversations/${thread?.conversationId}/messages`, later)).json(),
      );
      expect(messages.messages).toEqual(thread?.messages);
      const reread = conversationsResponseSchema.parse(
        (await box.call('GET', '/api/conversations', later)).json(),
      );
      expect(reread.conversations.find((c) => c.conversationId === thread?.conversationId)?.unreadCount).toBe(
        0,
      );
      // `since` keeps only conversations active from then on.
      const since = thread?.lastActivityAt ?? '';
      const recent = conversationsResponseSchema.parse(
        (await box.call('GET', `/api/conversations?since=${encodeURIComponent(since)}`, later)).json(),
      );
      expect(recent.conversations.every((c) => c.lastActivityAt >= since)).toBe(true);
      expect(recent.conversations.map((c) => c.conversationId)).toContain(thread?.conversationId);
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
  });

  it('keeps one conversation per person, and sends the same text twice in a row only once', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    const headers = await box.signIn(member);
    const [friend] = membersAtDegree(box.population, member, 'FIRST');
    const body = { entityId: friend?.entityId, text: 'Quick question' };
    const first = (await box.call('POST', '/api/messages', headers, body)).json();
    const retry = (await box.call('POST', '/api/messages', headers, body)).json();
    expect(retry).toEqual(first);
    box.clock.advance(1000);
    const followUp = await box.call('POST', '/api/messages', headers, {
      ...body,
      text: 'Following up',
      conversationId: first.conversationId,
    });
    expect(followUp.statusCode).toBe(201);
    expect(followUp.json().conversationId).toBe(first.conversationId);
    expect(followUp.json().messageId).not.toBe(first.messageId);
    const wrong = await box.call('POST', '/api/messages', headers, { ...body, conversationId: '2-999' });
    expect(wrong.statusCode).toBe(404);
    const unknown = await box.call('GET', '/api/conversations/2-999/messages', headers);
    expect(unknown.statusCode).toBe(404);
    const activity = (await box.call('GET', '/api/activity', headers)).json();
    expect(activity.counts.messagesSent).toBe(2);
  });

  it('lets a connection made by an accepted invitation be messaged', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    const headers = await box.signIn(member);
    for (const person of membersAtDegree(box.population, member, 'SECOND').slice(0, 20)) {
      await box.call('POST', '/api/invitations', headers, { entityId: person.entityId });
    }
    box.clock.advance(6 * dayMs);
    const [connection] = (await box.call('GET', '/api/connections', headers)).json().connections;
    expect(connection).toBeDefined();
    const sent = await box.call('POST', '/api/messages', headers, {
      entityId: connection.entityId,
      text: 'Thanks!',
    });
    expect(sent.statusCode).toBe(201);
  });
});

describe("the member's inbox changes", () => {
  it('refuses other members’ conversations, others’ messages and recalled ones; a repeat changes nothing', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    await messageConnections(box, member, 12);
    box.clock.advance(11 * dayMs);
    const later = await box.signIn(member);
    const conversations = conversationsResponseSchema.parse(
      (await box.call('GET', '/api/conversations', later)).json(),
    ).conversations;
    const replied = conversations.find((each) => answered(each, member));
    const theirs = replied?.messages.find((m) => m.from !== member.entityId);
    const ours = replied?.messages.find((m) => m.from === member.entityId);
    if (!replied || !theirs || !ours) throw new Error('nobody replied');
    const thread = `/api/conversations/${replied.conversationId}`;

    // Another member sees no such conversation.
    const stranger = findMember(box.population, (person) => person.index !== member.index);
    const strangerHeaders = await box.signIn(stranger);
    expect((await box.call('PATCH', thread, strangerHeaders, { starred: true })).statusCode).toBe(404);
    expect((await box.call('DELETE', thread, strangerHeaders)).statusCode).toBe(404);
    expect((await box.call('PATCH', thread, later, { pinned: true })).statusCode).toBe(422);
    expect((await box.call('PATCH', thread, later, { mailbox: 'Spam' })).statusCode).toBe(422);

    // Only one's own messages are edited or recalled.
    const edit = (messageId: string, text: string) =>
      box.call('PUT', `${thread}/messages/${messageId}`, later, { text });
    expect((await edit(theirs.messageId, 'Mine now')).statusCode).toBe(403);
    expect((await edit(ours.messageId, '   ')).statusCode).toBe(422);
    expect((await edit('unknown', 'x')).statusCode).toBe(404);
    expect((await edit(ours.messageId, 'Edited')).statusCode).toBe(204);

    const like = `${thread}/messages/${theirs.messageId}/reactions/${encodeURIComponent('👍')}`;
    expect((await box.call('PUT', like, later)).statusCode).toBe(204);
    expect((await box.call('PUT', like, later)).statusCode).toBe(204);
    const shown = conversationsResponseSchema
      .parse((await box.call('GET', '/api/conversations', later)).json())
      .conversations.find((each) => each.conversationId === replied.conversationId);
    expect(shown?.messages.find((m) => m.messageId === theirs.messageId)?.reactions).toEqual([
      { emoji: '👍', count: 1, viewerReacted: true },
    ]);
    expect(shown?.messages.find((m) => m.messageId === ours.messageId)).toMatchObject({
      text: 'Edited',
      edited: true,
    });

    expect((await box.call('DELETE', `${thread}/messages/${ours.messageId}`, later)).statusCode).toBe(204);
    expect((await edit(ours.messageId, 'Again')).statusCode).toBe(400);
  });
});
