import {
  type Conversation,
  type ConversationAttachment,
  LinkedInNetworkClient,
  SandboxNetworkClient,
  toConversationsSync,
} from '@outpilot/agent';
import { describe, expect, it } from 'vitest';
import type { Person } from '../population/person.ts';
import { cookieJar } from '../testing/cookie-jar.ts';
import { facadesClosedAfterEachTest } from '../testing/test-facade.ts';
import { dayMs, findMember, hourMs, membersAtDegree } from '../testing/test-sandbox.ts';

/**
 * What the inbox shows comes with the same meaning through both of the sandbox's dialects: the
 * same seeded member synced through the sandbox adapter and through the real LinkedIn adapter on
 * the facade gives the same conversations and messages, ids and addresses aside (issue 23 with
 * issue 22's facade).
 */
const facade = facadesClosedAfterEachTest();

/** The facade, and a sign-in that answers the sandbox adapter reading the same member. */
async function bothDialects(options: Parameters<typeof facade>[0] = {}) {
  const opened = await facade(options);
  const signIn = async (member: Person) =>
    new SandboxNetworkClient({
      sandboxBaseUrl: `${opened.address}/sandbox`,
      sessionId: (await opened.signIn(member))['x-sandbox-session'],
    });
  return { ...opened, linkedIn: opened.client, signIn };
}

/** What an attachment means to the inbox: LinkedIn names and sizes only files. */
function attachmentMeaning(attachment: ConversationAttachment) {
  switch (attachment.kind) {
    case 'file':
      return {
        kind: attachment.kind,
        name: attachment.name,
        byteSize: attachment.byteSize,
        mediaType: attachment.mediaType,
      };
    case 'gif':
    case 'video_meeting':
      return { kind: attachment.kind, name: attachment.name };
    case 'audio':
      return { kind: attachment.kind, durationMs: attachment.durationMs };
    case 'image':
      return { kind: attachment.kind };
  }
}

/** A conversation as the port gives it, ids, addresses and pictures aside, in a stable order. */
function meaningOf(conversations: Conversation[]) {
  return conversations
    .map((conversation) => ({
      participants: conversation.participants.map(({ pictureUrl: _picture, ...participant }) => participant),
      lastActivityAt: conversation.lastActivityAt,
      unreadCount: conversation.unreadCount,
      conversationType: conversation.conversationType,
      spam: conversation.spam,
      mailbox: conversation.mailbox,
      starred: conversation.starred,
      archived: conversation.archived,
      connected: conversation.connected,
      updatedAt: conversation.updatedAt,
      messages: conversation.messages.map((message) => ({
        fromEntityId: message.fromEntityId,
        text: message.text,
        sentAt: message.sentAt,
        edited: message.edited,
        recalled: message.recalled,
        system: message.system,
        subject: message.subject,
        reactions: message.reactions,
        changedAt: message.changedAt,
        attachments: (message.attachments ?? []).map(attachmentMeaning),
        // Every file is served (a video meeting has none).
        served: (message.attachments ?? []).every(
          (attachment) => (attachment.url !== null) === (attachment.kind !== 'video_meeting'),
        ),
      })),
    }))
    .sort((a, b) => (a.participants[0]?.entityId ?? '').localeCompare(b.participants[0]?.entityId ?? ''));
}

/** The sync the inbox stores, ids and addresses aside. */
function syncMeaning(me: Person, conversations: Conversation[], since: Date | null) {
  const sync = toConversationsSync(me, conversations, since);
  return {
    conversations: sync.conversations
      .map(({ conversation_id: _id, participant: { picture_url: _picture, ...participant }, ...rest }) => ({
        ...rest,
        participant,
      }))
      .sort((a, b) => a.participant.entity_id.localeCompare(b.participant.entity_id)),
    messages: sync.messages
      .map(({ message_id: _message, conversation_id: _conversation, render_content, ...rest }) => ({
        ...rest,
        render_content: render_content?.map((content) =>
          'url' in content ? { ...content, url: content.url.length > 0 } : content,
        ),
      }))
      .sort(
        (a, b) =>
          a.sent_at.localeCompare(b.sent_at) ||
          (a.from_entity_id ?? '').localeCompare(b.from_entity_id ?? ''),
      ),
  };
}

/** A member whose inbox holds what the network brings (InMail, Other, spam) and a thread they began. */
async function seededInbox() {
  const dialects = await bothDialects({ replyDelayMultiplier: 0.001 });
  const { box, linkedIn, signIn } = dialects;
  const member = findMember(box.population, () => true);
  const sandbox = await signIn(member);
  const [friend] = membersAtDegree(box.population, member, 'FIRST');
  if (!friend) throw new Error('no friend');
  const sent = await linkedIn.sendMessage({ publicIdentifier: friend.publicIdentifier }, 'Hello there');
  await linkedIn.react(sent.conversationId, sent.messageId, '👍', true);
  box.clock.advance(2 * dayMs + hourMs);
  return { ...dialects, member, friend, sandbox, sent };
}

describe('the inbox through the LinkedIn facade and through the sandbox dialect', () => {
  it('brings the same conversations and messages: InMail, spam, Other, edits, recalls, reactions, files, system messages', async () => {
    const { linkedIn, sandbox, member, sent } = await seededInbox();
    // Marks set through LinkedIn's dialect are the conversation's categories there.
    const inMailId = (await linkedIn.listConversationsSince(null)).find(
      (conversation) => conversation.conversationType === 'INMAIL' && !conversation.spam,
    )?.id;
    if (!inMailId) throw new Error('no InMail');
    await linkedIn.setStarred(inMailId, true);
    await linkedIn.setArchived(sent.conversationId, true);

    // The LinkedIn adapter first: reading threads there must not mark them read.
    const viaLinkedIn = await linkedIn.listConversationsSince(null);
    const viaSandbox = await sandbox.listConversationsSince(null);
    expect(viaLinkedIn).toHaveLength(4);
    expect(meaningOf(viaLinkedIn)).toEqual(meaningOf(viaSandbox));
    expect(syncMeaning(member, viaLinkedIn, null)).toEqual(syncMeaning(member, viaSandbox, null));

    // What the LinkedIn dialect carried, named: not an agreement on empty inboxes.
    const inMail = viaLinkedIn.find((each) => each.id === inMailId);
    expect(inMail).toMatchObject({
      conversationType: 'INMAIL',
      spam: false,
      starred: true,
      connected: false,
    });
    expect(inMail?.messages.find((message) => message.subject)?.subject).toBeTruthy();
    expect(inMail?.messages.some((message) => message.system)).toBe(true);
    expect(viaLinkedIn.find((each) => each.spam)).toMatchObject({ mailbox: 'Other' });
    const other = viaLinkedIn.find(
      (each) => each.mailbox === 'Other' && each.conversationType === 'MEMBER_TO_MEMBER',
    );
    expect(other?.connected).toBe(true);
    expect(other?.messages.some((message) => message.edited && message.changedAt)).toBe(true);
    expect(other?.messages.find((message) => message.recalled)).toMatchObject({ text: '', attachments: [] });
    const began = viaLinkedIn.find((each) => each.id === sent.conversationId);
    expect(began).toMatchObject({ archived: true, mailbox: 'Focused' });
    expect(began?.messages[0]?.reactions).toContainEqual(
      expect.objectContaining({ emoji: '👍', viewerReacted: true }),
    );
    const kinds = viaLinkedIn.flatMap((each) =>
      each.messages.flatMap((message) => (message.attachments ?? []).map((attachment) => attachment.kind)),
    );
    expect(kinds.toSorted()).toEqual(['audio', 'file', 'gif', 'image', 'video_meeting']);
    expect(viaLinkedIn.reduce((sum, each) => sum + each.unreadCount, 0)).toBeGreaterThan(0);
  });

  it('sees a change made elsewhere on an old conversation in an incremental sync, as the sandbox adapter does', async () => {
    const { box, linkedIn, sandbox } = await seededInbox();
    const before = await linkedIn.listConversationsSince(null);
    const since = new Date(box.clock.now().getTime() + 1);
    box.clock.advance(hourMs);
    expect(await linkedIn.listConversationsSince(since)).toEqual([]);
    // The member stars the oldest conversation on another device (the sandbox's own dialect).
    const oldest = before.at(-1);
    const onSandbox = (await sandbox.listConversationsSince(null)).find(
      (each) => each.participants[0]?.entityId === oldest?.participants[0]?.entityId,
    );
    if (!oldest || !onSandbox) throw new Error('no conversation');
    await sandbox.setStarred(onSandbox.id, true);
    const changedViaLinkedIn = await linkedIn.listConversationsSince(since);
    const changedViaSandbox = await sandbox.listConversationsSince(since);
    expect(changedViaLinkedIn.map((each) => each.id)).toEqual([oldest.id]);
    expect(meaningOf(changedViaLinkedIn)).toEqual(meaningOf(changedViaSandbox));
    expect(changedViaLinkedIn[0]).toMatchObject({ starred: true });
  });

  it("downloads each file from the facade's own origin, to the member only", async () => {
    const { box, baseUrl, linkedIn, sandbox } = await seededInbox();
    const viaLinkedIn = await linkedIn.listConversationsSince(null);
    const viaSandbox = await sandbox.listConversationsSince(null);
    const files = (conversations: Conversation[]) =>
      conversations
        .flatMap((conversation) =>
          conversation.messages.flatMap((message) =>
            (message.attachments ?? []).flatMap((attachment) =>
              attachment.url
                ? [{ conversationId: conversation.id, at: message.sentAt.getTime(), attachment }]
                : [],
            ),
          ),
        )
        .sort((a, b) => a.at - b.at || a.attachment.kind.localeCompare(b.attachment.kind));
    const linkedInFiles = files(viaLinkedIn);
    const sandboxFiles = files(viaSandbox);
    expect(linkedInFiles.map((file) => file.attachment.kind)).toEqual(
      sandboxFiles.map((file) => file.attachment.kind),
    );
    expect(linkedInFiles).toHaveLength(4);
    for (const [index, file] of linkedInFiles.entries()) {
      const url = file.attachment.url ?? '';
      expect(url.startsWith(`${baseUrl}/dms/prv/`)).toBe(true);
      const twin = sandboxFiles[index];
      if (!twin?.attachment.url) throw new Error('no twin');
      const expected = await sandbox.fetchAttachment(twin.conversationId, twin.attachment.url, '*/*');
      const got = await linkedIn.fetchAttachment(file.conversationId, url, file.attachment.mediaType);
      expect(got.mediaType).toBe(expected.mediaType);
      expect(got.bytes).toEqual(expected.bytes);
      expect(got.bytes.length).toBeGreaterThan(0);
    }
    const [first] = linkedInFiles;
    if (!first?.attachment.url) throw new Error('no file');
    // Another address is never read with the session.
    await expect(
      linkedIn.fetchAttachment(first.conversationId, 'https://evil.example/dms/prv/attachment/1/2', '*/*'),
    ).rejects.toMatchObject({ name: 'NotFound' });
    // Another member signed in on the same network gets nothing of it.
    const strangerBrowser = cookieJar();
    const stranger = findMember(box.population, () => true, 1);
    await strangerBrowser.fetch(`${baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicIdentifier: stranger.publicIdentifier }),
    });
    const strangerClient = new LinkedInNetworkClient({
      baseUrl,
      fetch: strangerBrowser.fetch,
      readCookie: async (name) => strangerBrowser.jar.get(name) ?? null,
      pacing: { minMs: 0, maxMs: 0 },
    });
    await expect(
      strangerClient.fetchAttachment(first.conversationId, first.attachment.url, '*/*'),
    ).rejects.toMatchObject({
      name: 'NotFound',
    });
    // Signed out: the file answers with the sign-in page, and nobody signs in again.
    const signedOut = await fetch(first.attachment.url, { redirect: 'manual' });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toMatch(/\/sandbox\/linkedin\/login/);
  });
});
