import { defaultGapMinutes } from '@outpilot/domain';
import { describe, expect, it } from 'vitest';
import { engineUser, minuteMs, monday8am, runningCampaign } from '../testing/engine-test-kit.ts';
import { testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { forecastPersonaQueue } from './forecast-persona-queue.ts';

const monday9am = new Date('2026-03-02T09:00:00Z');

describe.each(testBackends())('the forecast of a queue on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl, { clockStart: monday8am });

  it('places each queued activity inside working hours, in queue order, at least the pace apart', async () => {
    const user = await engineUser(server);
    await runningCampaign(server, user, { contacts: 3 });
    const { runsAt } = await forecastPersonaQueue(server.db, user.personaId, monday8am);
    const times = [...runsAt.values()].map((at) => at.getTime()).sort((a, b) => a - b);
    expect(times).toHaveLength(3);
    // Working hours start at 09:00 (UTC, Mon-Fri): nothing runs before.
    expect(times[0]).toBeGreaterThanOrEqual(monday9am.getTime());
    for (let index = 1; index < times.length; index += 1) {
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(
        defaultGapMinutes.min * minuteMs,
      );
    }
  });

  it('gives no time to an activity its limit never lets run', async () => {
    const user = await engineUser(server, { dailyInvitationsLimit: 0 });
    await runningCampaign(server, user, { contacts: 2 });
    const { runsAt } = await forecastPersonaQueue(server.db, user.personaId, monday8am);
    expect(runsAt.size).toBe(0);
  });
});
