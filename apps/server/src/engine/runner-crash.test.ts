import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createActivityRunner } from '@outpilot/agent';
import { automationBasePath, sandboxBasePath } from '@outpilot/contracts';
import { createPopulation } from '@outpilot/sandbox';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, activityClaims } from '../db/schema.ts';
import {
  alwaysWorking,
  engineUser,
  executionOf,
  logCount,
  monday8am,
  nextCheckOf,
  runningCampaign,
} from '../testing/engine-test-kit.ts';
import { testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { createInProcessAutomation, createSandboxNetworks, openSandboxSession } from './cloud-runner.ts';
import { expireLeases } from './expire-leases.ts';

const childScript = fileURLToPath(new URL('../testing/runner-killed-after-acting.ts', import.meta.url));

/**
 * The reliability checklist's worst case with a real process: a runner sends the invitation,
 * then is killed (SIGKILL) before its report. The activity must come back after its lease, and
 * the next attempt must find the invitation on the network instead of sending a second one.
 */
describe.each(testBackends())('a runner killed after acting, on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl, { clockStart: monday8am });

  it('comes back after its lease and is reconciled with the network, never sent twice', async () => {
    const population = createPopulation({ seed: server.config.sandboxSeed, size: server.config.sandboxSize });
    const sender = population.people.find((person) => person.isVisible && person.isPremium);
    if (!sender) throw new Error('no sandbox member');
    const connected = new Set(population.graph.connectionsOf(sender.index));
    const target = population.people.find(
      (person) => person.index !== sender.index && person.isVisible && !connected.has(person.index),
    );
    if (!target) throw new Error('no one to invite');
    const user = await engineUser(server, {
      networkPublicIdentifier: sender.publicIdentifier,
      networkEntityId: sender.entityId,
      workingHours: alwaysWorking,
    });
    const { campaign } = await runningCampaign(server, user, {
      steps: [{ type: 'Connect', message_template: 'Hi {first_name}', timeout: 14_400, delay: 30 }],
      contacts: [
        {
          linkedinPublicIdentifier: target.publicIdentifier,
          linkedinEntityId: target.entityId,
          firstName: target.firstName,
          lastName: target.lastName,
        },
      ],
    });
    const [activity] = await server.db
      .select()
      .from(activities)
      .where(eq(activities.campaignId, campaign.id));
    if (!activity) throw new Error('no activity queued');
    const sandboxBaseUrl = `${server.url}${sandboxBasePath}`;
    const sessionId = await openSandboxSession(sandboxBaseUrl, sender.publicIdentifier);
    const sentInvitations = async () => {
      const network = await createSandboxNetworks({
        db: server.db,
        clock: server.clock,
        publicUrl: server.url,
      });
      return (await (await network(user.personaId)).listSentInvitations()).filter(
        (invitation) => invitation.entityId === target.entityId,
      );
    };

    // The runner process acts, says so, and is killed before it reports.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        childScript,
        JSON.stringify({
          automationBaseUrl: `${server.url}${automationBasePath}`,
          accessToken: await user.tokenNow(),
          personaId: user.personaId,
          sandboxBaseUrl,
          sessionId,
        }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('acted')) resolve();
      });
      child.on('exit', () => reject(new Error('the runner process ended before acting')));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(await sentInvitations()).toHaveLength(1);
    const [claimed] = await server.db.select().from(activities).where(eq(activities.id, activity.id));
    expect(claimed).toMatchObject({ state: 'claimed', attempt: 1 });

    // Its lease runs out (the runner's default, 5 minutes) and the sweep gives the activity back.
    server.clock.advance(5 * 60_000 - 1);
    expect(await expireLeases(server)).toBe(0);
    server.clock.advance(1);
    expect(await expireLeases(server)).toBe(1);

    // Another runner takes the next attempt once the persona's pace allows, and reconciles.
    const survivor = createActivityRunner({
      automation: createInProcessAutomation(server, () => [user.personaId]),
      network: createSandboxNetworks({ db: server.db, clock: server.clock, publicUrl: server.url }),
      runnerId: 'survivor',
      personaIds: [user.personaId],
      clock: server.clock,
      syncIntervalMs: Number.POSITIVE_INFINITY,
    });
    let round = await survivor.runOnce();
    if (round.claimed === 0) {
      server.clock.set((await nextCheckOf(server, user.personaId)) ?? server.clock.now());
      round = await survivor.runOnce();
    }
    expect(round.performed).toBe(1);

    expect(await sentInvitations()).toHaveLength(1);
    const [done] = await server.db.select().from(activities).where(eq(activities.id, activity.id));
    expect(done).toMatchObject({ state: 'done', attempt: 2, outcome: 'executed' });
    const claims = await server.db
      .select()
      .from(activityClaims)
      .where(eq(activityClaims.activityId, activity.id));
    expect(claims.map((row) => [row.attempt, row.releasedAt !== null])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(await logCount(server, user.personaId, 'invitation_sent')).toBe(1);
    expect((await executionOf(server, activity.executionId)).state).toBe('InProgress');
  }, 60_000);
});
