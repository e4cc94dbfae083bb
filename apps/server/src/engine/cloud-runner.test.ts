import { type ActivityRunnerOptions, createActivityRunner } from '@outpilot/agent';
import {
  campaignSchema,
  type SandboxActivity,
  sandboxActivitySchema,
  sandboxSessionHeader,
} from '@outpilot/contracts';
import { createSeededRandom } from '@outpilot/domain';
import { createPopulation, decideAcceptance, defaultBehaviourOptions } from '@outpilot/sandbox';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, campaigns, contacts, executions } from '../db/schema.ts';
import {
  alwaysWorking,
  dayMs,
  dueAllAt,
  engineUser,
  hourMs,
  monday8am,
  nextCheckOf,
  runningCampaign,
} from '../testing/engine-test-kit.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { applyTimeouts } from './apply-timeouts.ts';
import { createCloudRunner, createInProcessAutomation, createSandboxNetworks } from './cloud-runner.ts';
import { expireLeases } from './expire-leases.ts';

const threeSteps = [
  {
    type: 'Connect' as const,
    message_template: 'Hi {first_name}, shall we connect?',
    timeout: 14_400,
    delay: 30,
  },
  { type: 'Message' as const, message_template: 'Thanks for connecting, {first_name}!', timeout: 4320 },
  { type: 'Message' as const, message_template: 'Following up, {first_name}.', timeout: 4320 },
];

/** A sandbox member as a contact imported from the network. */
const contactOf = (person: {
  publicIdentifier: string;
  entityId: string;
  firstName: string;
  lastName: string;
}) => ({
  linkedinPublicIdentifier: person.publicIdentifier,
  linkedinEntityId: person.entityId,
  firstName: person.firstName,
  lastName: person.lastName,
  fullName: `${person.firstName} ${person.lastName}`,
});

// One backend: the virtual 30-odd days take a few hundred rounds; PGlite keeps them in seconds.
describe('cloud runner over the sandbox network (pglite)', () => {
  const server = testServerForSuite(undefined, { clockStart: monday8am, env: { SANDBOX_SIZE: '1000' } });

  /** The suite's sandbox network, drawn as the server draws it. */
  const sandboxPopulation = () =>
    createPopulation({ seed: server.config.sandboxSeed, size: server.config.sandboxSize });

  /** A user in cloud mode, linked to `sender` on the sandbox network. */
  const cloudUser = (
    sender: { publicIdentifier: string; entityId: string },
    options: { workingHours?: typeof alwaysWorking } = {},
  ) =>
    engineUser(server, {
      automationMode: 'cloud',
      networkPublicIdentifier: sender.publicIdentifier,
      networkEntityId: sender.entityId,
      ...options,
    });

  /** The persona's runner as the cloud runner builds it: in-process automation, the sandbox network. */
  function sandboxRunner(
    personaId: string,
    runnerId: string,
    options: Pick<ActivityRunnerOptions, 'random' | 'maxClaim' | 'leaseSeconds' | 'syncIntervalMs'>,
  ) {
    const deps = { db: server.db, clock: server.clock };
    return createActivityRunner({
      automation: createInProcessAutomation(deps, () => [personaId]),
      network: createSandboxNetworks({ ...deps, publicUrl: server.url }),
      runnerId,
      personaIds: [personaId],
      clock: server.clock,
      sleep: async () => {},
      ...options,
    });
  }

  it('runs a 3-step campaign over 200 sandbox contacts to completion; statistics equal the network', async () => {
    const population = sandboxPopulation();
    const sender = population.people.find((person) => person.isPremium && person.isVisible);
    if (!sender) throw new Error('no premium member');
    const connected = new Set(population.graph.connectionsOf(sender.index));
    const targets = population.people
      .filter((person) => person.index !== sender.index && person.isVisible && !connected.has(person.index))
      .slice(0, 200);
    expect(targets).toHaveLength(200);

    const user = await cloudUser(sender);
    const { campaign } = await runningCampaign(server, user, {
      steps: threeSteps,
      contacts: targets.map((person) => ({ ...contactOf(person), distance: 2 })),
    });

    const random = createSeededRandom(7);
    const runner = sandboxRunner(user.personaId, 'cloud-test', {
      random,
      maxClaim: 50,
      leaseSeconds: 900,
      syncIntervalMs: 0,
    });

    const started = Date.now();
    const deadline = monday8am.getTime() + 60 * dayMs;
    const stateOf = async () =>
      (
        await server.db
          .select({ state: campaigns.state })
          .from(campaigns)
          .where(eq(campaigns.id, campaign.id))
      )[0]?.state;
    // The clock moves to the persona's next turn (its pace, the next working hour, a due time),
    // or 4 hours on while it waits for answers, which the runner's sync picks up.
    const deps = { db: server.db, clock: server.clock };
    let rounds = 0;
    while ((await stateOf()) === 'Running' && server.clock.now().getTime() < deadline) {
      await expireLeases(deps);
      await applyTimeouts(deps);
      for (;;) {
        const round = await runner.runOnce();
        if (round.claimed === 0) break;
      }
      const now = server.clock.now().getTime();
      const next = (await nextCheckOf(server, user.personaId))?.getTime() ?? Number.POSITIVE_INFINITY;
      server.clock.set(new Date(now + Math.max(1, Math.min(next - now, 4 * hourMs))));
      rounds += 1;
    }
    expect(await stateOf()).toBe('Completed');

    const open = await server.db
      .select({ total: sql<number>`count(*)::int` })
      .from(executions)
      .where(
        and(eq(executions.campaignId, campaign.id), sql`${executions.state} in ('InQueue', 'InProgress')`),
      );
    expect(open[0]?.total).toBe(0);

    // What the network recorded for the sender.
    const session = await fetch(`${server.url}/sandbox/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicIdentifier: sender.publicIdentifier }),
    }).then((response) => response.json() as Promise<{ sessionId: string }>);
    const network: SandboxActivity = sandboxActivitySchema.parse(
      await fetch(`${server.url}/sandbox/api/activity`, {
        headers: { [sandboxSessionHeader]: session.sessionId },
      }).then((response) => response.json()),
    );
    const logged = async (action: string) =>
      (
        await server.db
          .select({ total: sql<number>`count(*)::int` })
          .from(activityLog)
          .where(and(eq(activityLog.campaignId, campaign.id), sql`${activityLog.action} = ${action}`))
      )[0]?.total ?? 0;

    const document = await fetch(`${server.url}/api/v1/campaigns/${campaign.id}`, {
      headers: { authorization: `Bearer ${await user.tokenNow()}` },
    }).then(async (response) => campaignSchema.parse(await response.json()));

    expect(network.counts.invitationsSent).toBeGreaterThan(0);
    expect(document.statistics.invitation_sent).toBe(network.counts.invitationsSent);
    expect(document.statistics.messages_sent).toBe(network.counts.messagesSent);
    expect(await logged('invitation_accepted')).toBe(network.counts.invitationsAccepted);
    expect(await logged('invitation_withdrawn')).toBe(network.counts.invitationsWithdrawn);
    expect(network.counts.invitationsPending).toBe(0);
    // Every reply the engine counted is a message the network delivered from that contact.
    const repliers = new Set(
      network.messages
        .filter((message) => message.direction === 'received')
        .map((message) => message.entityId),
    );
    expect(await logged('reply_received')).toBeLessThanOrEqual(repliers.size);
    expect(network.counts.invitationsSent).toBe(200);
    console.info(
      `200 contacts: ${JSON.stringify(network.counts)}; virtual days ${Math.round((server.clock.now().getTime() - monday8am.getTime()) / dayMs)}; ${rounds} rounds; real ${Date.now() - started} ms`,
    );
    // Minutes of work on a shared 2-core host; its speed is not what this test checks.
  }, 600_000);

  it('keeps on the contact what a ScrapeProfile step read from the sandbox profile', async () => {
    const population = sandboxPopulation();
    const [sender, ...targets] = population.people.filter((person) => person.isVisible).slice(200, 204);
    if (!sender) throw new Error('no member');
    const user = await cloudUser(sender, { workingHours: alwaysWorking });
    // Imported long ago: the stored details are stale.
    const { contacts: created } = await runningCampaign(server, user, {
      steps: [{ type: 'ScrapeProfile', timeout: 1440 }],
      contacts: targets.map((person) => ({
        ...contactOf(person),
        occupation: 'Stale headline',
        location: 'Stale town',
      })),
    });
    const runner = sandboxRunner(user.personaId, 'cloud-scrape-test', { syncIntervalMs: 60 * 60_000 });
    // One contact per turn of the persona (its pace): move the clock to each turn.
    for (let turn = 0; turn < targets.length; turn += 1) {
      await dueAllAt(server, user.personaId, server.clock.now());
      expect((await runner.runOnce()).performed).toBe(1);
      const next = await nextCheckOf(server, user.personaId);
      if (next) server.clock.set(next);
    }
    const stored = await server.db
      .select()
      .from(contacts)
      .where(
        inArray(
          contacts.id,
          created.map((contact) => contact.id),
        ),
      );
    for (const person of targets) {
      const contact = stored.find((row) => row.linkedinEntityId === person.entityId);
      expect(contact).toMatchObject({
        occupation: person.headline,
        location: expect.stringContaining(person.location.country),
        isPremium: person.isPremium,
      });
      expect(contact?.contactedAt).not.toBeNull();
    }
  });
  it('syncs its cloud personas from its start, claimed for or not: an acceptance that came while the server was down moves the campaign on', async () => {
    const population = sandboxPopulation();
    const sender = population.people.filter((person) => person.isVisible)[300];
    if (!sender) throw new Error('no member');
    const degrees = population.graph.degreesFrom(sender.index);
    const sentAt = server.clock.now();
    // By the network's own draw: a 2nd-degree member who accepts within a day of the invitation.
    const invitee = population.people.find((person) => {
      if (!person.isVisible || degrees[person.index] !== 'SECOND') return false;
      const acceptedAt = decideAcceptance({
        seed: server.config.sandboxSeed,
        options: defaultBehaviourOptions,
        sender,
        invitee: person,
        attempt: 0,
        hasNote: false,
        degree: 'SECOND',
        sentAt,
      });
      return acceptedAt !== null && acceptedAt.getTime() - sentAt.getTime() < dayMs;
    });
    if (!invitee) throw new Error('nobody accepts within a day');
    const user = await cloudUser(sender, { workingHours: alwaysWorking });
    const { campaign } = await runningCampaign(server, user, {
      steps: [
        { type: 'Connect', timeout: 14_400, delay: 30 },
        { type: 'Message', message_template: 'Thanks for connecting, {first_name}!', timeout: 4320 },
      ],
      contacts: [{ ...contactOf(invitee), distance: 2 }],
    });
    const deps = { db: server.db, clock: server.clock, publicUrl: server.url };
    const before = createCloudRunner({ deps, runnerId: 'cloud-before-restart' });
    await before.refresh();
    await dueAllAt(server, user.personaId, sentAt);
    expect((await before.runner.runOnce()).performed).toBe(1);
    await before.stop();

    // The server is down for a day; the invitee accepts meanwhile. After the restart nothing of the
    // persona is due (the message waits for the acceptance), so its new runner claims nothing.
    server.clock.set(new Date(sentAt.getTime() + dayMs));
    const after = createCloudRunner({ deps, runnerId: 'cloud-after-restart' });
    await after.refresh();
    expect(await after.runner.runOnce()).toMatchObject({ claimed: 0, synced: true });
    await after.stop();

    const accepted = await server.db
      .select({ total: sql<number>`count(*)::int` })
      .from(activityLog)
      .where(
        and(eq(activityLog.campaignId, campaign.id), sql`${activityLog.action} = 'invitation_accepted'`),
      );
    expect(accepted[0]?.total).toBe(1);
  });
});
