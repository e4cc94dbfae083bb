import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, personaDailyUsage, personaRuntime } from '../db/schema.ts';
import {
  alwaysWorking,
  claim,
  claimUntil,
  dayMs,
  dueAllAt,
  engineUser,
  hourMs,
  minuteMs,
  monday8am,
  nextCheckOf,
  runningCampaign,
} from '../testing/engine-test-kit.ts';
import { callApi, testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { forecastPersonaQueue } from './forecast-persona-queue.ts';

const connectOnly = [
  { type: 'Connect' as const, message_template: 'Hi {first_name}', timeout: 14_400, delay: 30 },
];
const followOnly = [{ type: 'Follow' as const, timeout: 1440 }];

/** The next UTC midnight after `at`, plus `hours`. */
const nextDayAt = (at: Date, hours: number) =>
  new Date(Math.floor(at.getTime() / dayMs) * dayMs + dayMs + hours * hourMs);

describe.each(testBackends())('claim activities on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl, { clockStart: monday8am });

  it('claims one activity of a persona at a time, inside working hours, with the lease and the contract item', async () => {
    const user = await engineUser(server);
    const { contacts } = await runningCampaign(server, user, { steps: connectOnly, contacts: 2 });
    // A Monday (the test hours: Mon-Fri 09:00-19:00 UTC), 08:00: outside the hours nothing is claimed.
    const monday = nextDayAt(server.clock.now(), 0);
    while (monday.getUTCDay() !== 1) monday.setTime(monday.getTime() + dayMs);
    server.clock.set(new Date(monday.getTime() + 8 * hourMs));
    await dueAllAt(server, user.personaId, server.clock.now());
    expect(await claim(server, user)).toEqual([]);
    // The claim said when to look again: the start of the working day.
    expect(await nextCheckOf(server, user.personaId)).toEqual(new Date(monday.getTime() + 9 * hourMs));

    server.clock.set(new Date(monday.getTime() + 9 * hourMs));
    const [first, ...more] = await claim(server, user, { leaseSeconds: 120, runnerId: 'r1' });
    expect(more).toEqual([]);
    const contact = contacts.find((row) => row.id === first?.target.contact_id);
    expect(first).toMatchObject({
      attempt: 1,
      operation_type: 'Connect',
      step_number: 1,
      persona_id: user.personaId,
      message: `Hi ${contact?.firstName}`,
      reaction: null,
      network_ref: null,
      target: { public_identifier: contact?.linkedinPublicIdentifier, first_name: contact?.firstName },
    });
    expect(new Date(first?.lease_expires_at ?? 0).getTime()).toBe(server.clock.now().getTime() + 120_000);
    const [row] = await server.db
      .select()
      .from(activities)
      .where(eq(activities.id, first?.activity_id ?? ''));
    expect(row).toMatchObject({ state: 'claimed', attempt: 1, leaseOwner: 'r1' });
    // Not a burst: the second waits for the persona's pace, 2 to 8 minutes.
    expect(await claim(server, user)).toEqual([]);
    const paceEnds = await nextCheckOf(server, user.personaId);
    const gap = (paceEnds?.getTime() ?? 0) - server.clock.now().getTime();
    expect(gap).toBeGreaterThanOrEqual(2 * minuteMs);
    expect(gap).toBeLessThan(8 * minuteMs);
    server.clock.set(new Date((paceEnds?.getTime() ?? 0) - 1));
    expect(await claim(server, user)).toEqual([]);
    server.clock.set(paceEnds ?? new Date());
    const [second] = await claim(server, user);
    expect(second?.target.contact_id).not.toBe(first?.target.contact_id);
    // Claimed ones are never claimed again.
    server.clock.set(new Date(server.clock.now().getTime() + hourMs));
    expect(await claim(server, user)).toEqual([]);
    expect(await nextCheckOf(server, user.personaId)).toBeNull();
  });

  it('waits out the end of the working day and the weekend', async () => {
    const user = await engineUser(server);
    await runningCampaign(server, user, { steps: followOnly, contacts: 2 });
    let saturday = nextDayAt(server.clock.now(), 10);
    while (saturday.getUTCDay() !== 6) saturday = new Date(saturday.getTime() + dayMs);
    server.clock.set(new Date(saturday.getTime() - 2 * dayMs + 9.5 * hourMs)); // Thursday 19:30
    await dueAllAt(server, user.personaId, server.clock.now());
    expect(await claim(server, user)).toEqual([]);
    // Looked at again on Friday 09:00, not before.
    expect(await nextCheckOf(server, user.personaId)).toEqual(new Date(saturday.getTime() - dayMs - hourMs));
    server.clock.set(saturday);
    expect(await claim(server, user)).toEqual([]);
    const monday9 = new Date(saturday.getTime() + 2 * dayMs - hourMs);
    expect(await nextCheckOf(server, user.personaId)).toEqual(monday9);
    server.clock.set(monday9);
    const claimed = await claimUntil(server, user, new Date(monday9.getTime() + hourMs));
    expect(claimed).toHaveLength(2);
  });

  it('keeps each daily limit per kind across campaigns, then gives room the next day', async () => {
    const user = await engineUser(server, {
      dailyInvitationsLimit: 3,
      dailyFollowLimit: 2,
      workingHours: alwaysWorking,
    });
    await runningCampaign(server, user, { steps: connectOnly, contacts: 4, name: 'A' });
    await runningCampaign(server, user, { steps: connectOnly, contacts: 4, name: 'B' });
    await runningCampaign(server, user, { steps: followOnly, contacts: 3, name: 'C' });
    const dayStart = nextDayAt(server.clock.now(), 0);
    server.clock.set(dayStart);
    await dueAllAt(server, user.personaId, dayStart);
    const first = await claimUntil(server, user, new Date(dayStart.getTime() + dayMs - 1));
    expect(first.filter((item) => item.operation_type === 'Connect')).toHaveLength(3);
    expect(first.filter((item) => item.operation_type === 'Follow')).toHaveLength(2);
    const usage = await server.db
      .select()
      .from(personaDailyUsage)
      .where(eq(personaDailyUsage.personaId, user.personaId));
    expect(Object.fromEntries(usage.map((row) => [row.limitKind, row.used]))).toEqual({
      invitations: 3,
      follow: 2,
    });
    // Nothing more today: the next check is the next local midnight (offset 0).
    expect(await nextCheckOf(server, user.personaId)).toEqual(new Date(dayStart.getTime() + dayMs));
    server.clock.set(new Date(dayStart.getTime() + dayMs));
    const second = await claimUntil(server, user, new Date(dayStart.getTime() + 2 * dayMs - 1));
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
    const fourUtc = nextDayAt(server.clock.now(), 4);
    server.clock.set(fourUtc);
    await dueAllAt(server, user.personaId, fourUtc);
    expect(await claimUntil(server, user, new Date(fourUtc.getTime() + 59 * minuteMs))).toHaveLength(2);
    // 00:00 local, 05:00 UTC: the next check, and room again.
    expect(await nextCheckOf(server, user.personaId)).toEqual(new Date(fourUtc.getTime() + hourMs));
    server.clock.set(new Date(fourUtc.getTime() + hourMs));
    expect(await claimUntil(server, user, new Date(fourUtc.getTime() + 2 * hourMs))).toHaveLength(2);
    const usage = await server.db
      .select({ day: personaDailyUsage.localDay, used: personaDailyUsage.used })
      .from(personaDailyUsage)
      .where(and(eq(personaDailyUsage.personaId, user.personaId), eq(personaDailyUsage.limitKind, 'follow')));
    expect(usage.map((row) => row.used)).toEqual([2, 2]);
  });

  it('takes a backlog one action at a time, 2 to 8 minutes apart', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    await runningCampaign(server, user, { steps: followOnly, contacts: 8 });
    // Everything became due hours ago (a runner that was away): no burst on its return.
    const start = nextDayAt(server.clock.now(), 12);
    await dueAllAt(server, user.personaId, new Date(start.getTime() - 6 * hourMs));
    server.clock.set(start);
    const times: number[] = [];
    await claimUntil(server, user, new Date(start.getTime() + 2 * hourMs), {
      onClaimed: async () => {
        times.push(server.clock.now().getTime());
      },
    });
    expect(times).toHaveLength(8);
    expect(times[0]).toBe(start.getTime());
    for (let index = 1; index < times.length; index += 1) {
      const gap = (times[index] ?? 0) - (times[index - 1] ?? 0);
      expect(gap).toBeGreaterThanOrEqual(2 * minuteMs);
      expect(gap).toBeLessThan(8 * minuteMs);
    }
  });

  it('claims each activity when the forecast said it would', async () => {
    const user = await engineUser(server, { dailyFollowLimit: 3, dailyInvitationsLimit: 2 });
    await runningCampaign(server, user, { steps: followOnly, contacts: 5 });
    await runningCampaign(server, user, { steps: connectOnly, contacts: 4 });
    const { runsAt } = await forecastPersonaQueue(server.db, user.personaId, server.clock.now());
    expect(runsAt.size).toBe(9);
    const claimedAt = new Map<string, number>();
    await claimUntil(server, user, new Date(server.clock.now().getTime() + 7 * dayMs), {
      onClaimed: async (activity) => {
        claimedAt.set(activity.activity_id, server.clock.now().getTime());
      },
    });
    expect(claimedAt.size).toBe(9);
    for (const [id, at] of runsAt) expect(claimedAt.get(id)).toBe(at.getTime());
  });

  it('looks at the queue again at once when the user raises a limit', async () => {
    const user = await engineUser(server, { dailyFollowLimit: 5, workingHours: alwaysWorking });
    await runningCampaign(server, user, { steps: followOnly, contacts: 8 });
    const start = nextDayAt(server.clock.now(), 10);
    server.clock.set(start);
    await dueAllAt(server, user.personaId, start);
    expect(await claimUntil(server, user, new Date(start.getTime() + 2 * hourMs))).toHaveLength(5);
    expect(await nextCheckOf(server, user.personaId)).toEqual(new Date(start.getTime() + 14 * hourMs));
    const limits = await callApi(server.url, 'PUT', '/workspace/daily-limits', await user.tokenNow(), {
      daily_linkedin_follow_limit: 10,
      daily_linkedin_invitations_limit: 20,
      daily_linkedin_messages_limit: 25,
      daily_linkedin_react_on_post_limit: 25,
    });
    expect(limits.status).toBe(200);
    expect(await nextCheckOf(server, user.personaId)).toEqual(server.clock.now());
    expect(await claim(server, user)).toHaveLength(1);
  });

  it('keeps the daily limit per local day when the timezone offset moves across midnight (a DST change)', async () => {
    const user = await engineUser(server, {
      dailyFollowLimit: 2,
      timezoneOffset: 60,
      workingHours: alwaysWorking,
    });
    await runningCampaign(server, user, { steps: followOnly, contacts: 8 });
    // 22:00 UTC is 23:00 local at +01:00.
    const elevenPm = nextDayAt(server.clock.now(), 22);
    server.clock.set(elevenPm);
    await dueAllAt(server, user.personaId, elevenPm);
    expect(await claimUntil(server, user, new Date(elevenPm.getTime() + 40 * minuteMs))).toHaveLength(2);
    const setOffset = async (offset: number) => {
      const answer = await callApi(server.url, 'PUT', '/workspace/timezone-offset', await user.tokenNow(), {
        timezone_offset: offset,
      });
      expect(answer.status).toBe(200);
    };
    // Clocks go forward: +02:00 makes it 00:45 of the next local day, which has its own count.
    server.clock.set(new Date(elevenPm.getTime() + 45 * minuteMs));
    await setOffset(120);
    expect(await claimUntil(server, user, new Date(elevenPm.getTime() + 55 * minuteMs))).toHaveLength(2);
    // And back: at +01:00 it is 23:56 of the first day again, whose 2 are spent. Its midnight
    // starts the second day, whose 2 were spent at +02:00: nothing more on either day.
    server.clock.set(new Date(elevenPm.getTime() + 56 * minuteMs));
    await setOffset(60);
    const midnight = new Date(elevenPm.getTime() + hourMs);
    expect(await claimUntil(server, user, new Date(midnight.getTime() - 1))).toEqual([]);
    // The next check is that midnight, or the persona's pace after its last action if that ends later
    // (a 2-8 minute gap drawn per persona: the last action was at 22:47-22:53 UTC).
    const [runtime] = await server.db
      .select({ nextActionAt: personaRuntime.nextActionAt })
      .from(personaRuntime)
      .where(eq(personaRuntime.personaId, user.personaId));
    const paceEnds = runtime?.nextActionAt?.getTime() ?? 0;
    expect(await nextCheckOf(server, user.personaId)).toEqual(
      new Date(Math.max(midnight.getTime(), paceEnds)),
    );
    server.clock.set(midnight);
    expect(await claimUntil(server, user, new Date(midnight.getTime() + 2 * hourMs))).toEqual([]);
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
    await dueAllAt(server, owner.personaId, server.clock.now());
    expect(await claim(server, other)).toEqual([]);
    const answer = await fetch(`${server.url}/automation/v1/activities/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ runner_id: 'x', max: 1, lease_seconds: 60 }),
    });
    expect(answer.status).toBe(403);
    expect(await claim(server, owner)).toHaveLength(1);
  });
});
