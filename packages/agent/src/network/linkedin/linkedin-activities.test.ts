import type { OperationType } from '@outpilot/contracts';
import { createVirtualClock } from '@outpilot/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActivityRunner } from '../../activity-runner/activity-runner.ts';
import { createFakeAutomation, type FakeActivity } from '../../testing/fake-automation.ts';
import { type LinkedInStandIn, startLinkedInStandIn } from '../../testing/linkedin-stand-in.ts';
import { LinkedInNetworkClient } from './linkedin-network-client.ts';

/**
 * A campaign's activities performed by the agent's activity runner through the LinkedIn adapter,
 * against the LinkedIn stand-in: the engine's side is the in-memory automation service.
 */
const personaId = '00000000-0000-4000-8000-000000000001';
let sequence = 0;
let standIn: LinkedInStandIn;

function activityOf(
  operation: OperationType,
  memberIndex: number,
  message: string | null = null,
): FakeActivity {
  const member = standIn.state.members[memberIndex];
  if (!member) throw new Error(`No member ${memberIndex}`);
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    activity_id: id,
    persona_id: personaId,
    campaign_id: '00000000-0000-4000-9000-000000000001',
    execution_id: id.replace('8000', 'a000'),
    step_number: operation === 'Connect' ? 1 : 2,
    operation_type: operation,
    target: {
      contact_id: id.replace('8000', 'b000'),
      public_identifier: member.slug,
      entity_id: member.id,
      profile_url: `https://www.linkedin.com/in/${member.slug}`,
      first_name: member.firstName,
      last_name: member.lastName,
    },
    message,
    reaction: null,
    network_ref: null,
  };
}

function runnerFor(
  server: ReturnType<typeof createFakeAutomation>,
  clock: ReturnType<typeof createVirtualClock>,
  runnerId = 'runner',
) {
  const network = new LinkedInNetworkClient({
    baseUrl: standIn.url,
    fetch: standIn.fetch,
    readCookie: async (name) => standIn.cookies.get(name) ?? null,
    pacing: { minMs: 0, maxMs: 0 },
  });
  return createActivityRunner({
    automation: server.api,
    network,
    runnerId,
    personaIds: [personaId],
    clock,
    sleep: async (milliseconds) => {
      clock.advance(milliseconds);
    },
    random: () => 0.5,
    retry: { attempts: 2, baseDelayMs: 1_000, maxDelayMs: 2_000 },
    syncIntervalMs: 60_000,
  });
}

beforeEach(async () => {
  standIn = await startLinkedInStandIn();
});
afterEach(() => standIn.close());

describe('a campaign on LinkedIn through the adapter', () => {
  it('Connect with a note, then (once accepted) Message: each performed once on LinkedIn', async () => {
    const clock = createVirtualClock(new Date());
    const server = createFakeAutomation({ clock });
    const connect = activityOf('Connect', 0, 'Hi Bob, glad to connect');
    server.add(connect);
    await runnerFor(server, clock).runOnce();
    expect(server.acceptedOf(connect.activity_id)).toEqual([
      expect.objectContaining({ outcome: 'executed' }),
    ]);
    expect(standIn.state.invitations).toEqual([
      expect.objectContaining({ to: standIn.state.members[0]?.id, message: 'Hi Bob, glad to connect' }),
    ]);

    // Bob accepts.
    const [invitation] = standIn.state.invitations;
    if (invitation) invitation.state = 'accepted';
    standIn.state.connections.push({ to: standIn.state.members[0]?.id ?? '', createdAt: Date.now() });
    const message = activityOf('Message', 0, 'Thanks for connecting');
    server.add(message);
    await runnerFor(server, clock).runOnce();
    expect(server.acceptedOf(message.activity_id)).toEqual([
      expect.objectContaining({ outcome: 'executed' }),
    ]);
    expect(
      standIn.state.conversations.flatMap((conversation) => conversation.messages.map((entry) => entry.text)),
    ).toEqual(['Thanks for connecting']);
  });

  it('the session expiring mid-campaign pauses with NotAuthenticated; after sign-in each action happens once', async () => {
    const clock = createVirtualClock(new Date());
    const first = createFakeAutomation({ clock });
    const connect = activityOf('Connect', 1);
    const follow = activityOf('Follow', 2);
    first.add(connect);
    first.add(follow);
    standIn.state.session = 'expired';
    await runnerFor(first, clock).runOnce();
    for (const each of [connect, follow]) {
      expect(first.acceptedOf(each.activity_id)[0]).toMatchObject({
        outcome: 'error',
        error: { name: 'NotAuthenticated', transient: true },
      });
    }
    expect(standIn.state.invitations).toEqual([]);

    // Signed in again; the engine hands the same activities out again, and a first runner dies after acting.
    standIn.state.session = 'ok';
    const second = createFakeAutomation({ clock, activities: [connect, follow] });
    second.faults.failReports = () => new Error('killed');
    await runnerFor(second, clock).runOnce();
    second.faults.failReports = null;
    second.expireLeases();
    await runnerFor(second, clock, 'second-runner').runOnce();
    for (const each of [connect, follow]) {
      expect(second.acceptedOf(each.activity_id)).toEqual([
        expect.objectContaining({ attempt: 2, outcome: 'executed', reconciled: true }),
      ]);
    }
    expect(standIn.state.invitations).toHaveLength(1);
    expect([...standIn.state.follows]).toEqual([standIn.state.members[2]?.id]);
  });
});
