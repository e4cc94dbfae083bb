import { createVirtualClock } from '@outpilot/domain';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../storage.ts';
import { createFakeActivityNetwork } from '../testing/fake-activity-network.ts';
import { createFakeAutomation } from '../testing/fake-automation.ts';
import { createActivityRunner } from './activity-runner.ts';
import { readSyncCursor } from './sync-network.ts';

const personaId = '00000000-0000-4000-8000-000000000001';
const member = (n: number) => ({
  publicIdentifier: `member-${n}`,
  entityId: `ACoAA${n}`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  degree: 'SECOND' as const,
});

describe('activity runner: sync', () => {
  it('posts connections and conversation messages since the last cursor, after the claim round', async () => {
    const clock = createVirtualClock(new Date('2026-03-02T10:00:00.000Z'));
    const network = createFakeActivityNetwork({ members: [member(1), member(2)], clock });
    const server = createFakeAutomation({ clock });
    const cursors = createMemoryStore();
    const runner = createActivityRunner({
      automation: server.api,
      network: network.client,
      runnerId: 'sync-test',
      personaIds: [personaId],
      clock,
      sleep: async () => undefined,
      random: () => 0.5,
      syncIntervalMs: 60_000,
      cursors,
    });

    const first = await network.client.sendInvitation({ publicIdentifier: 'member-1' });
    network.accept(first.invitationId, new Date('2026-03-02T09:00:00.000Z'));
    await network.client.sendMessage({ publicIdentifier: 'member-1' }, 'Hello');
    clock.advance(60_000);
    network.receive('ACoAA1', 'Hi back', clock.now());

    expect(await runner.runOnce()).toMatchObject({ claimed: 0, synced: true });
    expect(server.connectionSyncs).toEqual([
      {
        persona_id: personaId,
        connections: [
          { public_identifier: 'member-1', entity_id: 'ACoAA1', connected_at: '2026-03-02T09:00:00.000Z' },
        ],
      },
    ]);
    expect(server.conversationSyncs).toEqual([
      {
        persona_id: personaId,
        messages: [
          expect.objectContaining({
            from_self: true,
            from_public_identifier: 'me-000000',
            sent_at: '2026-03-02T10:00:00.000Z',
          }),
          expect.objectContaining({
            from_self: false,
            from_entity_id: 'ACoAA1',
            conversation_id: 'conv-ACoAA1',
            text: 'Hi back',
          }),
        ],
        // The inbox learns each conversation with its participant and state.
        conversations: [
          expect.objectContaining({
            conversation_id: 'conv-ACoAA1',
            participant: expect.objectContaining({ entity_id: 'ACoAA1', first_name: 'First1' }),
            last_activity_at: '2026-03-02T10:01:00.000Z',
          }),
        ],
        next_sync_token: '2026-03-02T10:01:00.000Z',
      },
    ]);

    // Not due again within the interval.
    expect(await runner.runOnce()).toMatchObject({ synced: false });

    clock.advance(60_000);
    const second = await network.client.sendInvitation({ publicIdentifier: 'member-2' });
    network.accept(second.invitationId, clock.now());
    network.receive('ACoAA1', 'One more thing', clock.now());
    await runner.runOnce();

    const since = network.calls.filter((call) => call.method.endsWith('Since')).map((call) => call.args[0]);
    expect(since).toEqual([null, null, '2026-03-02T09:00:00.000Z', '2026-03-02T10:01:00.000Z']);
    expect(server.connectionSyncs[1]?.connections.map((each) => each.entity_id)).toEqual([
      'ACoAA1',
      'ACoAA2',
    ]);
    expect(server.conversationSyncs[1]?.messages.map((each) => each.message_id)).toEqual(['msg-3', 'msg-5']);
    expect(await readSyncCursor(cursors, personaId)).toEqual({
      connectionsSince: '2026-03-02T10:02:00.000Z',
      conversationsToken: '2026-03-02T10:02:00.000Z',
    });
  });
});
