import { conversationsResponseSchema, type SandboxConversation } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import {
  dayMs,
  findMember,
  hourMs,
  membersAtDegree,
  sandboxesClosedAfterEachTest,
  type TestSandbox,
} from '../testing/test-sandbox.ts';

const sandbox = sandboxesClosedAfterEachTest();

async function listed(box: TestSandbox, headers: Record<string, string>, since?: string) {
  const query = since ? `?since=${encodeURIComponent(since)}` : '';
  const response = await box.call('GET', `/api/conversations${query}`, headers);
  expect(response.statusCode).toBe(200);
  return conversationsResponseSchema.parse(response.json()).conversations;
}

const byType = (conversations: SandboxConversation[]) => ({
  inMail: conversations.find((each) => each.conversationType === 'INMAIL' && !each.spam),
  spam: conversations.find((each) => each.spam),
  other: conversations.find(
    (each) => each.conversationType === 'MEMBER_TO_MEMBER' && each.mailbox === 'Other',
  ),
});

describe('what reaches the inbox without the member writing first', () => {
  it('brings an InMail, a connection sorted into Other and spam over time, the same in every run', async () => {
    const runs = [];
    for (let run = 0; run < 2; run += 1) {
      const box = await sandbox();
      const member = findMember(box.population, () => true);
      const headers = await box.signIn(member);
      expect(await listed(box, headers)).toHaveLength(0);

      box.clock.advance(hourMs);
      const first = byType(await listed(box, headers));
      expect(first.inMail?.messages.map((m) => [m.system, m.subject !== null])).toEqual([
        [true, false],
        [false, true],
      ]);
      expect(first.inMail?.connected).toBe(false);
      expect(first.inMail?.unreadCount).toBe(1);
      expect(first.spam).toBeUndefined();

      box.clock.advance(2 * dayMs);
      const later = await listed(box, headers);
      const { inMail, spam, other } = byType(later);
      expect(later).toHaveLength(3);
      expect(spam).toMatchObject({ mailbox: 'Other', conversationType: 'INMAIL', connected: false });
      expect(other).toMatchObject({ connected: true });
      expect(inMail?.mailbox).toBe('Focused');
      // The connection fixed a typo and took a message back, minutes after sending them.
      const [gif, recalled, media] = other?.messages ?? [];
      expect(gif).toMatchObject({ edited: true, recalled: false });
      expect(gif?.text.endsWith('!')).toBe(true);
      expect(recalled).toMatchObject({ recalled: true, text: '', attachments: [] });
      const kinds = [...(inMail?.messages ?? []), ...(other?.messages ?? [])].flatMap((m) =>
        m.attachments.map((a) => a.kind),
      );
      expect(kinds.sort()).toEqual(['audio', 'file', 'gif', 'image', 'video_meeting']);
      expect(media?.attachments.find((a) => a.kind === 'audio')?.durationMs).toBeGreaterThan(0);
      runs.push(later);
    }
    expect(runs[1]).toEqual(runs[0]);
  });

  it('serves each attachment as its file, to the member only', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    const stranger = findMember(box.population, () => true, 1);
    const headers = await box.signIn(member);
    box.clock.advance(2 * dayMs);
    const attachments = (await listed(box, headers)).flatMap((each) =>
      each.messages.flatMap((m) => m.attachments),
    );
    const expected = { file: 'text/csv', gif: 'image/gif', image: 'image/svg+xml', audio: 'audio/wav' };
    for (const attachment of attachments) {
      if (attachment.kind === 'video_meeting') {
        expect(attachment.url).toBeNull();
        continue;
      }
      const path = (attachment.url ?? '').replace(/^\/sandbox/, '');
      const response = await box.call('GET', path, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(expected[attachment.kind]);
      expect(response.rawPayload.length).toBe(attachment.byteSize);
      expect(attachment.mediaType).toBe(expected[attachment.kind]);
      if (attachment.kind === 'gif') expect(response.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
      if (attachment.kind === 'audio') expect(response.rawPayload.subarray(8, 12).toString()).toBe('WAVE');
      // Another member's session does not reach it.
      expect((await box.call('GET', path, await box.signIn(stranger))).statusCode).toBe(404);
    }
    expect(attachments.length).toBe(5);
  });

  it('lets people react to the member’s message when they answer it', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    const headers = await box.signIn(member);
    for (const friend of membersAtDegree(box.population, member, 'FIRST').slice(0, 20)) {
      const sent = await box.call('POST', '/api/messages', headers, {
        entityId: friend.entityId,
        text: 'Hello',
      });
      expect(sent.statusCode).toBe(201);
    }
    const atOnce = await listed(box, headers);
    expect(atOnce.flatMap((each) => each.messages.flatMap((m) => m.reactions))).toEqual([]);
    box.clock.advance(11 * dayMs);
    const started = (await listed(box, await box.signIn(member))).filter(
      (each) => each.messages[0]?.from === member.entityId,
    );
    const reacted = started.filter((each) => (each.messages[0]?.reactions.length ?? 0) > 0);
    expect(reacted.length).toBeGreaterThan(0);
    for (const conversation of reacted) {
      expect(conversation.messages[0]?.reactions).toEqual([
        { emoji: expect.stringMatching(/^(👍|❤️|😂)$/), count: 1, viewerReacted: false },
      ]);
      // Only people who answer react, and the reaction counts as a change of the conversation.
      expect(conversation.messages.some((m) => m.from !== member.entityId)).toBe(true);
      expect(conversation.messages[0]?.changedAt).not.toBeNull();
    }
  });

  it('lists a conversation again once it changes on another device (since compares changes)', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    const headers = await box.signIn(member);
    box.clock.advance(2 * dayMs);
    const { inMail } = byType(await listed(box, headers));
    const since = new Date(box.clock.now().getTime() + 1000).toISOString();
    box.clock.advance(hourMs);
    expect(await listed(box, headers, since)).toHaveLength(0);
    const patched = await box.call('PATCH', `/api/conversations/${inMail?.conversationId}`, headers, {
      starred: true,
      archived: true,
      mailbox: 'Other',
    });
    expect(patched.statusCode).toBe(204);
    const [changed] = await listed(box, headers, since);
    expect(changed).toMatchObject({ conversationId: inMail?.conversationId, starred: true, archived: true });
    expect(Date.parse(changed?.updatedAt ?? '')).toBeGreaterThan(Date.parse(changed?.lastActivityAt ?? ''));
  });
});
