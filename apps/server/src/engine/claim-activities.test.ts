import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, personaDailyUsage } from '../db/schema.ts';
import { startTestServer, type TestServer, testBackends } from '../testing/index.ts';
import {
  alwaysWorking,
  claim,
  dayMs,
  engineUser,
  hourMs,
  minuteMs,
  monday8am,
  planAllAt,
  runningCampaign,
} from './engine-test-kit.ts';

const connectOnly = [
  { type: 'Connect' as const, message_template: 'Hi {first_name}', timeout: 14_400, delay: 30 },
];
const followOnly = [{ type: 'Follow' as const, timeout: 1440 }];

describe.each(testBackends())('claim activities on $name', ({ databaseUrl }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ clockStart: monday8am, ...(databaseUrl ? { databaseUrl } : {}) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('claims only inside working hours, leases with attempt + 1 and answers the contract item', async () => {
    const start = server.clock.now();
    const user = await engineUser(server);
    const { contacts } = await runningCampaign(server, user, { steps: connectOnly, contacts: 2 });
    // Outside the hours (before 09:00 on this test's Monday) nothing is claimable, even if planned.
    const dayStart = new Date(Math.floor(start.getTime() / dayMs) * dayMs);
    await planAllAt(server, user.personaId, start);
    const hourOfDay = (start.getTime() - dayStart.getTime()) / hourMs;
    if (hourOfDay < 9) expect(await claim(server, user)).toEqual([]);
    // Inside: both, with lease and rendered note.
    server.clock.set(new Date(Math.max(start.getTime(), dayStart.getTime() + 9 * hourMs)));
    const claimed = await claim(server, user, { leaseSeconds: 120, runnerId: 'r1' });
    expect(claimed).toHaveLength(2);
    const first = claimed.find((item) => item.target.contact_id === contacts[0]?.id);
    expect(first).toMatchObject({
      attempt: 1,
      operation_type: 'Connect',
      step_number: 1,
      persona_id: user.personaId,
      message: `Hi ${contacts[0]?.firstName}`,
      reaction: null,
      network_ref: null,
      target: {
        public_identifier: contacts[0]?.linkedinPublicIdentifier,
        first_name: contacts[0]?.firstName,
      },
    });
    expect(new Date(first?.lease_expires_at ?? 0).getTime()).toBe(server.clock.now().getTime() + 120_000);
    const [row] = await server.db
      .select()
      .from(activities)
      .where(eq(activities.id, first?.activity_id ?? ''));
    expect(row).toMatchObject({ state: 'claimed', attempt: 1, leaseOwner: 'r1' });
    // Claimed ones are not claimed again.
    expect(await claim(server, user)).toEqual([]);
  });

  it('refuses at the end of the working day and on the weekend', async () => {
    const user = await engineUser(server);
    await runningCampaign(server, user, { steps: followOnly, contacts: 2 });
    const now = server.clock.now();
    // Find the next Saturday 10:00 UTC and the next weekday 19:30 UTC after now.
    let saturday = new Date(Math.ceil(now.getTime() / dayMs) * dayMs + 10 * hourMs);
    while (saturday.getUTCDay() !== 6) saturday = new Date(saturday.getTime() + dayMs);
    server.clock.set(new Date(saturday.getTime() - 2 * dayMs + 9.5 * hourMs)); // Thursday 19:30
    await planAllAt(server, user.personaId, server.clock.now());
    expect(await claim(server, user)).toEqual([]);
    server.clock.set(saturday);
    expect(await claim(server, user)).toEqual([]);
    server.clock.set(new Date(saturday.getTime() + 2 * dayMs - hourMs)); // Monday 09:00
    expect(await claim(server, user)).toHaveLength(2);
  });

  it('keeps each daily limit per kind across two campaigns, then gives room the next day', async () => {
    const user = await engineUser(server, {
      dailyInvitationsLimit: 3,
      dailyFollowLimit: 2,
      workingHours: alwaysWorking,
    });
    await runningCampaign(server, user, { steps: connectOnly, contacts: 4, name: 'A' });
    await runningCampaign(server, user, { steps: connectOnly, contacts: 4, name: 'B' });
    await runningCampaign(server, user, { steps: followOnly, contacts: 3, name: 'C' });
    await planAllAt(server, user.personaId, server.clock.now());
    const first = await claim(server, user, { max: 50 });
    expect(first.filter((item) => item.operation_type === 'Connect')).toHaveLength(3);
    expect(first.filter((item) => item.operation_type === 'Follow')).toHaveLength(2);
    expect(await claim(server, user)).toEqual([]);
    const usage = await server.db
      .select()
      .from(personaDailyUsage)
      .where(eq(personaDailyUsage.personaId, user.personaId));
    expect(Object.fromEntries(usage.map((row) => [row.limitKind, row.used]))).toEqual({
      invitations: 3,
      follow: 2,
    });
    // The next UTC day (offset 0) has room again.
    const now = server.clock.now();
    server.clock.set(new Date(Math.floor(now.getTime() / dayMs) * dayMs + dayMs + minuteMs));
    await planAllAt(server, user.personaId, server.clock.now());
    const second = await claim(server, user);
    expect(second.filter((item) => item.operation_type === 'Connect')).toHaveLength(3);
    expect(second.filter((item) => item.operation_type === 'Follow')).toHaveLength(1);
  });

  it("resets the count at the persona's local midnight with a negative offset", async () => {
    const user = await engineUser(server, {
      dailyFollowLimit: 2,
      timezoneOffset: -300,
      workingHours: alwaysWorking,
    });
    await runningCampaign(server, user, { steps: followOnly, contacts: 6 });
    // 04:00 UTC is 23:00 local (UTC-5) of the previous local day.
    const now = server.clock.now();
    const fourUtc = new Date(Math.floor(now.getTime() / dayMs) * dayMs + dayMs + 4 * hourMs);
    server.clock.set(fourUtc);
    await planAllAt(server, user.personaId, fourUtc);
    expect(await claim(server, user)).toHaveLength(2);
    server.clock.set(new Date(fourUtc.getTime() + 59 * minuteMs)); // 23:59 local
    expect(await claim(server, user)).toEqual([]);
    server.clock.set(new Date(fourUtc.getTime() + hourMs)); // 00:00 local, 05:00 UTC
    expect(await claim(server, user)).toHaveLength(2);
    const usage = await server.db
      .select({ day: personaDailyUsage.localDay, used: personaDailyUsage.used })
      .from(personaDailyUsage)
      .where(and(eq(personaDailyUsage.personaId, user.personaId), eq(personaDailyUsage.limitKind, 'follow')));
    expect(usage.map((row) => row.used)).toEqual([2, 2]);
  });

  it('claims only for the caller persona', async () => {
    const owner = await engineUser(server, { workingHours: alwaysWorking });
    const other = await engineUser(server, { workingHours: alwaysWorking });
    await runningCampaign(server, owner, { steps: followOnly, contacts: 2 });
    await planAllAt(server, owner.personaId, server.clock.now());
    expect(await claim(server, other)).toEqual([]);
    const answer = await fetch(`${server.url}/automation/v1/activities/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ runner_id: 'x', max: 1, lease_seconds: 60 }),
    });
    expect(answer.status).toBe(403);
    expect(await claim(server, owner)).toHaveLength(2);
  });
});
