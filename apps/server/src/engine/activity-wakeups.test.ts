import { systemClock } from '@outpilot/domain';
import { createPopulation } from '@outpilot/sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, activityClaims } from '../db/schema.ts';
import { startTestServer, type TestServer, testBackends } from '../testing/index.ts';
import { listenForActivityWakeups, nextPlannedAt, notifyActivitiesPlanned } from './activity-wakeups.ts';
import { createCloudRunner } from './cloud-runner.ts';
import { alwaysWorking, dayMs, engineUser, runningCampaign } from './engine-test-kit.ts';

const waitFor = async (check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
};

for (const backend of testBackends()) {
  describe(`activity wake-ups (${backend.name})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(backend.databaseUrl ? { databaseUrl: backend.databaseUrl } : {});
    });
    afterAll(async () => {
      await server?.close();
    });

    it('a notification reaches the listeners on commit, and never from a rolled back transaction', async () => {
      const wakeups = await listenForActivityWakeups({
        db: server.db,
        databaseUrl: server.config.databaseUrl,
      });
      const heard: string[] = [];
      wakeups.subscribe((personaId) => heard.push(personaId));
      try {
        await server.db
          .transaction(async (tx) => {
            await notifyActivitiesPlanned(tx, 'rolled-back');
            throw new Error('roll back');
          })
          .catch(() => undefined);
        await server.db.transaction(async (tx) => {
          await notifyActivitiesPlanned(tx, 'persona-a');
          await notifyActivitiesPlanned(tx, 'persona-a');
          expect(heard).toEqual([]);
        });
        expect(await waitFor(async () => heard.length > 0, 2_000)).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(heard).toEqual(['persona-a']);
      } finally {
        await wakeups.close();
      }
    });

    it('an idle cloud runner claims what is planned now at once, and what is planned soon at its time', async () => {
      const population = createPopulation({
        seed: server.config.sandboxSeed,
        size: server.config.sandboxSize,
      });
      const [sender, ...others] = population.people.filter((person) => person.isVisible);
      if (!sender) throw new Error('no sandbox member');
      const user = await engineUser(server, {
        automationMode: 'cloud',
        networkPublicIdentifier: sender.publicIdentifier,
        networkEntityId: sender.entityId,
        workingHours: alwaysWorking,
      });
      const { campaign } = await runningCampaign(server, user, {
        steps: [{ type: 'Follow', timeout: 1440 }],
        contacts: others.slice(0, 2).map((person) => ({
          linkedinPublicIdentifier: person.publicIdentifier,
          linkedinEntityId: person.entityId,
          firstName: person.firstName,
          lastName: person.lastName,
        })),
      });
      // Nothing claimable while the runner goes idle: due in a year, so no re-plan places them.
      await server.db
        .update(activities)
        .set({ plannedAt: null, dueAt: new Date(Date.now() + 365 * dayMs) })
        .where(eq(activities.campaignId, campaign.id));
      const [first, second] = await server.db
        .select({ id: activities.id })
        .from(activities)
        .where(eq(activities.campaignId, campaign.id));
      if (!first || !second) throw new Error('two activities expected');

      const wakeups = await listenForActivityWakeups({
        db: server.db,
        databaseUrl: server.config.databaseUrl,
      });
      // The real clock: planned times are compared with the time that passes. A minute's poll:
      // only a wake-up or the planned time can make the runner claim within the test.
      const deps = { db: server.db, clock: systemClock, publicUrl: server.url };
      const cloud = createCloudRunner({ deps, wakeups, pollIntervalMs: 60_000 });
      const stateOf = async (id: string) =>
        (await server.db.select().from(activities).where(eq(activities.id, id)))[0];
      const plan = (id: string, at: Date) =>
        server.db.transaction(async (tx) => {
          await tx.update(activities).set({ plannedAt: at, dueAt: at }).where(eq(activities.id, id));
          await notifyActivitiesPlanned(tx, user.personaId);
        });
      try {
        await cloud.start();
        expect(
          await waitFor(async () => cloud.runner.state().lastClaimAt !== null, 2_000),
          'the first claim',
        ).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 100));

        await plan(first.id, new Date());
        expect(await waitFor(async () => (await stateOf(first.id))?.state === 'done', 3_000)).toBe(true);

        const soon = new Date(Date.now() + 400);
        await plan(second.id, soon);
        expect(await nextPlannedAt(server.db, [user.personaId], new Date())).toEqual(soon);
        expect(await waitFor(async () => (await stateOf(second.id))?.state === 'done', 3_000)).toBe(true);
        // Claimed once, at its time and not before.
        const claims = await server.db
          .select({ claimedAt: activityClaims.claimedAt })
          .from(activityClaims)
          .where(eq(activityClaims.activityId, second.id));
        expect(claims).toHaveLength(1);
        expect(claims[0]?.claimedAt.getTime()).toBeGreaterThanOrEqual(soon.getTime());
        expect(cloud.runner.state().counts.executed).toBe(2);
      } finally {
        await cloud.stop();
        await wakeups.close();
      }
    }, 20_000);
  });
}
