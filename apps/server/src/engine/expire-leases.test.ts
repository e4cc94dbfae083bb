import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { personaDailyUsage } from '../db/schema.ts';
import {
  activityOf,
  alwaysWorking,
  claim,
  dueAllAt,
  engineUser,
  logCount,
  monday8am,
  nextCheckOf,
  report,
  runningCampaign,
} from '../testing/engine-test-kit.ts';
import { testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { claimActivities } from './claim-activities.ts';
import { expireLeases, releaseRunnerClaims } from './expire-leases.ts';

const followOnly = [{ type: 'Follow' as const, timeout: 1440 }];

describe.each(testBackends())('lease expiry on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl, { clockStart: monday8am });
  const deps = () => ({ db: server.db, clock: server.clock });

  const used = async (personaId: string) =>
    (
      await server.db.select().from(personaDailyUsage).where(eq(personaDailyUsage.personaId, personaId))
    ).reduce((sum, row) => sum + row.used, 0);

  it('a runner that dies after claiming: the lease expires, the next claim has attempt + 1, the late report is fenced', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    await runningCampaign(server, user, { steps: followOnly, contacts: 1 });
    await dueAllAt(server, user.personaId, server.clock.now());
    const [first] = await claim(server, user, { leaseSeconds: 60, runnerId: 'dies' });
    if (!first) throw new Error('nothing claimed');
    expect(await expireLeases(deps())).toBe(0);
    server.clock.advance(61_000);
    expect(await expireLeases(deps())).toBe(1);
    expect(await activityOf(server, first.activity_id)).toMatchObject({ state: 'queued', leaseOwner: null });
    expect(await used(user.personaId)).toBe(0);
    // Queued again, it waits only for the persona's pace (the dead runner may have acted).
    expect(await claim(server, user, { runnerId: 'survivor' })).toEqual([]);
    const paceEnds = await nextCheckOf(server, user.personaId);
    expect(paceEnds?.getTime()).toBeGreaterThan(server.clock.now().getTime());
    server.clock.set(paceEnds ?? new Date());
    const [second] = await claim(server, user, { runnerId: 'survivor' });
    expect(second).toMatchObject({ activity_id: first.activity_id, attempt: 2 });
    expect(await used(user.personaId)).toBe(1);
    // The dead runner's late report (it acted after all) changes nothing.
    expect((await report(server, user, first, 'executed')).body).toEqual({
      accepted: false,
      duplicate: false,
    });
    if (!second) return;
    expect((await report(server, user, second, 'executed')).body.accepted).toBe(true);
    expect(await logCount(server, user.personaId, 'profile_followed')).toBe(1);
    expect(await used(user.personaId)).toBe(1);
  });

  it('graceful shutdown gives back the claims a runner has not started', async () => {
    // A runner acting for three personas (as the cloud runner does) holds one claim of each.
    const users = [];
    for (let index = 0; index < 3; index += 1) {
      const user = await engineUser(server, { workingHours: alwaysWorking });
      await runningCampaign(server, user, { steps: followOnly, contacts: 1 });
      await dueAllAt(server, user.personaId, server.clock.now());
      users.push(user);
    }
    const personaIds = users.map((user) => user.personaId);
    const claimFor = (runnerId: string) =>
      claimActivities(deps(), { personaIds, runnerId, max: 10, leaseSeconds: 300 });
    expect(await claimFor('stopping')).toHaveLength(3);
    expect(await releaseRunnerClaims(deps(), 'stopping')).toBe(3);
    for (const user of users) expect(await used(user.personaId)).toBe(0);
    // After the personas' pace (at most 8 minutes), each is claimed again with the next attempt.
    server.clock.advance(8 * 60_000);
    const again = await claimFor('next');
    expect(again.map((item) => item.attempt)).toEqual([2, 2, 2]);
  });

  it('gives back every unit of one persona and day when several of its claims expire together', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    await runningCampaign(server, user, { steps: followOnly, contacts: 3 });
    await dueAllAt(server, user.personaId, server.clock.now());
    // One claim per persona at a time: the next after its pace (at most 8 minutes).
    const claimed = [];
    for (let round = 0; round < 3; round += 1) {
      claimed.push(...(await claim(server, user, { leaseSeconds: 900, runnerId: 'dies' })));
      server.clock.advance(8 * 60_000);
    }
    expect(claimed).toHaveLength(3);
    expect(await used(user.personaId)).toBe(3);
    server.clock.advance(900_000);
    // (The earlier tests' claims expire too.)
    expect(await expireLeases(deps())).toBeGreaterThanOrEqual(3);
    for (const item of claimed) expect((await activityOf(server, item.activity_id))?.state).toBe('queued');
    expect(await used(user.personaId)).toBe(0);
    // The units are given back once: a second expiry finds nothing more.
    expect(await expireLeases(deps())).toBe(0);
    expect(await used(user.personaId)).toBe(0);
  });
});
