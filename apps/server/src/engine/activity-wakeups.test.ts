import { systemClock } from '@outpilot/domain';
import { createPopulation } from '@outpilot/sandbox';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, activityClaims } from '../db/schema.ts';
import { alwaysWorking, dayMs, engineUser, runningCampaign } from '../testing/engine-test-kit.ts';
import { testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { listenForActivityWakeups, nextCheckAt } from './activity-wakeups.ts';
import { createCloudRunner } from './cloud-runner.ts';

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
    const server = testServerForSuite(backend.databaseUrl);

    it('queuing an activity notifies the listeners on commit, never from a rolled back transaction', async () => {
      const user = await engineUser(server, { workingHours: alwaysWorking });
      const { campaign } = await runningCampaign(server, user, {
        steps: [{ type: 'Follow', timeout: 1440 }],
        contacts: 1,
      });
      const wakeups = await listenForActivityWakeups({
        db: server.db,
        databaseUrl: server.config.databaseUrl,
      });
      const heard: string[] = [];
      wakeups.subscribe((personaId) => heard.push(personaId));
      const requeue = (tx: typeof server.db) =>
        tx.update(activities).set({ state: 'queued' }).where(eq(activities.campaignId, campaign.id));
      try {
        await server.db
          .transaction(async (tx) => {
            await requeue(tx);
            throw new Error('roll back');
          })
          .catch(() => undefined);
        await server.db.transaction(async (tx) => {
          await requeue(tx);
          await requeue(tx);
          expect(heard).toEqual([]);
        });
        expect(await waitFor(async () => heard.length > 0, 2_000)).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 50));
        // Sent twice in one transaction, delivered once.
        expect(heard).toEqual([user.personaId]);
      } finally {
        await wakeups.close();
      }
    });

    it('an idle cloud runner claims what becomes due now at once, and what becomes due soon at its time', async () => {
      const population = createPopulation({
        seed: server.config.sandboxSeed,
        size: server.config.sandboxSize,
      });
      const [first, second, ...others] = population.people.filter((person) => person.isVisible);
      if (!first || !second) throw new Error('no sandbox members');
      const cloudUser = (member: typeof first) =>
        engineUser(server, {
          automationMode: 'cloud',
          networkPublicIdentifier: member.publicIdentifier,
          networkEntityId: member.entityId,
          workingHours: alwaysWorking,
        });
      // Two personas, one activity each: a persona acts at most every 2 minutes (its pace).
      const users = [await cloudUser(first), await cloudUser(second)];
      const ids: string[] = [];
      for (const [index, user] of users.entries()) {
        const target = others[index];
        if (!target) throw new Error('no sandbox member to follow');
        const { campaign } = await runningCampaign(server, user, {
          steps: [{ type: 'Follow', timeout: 1440 }],
          contacts: [
            {
              linkedinPublicIdentifier: target.publicIdentifier,
              linkedinEntityId: target.entityId,
              firstName: target.firstName,
              lastName: target.lastName,
            },
          ],
        });
        // Nothing claimable while the runner goes idle: due in a year.
        const [row] = await server.db
          .update(activities)
          .set({ dueAt: new Date(Date.now() + 365 * dayMs) })
          .where(eq(activities.campaignId, campaign.id))
          .returning({ id: activities.id });
        if (!row) throw new Error('an activity expected');
        ids.push(row.id);
      }
      const [now, soon] = ids as [string, string];

      const wakeups = await listenForActivityWakeups({
        db: server.db,
        databaseUrl: server.config.databaseUrl,
      });
      // The real clock: due times are compared with the time that passes. A minute's poll: only
      // a wake-up or the next check's timer can make the runner claim within the test.
      const deps = { db: server.db, clock: systemClock, publicUrl: server.url };
      const cloud = createCloudRunner({ deps, wakeups, pollIntervalMs: 60_000 });
      const stateOf = async (id: string) =>
        (await server.db.select().from(activities).where(eq(activities.id, id)))[0];
      const dueAt = (id: string, at: Date) =>
        server.db.update(activities).set({ dueAt: at }).where(eq(activities.id, id));
      try {
        await cloud.start();
        expect(
          await waitFor(async () => cloud.runner.state().lastClaimAt !== null, 2_000),
          'the first claim',
        ).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 100));

        await dueAt(now, new Date());
        expect(await waitFor(async () => (await stateOf(now))?.state === 'done', 3_000)).toBe(true);

        const soonAt = new Date(Date.now() + 400);
        await dueAt(soon, soonAt);
        expect(await nextCheckAt(server.db, [users[1]?.personaId ?? ''], new Date(0))).toEqual(soonAt);
        expect(await waitFor(async () => (await stateOf(soon))?.state === 'done', 3_000)).toBe(true);
        // Claimed once, at its time and not before.
        const claims = await server.db
          .select({ claimedAt: activityClaims.claimedAt })
          .from(activityClaims)
          .where(eq(activityClaims.activityId, soon));
        expect(claims).toHaveLength(1);
        expect(claims[0]?.claimedAt.getTime()).toBeGreaterThanOrEqual(soonAt.getTime());
        expect(cloud.runner.state().counts.executed).toBe(2);
      } finally {
        await cloud.stop();
        await wakeups.close();
      }
    }, 20_000);
  });
}
