import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaDailyUsage } from '../db/schema.ts';
import { startTestServer, type TestServer, testBackends } from '../testing/index.ts';
import {
  activityOf,
  alwaysWorking,
  claim,
  engineUser,
  logCount,
  monday8am,
  planAllAt,
  report,
  runningCampaign,
} from './engine-test-kit.ts';
import { expireLeases, releaseRunnerClaims } from './expire-leases.ts';

const followOnly = [{ type: 'Follow' as const, timeout: 1440 }];

describe.each(testBackends())('lease expiry on $name', ({ databaseUrl }) => {
  let server: TestServer;
  const deps = () => ({ db: server.db, clock: server.clock });

  beforeAll(async () => {
    server = await startTestServer({ clockStart: monday8am, ...(databaseUrl ? { databaseUrl } : {}) });
  });
  afterAll(async () => {
    await server?.close();
  });

  const used = async (personaId: string) =>
    (
      await server.db.select().from(personaDailyUsage).where(eq(personaDailyUsage.personaId, personaId))
    ).reduce((sum, row) => sum + row.used, 0);

  it('a runner that dies after claiming: the lease expires, the next claim has attempt + 1, the late report is fenced', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    await runningCampaign(server, user, { steps: followOnly, contacts: 1 });
    await planAllAt(server, user.personaId, server.clock.now());
    const [first] = await claim(server, user, { leaseSeconds: 60, runnerId: 'dies' });
    if (!first) throw new Error('nothing claimed');
    expect(await expireLeases(deps())).toBe(0);
    server.clock.advance(61_000);
    expect(await expireLeases(deps())).toBe(1);
    expect(await activityOf(server, first.activity_id)).toMatchObject({ state: 'queued', leaseOwner: null });
    expect(await used(user.personaId)).toBe(0);
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
    const user = await engineUser(server, { workingHours: alwaysWorking });
    await runningCampaign(server, user, { steps: followOnly, contacts: 3 });
    await planAllAt(server, user.personaId, server.clock.now());
    const claimed = await claim(server, user, { runnerId: 'stopping' });
    expect(claimed).toHaveLength(3);
    expect(await releaseRunnerClaims(deps(), 'stopping')).toBe(3);
    expect(await used(user.personaId)).toBe(0);
    const again = await claim(server, user);
    expect(again.map((item) => item.attempt)).toEqual([2, 2, 2]);
  });
});
