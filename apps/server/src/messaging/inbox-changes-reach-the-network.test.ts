import { toConversationsSync } from '@outpilot/agent';
import {
  conversationsResponseSchema,
  type SandboxConversation,
  sandboxActionPaths,
  sandboxBasePath,
  sandboxSessionHeader,
} from '@outpilot/contracts';
import { createPopulation } from '@outpilot/sandbox';
import { describe, expect, it } from 'vitest';
import { createSandboxNetworks, openSandboxSession } from '../engine/cloud-runner.ts';
import {
  automation,
  automationCall,
  dayMs,
  engineUser,
  minuteMs,
  monday8am,
} from '../testing/engine-test-kit.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

/**
 * Every change made in the inbox reaches the sandbox network (issue 23: "sends every change back
 * to the network"): the test reads the network's own answers, not the inbox's store.
 */
describe('inbox changes reach the network', () => {
  const server = testServerForSuite(undefined, { clockStart: monday8am });
  const population = () =>
    createPopulation({ seed: server.config.sandboxSeed, size: server.config.sandboxSize });

  /**
   * A workspace linked to a sandbox member who messaged their connections a week ago, synced into
   * the inbox; `replied` is a conversation the other side answered.
   */
  async function linkedInbox(memberOffset: number) {
    const people = population();
    // Invisible members ("LinkedIn Member") cannot be messaged.
    const friendsOf = (index: number) =>
      people.graph
        .connectionsOf(index)
        .map((friendIndex) => people.people[friendIndex])
        .filter((friend) => friend?.isVisible);
    const sender = people.people
      .filter((person) => person.isVisible && friendsOf(person.index).length >= 15)
      .at(memberOffset);
    if (!sender) throw new Error('no well-connected member');
    const user = await engineUser(server, {
      networkPublicIdentifier: sender.publicIdentifier,
      networkEntityId: sender.entityId,
      networkGivenName: sender.firstName,
      networkFamilyName: sender.lastName,
    });
    const networkOf = createSandboxNetworks({ db: server.db, clock: server.clock, publicUrl: server.url });
    const network = await networkOf(user.personaId);
    for (const friend of friendsOf(sender.index).slice(0, 15)) {
      if (friend) {
        await network.sendMessage(
          { publicIdentifier: friend.publicIdentifier, entityId: friend.entityId },
          `Hello ${friend.firstName}`,
        );
      }
    }
    server.clock.advance(11 * dayMs);
    const fresh = await networkOf(user.personaId);
    const me = await fresh.getMyProfile();
    if (!me) throw new Error('signed out');
    const conversations = await fresh.listConversationsSince(null);
    const synced = toConversationsSync(me, conversations, null);
    const answer = await automation(server, user, '/sync/conversations', {
      persona_id: user.personaId,
      ...synced,
      next_sync_token: null,
    });
    expect(answer.status).toBe(200);
    // A conversation the member started (not one the network brought, like an InMail).
    const started = conversations.filter((each) => each.messages[0]?.fromEntityId === sender.entityId);
    const replied = started.find((each) =>
      each.messages.some((message) => message.fromEntityId !== sender.entityId),
    );
    if (!replied) throw new Error('nobody replied');
    const reply = replied.messages.find((message) => message.fromEntityId !== sender.entityId);
    const quiet = started.find((each) => each.id !== replied.id);
    if (!reply || !quiet) throw new Error('too few conversations');
    const sessionId = await openSandboxSession(`${server.url}${sandboxBasePath}`, sender.publicIdentifier);
    /** The conversation as the network shows it to the member now (undefined: not in their inbox). */
    const onNetwork = async (conversationId: string): Promise<SandboxConversation | undefined> => {
      const response = await fetch(`${server.url}${sandboxBasePath}${sandboxActionPaths.conversations}`, {
        headers: { [sandboxSessionHeader]: sessionId },
      });
      return conversationsResponseSchema
        .parse(await response.json())
        .conversations.find((each) => each.conversationId === conversationId);
    };
    const call = (method: string, path: string, body?: unknown) =>
      automationCall(server, user, method, path, body);
    return {
      user,
      network: fresh,
      replied: replied.id,
      reply: reply.messageId,
      quiet: quiet.id,
      onNetwork,
      call,
    };
  }

  const ids = (answer: { body: { conversations: { entity_id: string }[] } }) =>
    answer.body.conversations.map((each) => each.entity_id);

  it('star, archive, focused/other, read and unread are set on the network and shown by the inbox', async () => {
    const { replied, onNetwork, call } = await linkedInbox(0);

    expect((await call('PUT', `/conversations/${replied}/star`)).body.conversation.is_starred).toBe(true);
    expect(await onNetwork(replied)).toMatchObject({ starred: true });
    expect(ids(await call('GET', '/mailboxes/Inbox/conversations/recent?filter=Starred'))).toEqual([replied]);
    await call('PUT', `/conversations/${replied}/unstar`);
    expect(await onNetwork(replied)).toMatchObject({ starred: false });

    await call('PUT', `/conversations/${replied}/archive`);
    expect(await onNetwork(replied)).toMatchObject({ archived: true });
    expect(ids(await call('GET', '/mailboxes/Inbox/conversations/recent?filter=Archived'))).toEqual([
      replied,
    ]);
    expect(ids(await call('GET', '/mailboxes/Inbox/conversations/recent'))).not.toContain(replied);
    await call('PUT', `/conversations/${replied}/unarchive`);
    expect(await onNetwork(replied)).toMatchObject({ archived: false });

    await call('PUT', `/conversations/${replied}/other`);
    expect(await onNetwork(replied)).toMatchObject({ mailbox: 'Other' });
    // The network's own Other conversations (a connection's message it sorted there) stay beside it.
    expect(ids(await call('GET', '/mailboxes/Other/conversations/recent'))).toContain(replied);
    expect(ids(await call('GET', '/mailboxes/Focused/conversations/recent'))).not.toContain(replied);
    await call('PUT', `/conversations/${replied}/focused`);
    expect(await onNetwork(replied)).toMatchObject({ mailbox: 'Focused' });

    await call('PUT', `/conversations/${replied}/read`);
    expect(await onNetwork(replied)).toMatchObject({ unreadCount: 0 });
    await call('PUT', `/conversations/${replied}/unread`);
    expect((await onNetwork(replied))?.unreadCount).toBeGreaterThan(0);
    expect((await call('GET', '/messaging/unread-conversations-counters')).body.Inbox).toBeGreaterThan(0);
  });

  it('reactions, edits and deletes reach the network; a repeat changes nothing more', async () => {
    const { replied, reply, onNetwork, call } = await linkedInbox(1);
    const thumbs = encodeURIComponent('👍');
    const reactionPath = `/conversations/${replied}/events/${reply}/reactions/${thumbs}`;
    const chips = async () =>
      (await onNetwork(replied))?.messages.find((each) => each.messageId === reply)?.reactions;

    // The screen's retry of a reaction (the answer was lost) is the same reaction, once.
    expect((await call('POST', reactionPath)).status).toBe(200);
    const again = await call('POST', reactionPath);
    expect(again.body.event.reaction_summaries).toEqual([{ emoji: '👍', count: 1, viewerReacted: true }]);
    expect(await chips()).toEqual([{ emoji: '👍', count: 1, viewerReacted: true }]);
    await call('DELETE', reactionPath);
    expect(await chips()).toEqual([]);

    const sent = await call('POST', `/conversations/${replied}/events`, {
      attachments: [],
      message: 'Typo hre',
    });
    expect(sent.status).toBe(201);
    const own = sent.body.event.message_id as string;
    const ownOnNetwork = async () =>
      (await onNetwork(replied))?.messages.find((each) => each.messageId === own);
    server.clock.advance(minuteMs);
    const edited = await call('PUT', `/conversations/${replied}/events/${own}`, { message: 'Typo here' });
    expect(edited.body.event).toMatchObject({ text: 'Typo here', render_format: 'EDITED' });
    expect(await ownOnNetwork()).toMatchObject({ text: 'Typo here', edited: true });

    expect((await call('DELETE', `/conversations/${replied}/events/${own}`)).status).toBe(204);
    expect(await ownOnNetwork()).toMatchObject({ text: '', recalled: true });
    const thread = await call('GET', `/conversations/${replied}/events/recent`);
    expect(thread.body.events.at(-1)).toMatchObject({ message_id: own, render_format: 'RECALLED' });
  });

  it('a change the network refuses leaves the inbox as it was', async () => {
    const { network, replied, onNetwork, call } = await linkedInbox(2);
    const sent = await call('POST', `/conversations/${replied}/events`, {
      attachments: [],
      message: 'Draft',
    });
    const own = sent.body.event.message_id as string;
    // Recalled on the network (another device) before the inbox learnt of it: the edit is refused.
    await network.deleteMessage(replied, own);
    const refused = await call('PUT', `/conversations/${replied}/events/${own}`, { message: 'Final' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This message has been deleted');
    const thread = await call('GET', `/conversations/${replied}/events/recent`);
    expect(thread.body.events.at(-1)).toMatchObject({
      message_id: own,
      text: 'Draft',
      render_format: 'normal',
    });
    expect((await onNetwork(replied))?.messages.find((each) => each.messageId === own)).toMatchObject({
      recalled: true,
    });
  });

  it('a deleted conversation leaves the network inbox and the app; others stay', async () => {
    const { replied, quiet, onNetwork, call } = await linkedInbox(3);
    expect((await call('DELETE', `/conversations/${quiet}`)).status).toBe(204);
    expect(await onNetwork(quiet)).toBeUndefined();
    expect(await onNetwork(replied)).toBeDefined();
    expect((await call('GET', `/conversations/${quiet}/events/recent`)).status).toBe(404);
    expect(ids(await call('GET', '/mailboxes/Inbox/conversations/recent'))).toContain(replied);
  });
});
