import { AutomationClient, createMemoryStore, syncPersona } from '@outpilot/agent';
import {
  automationBasePath,
  type Conversation,
  type MessageEvent,
  sandboxActionPaths,
  sandboxBasePath,
  sandboxSessionHeader,
} from '@outpilot/contracts';
import { createPopulation } from '@outpilot/sandbox';
import { describe, expect, it } from 'vitest';
import { createSandboxNetworks, openSandboxSession } from '../engine/cloud-runner.ts';
import { automationCall, dayMs, engineUser, hourMs, monday8am } from '../testing/engine-test-kit.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

/**
 * What the network brings to the inbox by itself (issue 23): InMail, spam and the Other tab as
 * the network sorts them, the other side's edits and recalls, system messages, attachments read
 * through the server, and marks changed on another device, all through the runners' sync.
 */
describe('the inbox shows what the network brings', () => {
  const server = testServerForSuite(undefined, { clockStart: monday8am });

  async function syncedInbox(memberOffset: number) {
    const people = createPopulation({ seed: server.config.sandboxSeed, size: server.config.sandboxSize });
    const member = people.people.filter((person) => person.isVisible).at(memberOffset);
    if (!member) throw new Error('no member');
    const user = await engineUser(server, {
      networkPublicIdentifier: member.publicIdentifier,
      networkEntityId: member.entityId,
      networkGivenName: member.firstName,
      networkFamilyName: member.lastName,
    });
    const networkOf = createSandboxNetworks({ db: server.db, clock: server.clock, publicUrl: server.url });
    // The first sign-in: the network plans what reaches this member over the next days.
    await networkOf(user.personaId);
    server.clock.advance(2 * dayMs);
    const cursors = createMemoryStore();
    const automation = new AutomationClient({
      automationBaseUrl: `${server.url}${automationBasePath}`,
      getAccessToken: user.tokenNow,
    });
    const sync = async () =>
      syncPersona({
        personaId: user.personaId,
        network: await networkOf(user.personaId),
        automation,
        cursors,
      });
    await sync();
    const call = (method: string, path: string) => automationCall(server, user, method, path);
    const list = async (path: string): Promise<Conversation[]> => {
      const answer = await call('GET', path);
      expect(answer.status).toBe(200);
      return answer.body.conversations;
    };
    const events = async (id: string): Promise<MessageEvent[]> =>
      (await call('GET', `/conversations/${id}/events/recent`)).body.events;
    return { member, user, sync, call, list, events };
  }

  it('sorts InMail, spam and Other as the network does, with edits, recalls and system messages', async () => {
    const { list, events } = await syncedInbox(3);
    const [inMail] = await list('/mailboxes/Inbox/conversations/recent?filter=InMail');
    expect(inMail).toMatchObject({ conversation_type: 'INMAIL', mailbox: 'Focused' });
    const spam = await list('/mailboxes/Inbox/conversations/recent?filter=Spam');
    expect(spam).toHaveLength(1);
    // Spam sits outside Focused and Other: either tab's Spam filter shows it.
    expect(await list('/mailboxes/Focused/conversations/recent?filter=Spam')).toEqual(spam);
    // Spam shows under its own filter only.
    const inbox = (await list('/mailboxes/Inbox/conversations/recent')).map((each) => each.entity_id);
    expect(inbox).not.toContain(spam[0]?.entity_id);
    expect(inbox).toContain(inMail?.entity_id);
    const [other] = await list('/mailboxes/Other/conversations/recent');
    expect(other?.conversation_type).toBe('MEMBER_TO_MEMBER');

    const thread = await events(inMail?.entity_id ?? '');
    expect(thread.map((each) => each.render_format)).toEqual(['SYSTEM', 'normal', 'normal']);
    expect(thread[1]?.subject).toMatch(/^A role at /);
    expect(thread[1]?.render_content).toEqual([
      expect.objectContaining({
        type: 'file',
        name: 'Role overview.csv',
        recommended_accept_header: 'text/csv',
      }),
    ]);
    expect(thread[2]?.render_content).toEqual([{ type: 'video_meeting' }]);

    const otherThread = await events(other?.entity_id ?? '');
    expect(otherThread.map((each) => each.render_format)).toEqual(['EDITED', 'RECALLED', 'normal']);
    expect(otherThread[1]).toMatchObject({ text: '', render_content: [] });
    expect(otherThread.flatMap((each) => each.render_content.map((content) => content.type))).toEqual([
      'external_media',
      'vector_image',
      'audio',
    ]);
  });

  it('serves attachments through the server, only the conversation’s own, only to its workspace', async () => {
    const { user, call, list, events } = await syncedInbox(4);
    const [inMail] = await list('/mailboxes/Inbox/conversations/recent?filter=InMail');
    const id = inMail?.entity_id ?? '';
    const file = (await events(id))
      .flatMap((each) => each.render_content)
      .find((each) => each.type === 'file');
    if (file?.type !== 'file') throw new Error('no file');
    const path = `${automationBasePath}/conversations/${id}/attachments/${encodeURIComponent(file.url)}`;
    const read = async (token: string) =>
      fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${token}`, accept: file.recommended_accept_header },
      });

    const answer = await read(await user.tokenNow());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv');
    expect(answer.headers.get('content-disposition')).toBe('attachment');
    expect((await answer.arrayBuffer()).byteLength).toBe(file.byte_size);

    // Another workspace does not find the conversation at all.
    const stranger = await engineUser(server);
    expect((await read(await stranger.tokenNow())).status).toBe(404);

    // A url that is not one of the conversation's attachments never reaches the network.
    for (const foreign of [
      'https://evil.example/steal',
      `${file.url.replace(/\/attachments\/.*/, '')}/attachments/1`,
      `${sandboxBasePath}${sandboxActionPaths.conversations}`,
    ]) {
      const refused = await call('GET', `/conversations/${id}/attachments/${encodeURIComponent(foreign)}`);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('Attachment not found');
    }
  });

  it('brings star, archive, Other and read marks made on another device back with the next sync', async () => {
    const { member, sync, list, call } = await syncedInbox(5);
    const [inMail] = await list('/mailboxes/Inbox/conversations/recent?filter=InMail');
    const id = inMail?.entity_id ?? '';
    expect(inMail).toMatchObject({ is_starred: false, is_archived: false, mailbox: 'Focused' });
    expect(inMail?.unread_count).toBeGreaterThan(0);

    // The member's other device: the network's own calls with a session of its own.
    server.clock.advance(hourMs);
    const sessionId = await openSandboxSession(`${server.url}${sandboxBasePath}`, member.publicIdentifier);
    const changed = await fetch(`${server.url}${sandboxBasePath}${sandboxActionPaths.conversation(id)}`, {
      method: 'PATCH',
      headers: { [sandboxSessionHeader]: sessionId, 'content-type': 'application/json' },
      body: JSON.stringify({ starred: true, read: true, mailbox: 'Other' }),
    });
    expect(changed.status).toBe(204);
    expect(
      (await call('GET', '/mailboxes/Inbox/conversations/recent?filter=Starred')).body.conversations,
    ).toEqual([]);

    await sync();
    const [starred] = await list('/mailboxes/Inbox/conversations/recent?filter=Starred');
    expect(starred).toMatchObject({ entity_id: id, is_starred: true, mailbox: 'Other', unread_count: 0 });

    server.clock.advance(hourMs);
    await fetch(`${server.url}${sandboxBasePath}${sandboxActionPaths.conversation(id)}`, {
      method: 'PATCH',
      headers: { [sandboxSessionHeader]: sessionId, 'content-type': 'application/json' },
      body: JSON.stringify({ archived: true, starred: false }),
    });
    await sync();
    const archived = await list('/mailboxes/Inbox/conversations/recent?filter=Archived');
    expect(archived.map((each) => [each.entity_id, each.is_starred])).toEqual([[id, false]]);
  });
});
