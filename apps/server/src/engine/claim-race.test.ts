import type { ClaimedActivity } from '@outpilot/contracts';
import { isWithinWorkingHours, localDayIndex } from '@outpilot/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { activityLog } from '../db/schema.ts';
import {
  type EngineUser,
  engineUser,
  hourMs,
  monday8am,
  nextCheckOf,
  runningCampaign,
} from '../testing/engine-test-kit.ts';
import { startTestServer, type TestServer, testBackends, weekdaysNineToSeven } from '../testing/index.ts';

const limits = { dailyInvitationsLimit: 5, dailyFollowLimit: 3, dailyMessagesLimit: 4 };
const offset = -180;
const actionLimit: Record<string, number> = { invitation_sent: 5, profile_followed: 3, message_sent: 4 };

/**
 * 4 runners × 2 server processes (two servers on one PostgreSQL, each with its own pool) hammer
 * the claim endpoint over four days, the virtual clock stepping to each moment the persona may act
 * again (every activity is due from the launch on): the claim transaction alone must keep the
 * limits, the working hours and the pace.
 */
describe.each(testBackends())('claim race on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let second: FastifyInstance | undefined;
  const urls: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ clockStart: monday8am, ...(databaseUrl ? { databaseUrl } : {}) });
    urls.push(server.url);
    if (name === 'postgres') {
      second = await buildServer(server.config, { clock: server.clock });
      await second.listen({ port: 0, host: '127.0.0.1' });
      const address = second.server.address();
      if (typeof address === 'object' && address) urls.push(`http://127.0.0.1:${address.port}`);
    }
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  async function claimVia(url: string, user: EngineUser, runner: string): Promise<ClaimedActivity[]> {
    const response = await fetch(`${url}/automation/v1/activities/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await user.tokenNow()}` },
      body: JSON.stringify({ runner_id: runner, max: 3, lease_seconds: 600 }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { activities: ClaimedActivity[] }).activities;
  }

  async function reportVia(url: string, user: EngineUser, activity: ClaimedActivity) {
    const response = await fetch(`${url}/automation/v1/activities/${activity.activity_id}/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await user.tokenNow()}` },
      body: JSON.stringify({
        attempt: activity.attempt,
        idempotency_key: `race-${activity.activity_id}-${activity.attempt}`,
        outcome: 'executed',
      }),
    });
    expect(await response.json()).toEqual({ accepted: true, duplicate: false });
  }

  it('never claims an activity twice, never beyond a daily limit, never outside working hours, never faster than the pace', async () => {
    const user = await engineUser(server, {
      ...limits,
      timezoneOffset: offset,
      workingHours: weekdaysNineToSeven,
    });
    await runningCampaign(server, user, {
      steps: [{ type: 'Connect', message_template: 'Hi', timeout: 14_400, delay: 30 }],
      contacts: 30,
    });
    await runningCampaign(server, user, { steps: [{ type: 'Follow', timeout: 1440 }], contacts: 20 });
    await runningCampaign(server, user, {
      steps: [{ type: 'Message', message_template: 'Hello', timeout: 1440 }],
      contacts: 20,
    });
    await user.tokenNow();
    const claimedIds: string[] = [];
    const servers = urls.length;
    const end = server.clock.now().getTime() + 4 * 24 * hourMs;
    for (;;) {
      await Promise.all(
        Array.from({ length: 4 * servers }, async (_, runner) => {
          const url = urls[runner % servers] ?? server.url;
          for (;;) {
            const batch = await claimVia(url, user, `runner-${runner}`);
            if (batch.length === 0) return;
            for (const activity of batch) {
              claimedIds.push(activity.activity_id);
              await reportVia(url, user, activity);
            }
          }
        }),
      );
      const next = await nextCheckOf(server, user.personaId);
      if (!next || next.getTime() > end) break;
      server.clock.set(next);
    }
    expect(new Set(claimedIds).size).toBe(claimedIds.length);
    const log = await server.db.select().from(activityLog).where(eq(activityLog.personaId, user.personaId));
    const perDay = new Map<string, number>();
    for (const row of log) {
      expect(
        isWithinWorkingHours(weekdaysNineToSeven, offset, row.occurredAt),
        row.occurredAt.toISOString(),
      ).toBe(true);
      const key = `${localDayIndex(row.occurredAt, offset)}:${row.action}`;
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
    for (const [key, count] of perDay) {
      const action = key.split(':')[1] ?? '';
      expect(count, key).toBeLessThanOrEqual(actionLimit[action] ?? 0);
    }
    // Never two actions within the pace's minimum gap of 2 minutes.
    const times = log.map((row) => row.occurredAt.getTime()).sort((a, b) => a - b);
    for (let index = 1; index < times.length; index += 1) {
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(2 * 60_000);
    }
    // Four local weekdays were reached, each filled to its limits.
    expect(log.filter((row) => row.action === 'invitation_sent').length).toBe(20);
    expect(log.filter((row) => row.action === 'profile_followed').length).toBe(12);
    expect(log.filter((row) => row.action === 'message_sent').length).toBe(16);
  }, 120_000);
});
