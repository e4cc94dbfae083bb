import { apiBasePath, campaignsPaths } from '@outpilot/contracts';
import { issueTestSession, startTestServer } from '@outpilot/server/testing';
import { count, databaseUrlOf, serverUrl, small, withClient } from './lib/env.ts';
import { heading, printScenario } from './lib/report.ts';
import { allDays, engineTemplates, hoursOf, seedEngine } from './lib/seed-engine.ts';
import { p95Runs, samplesPerRun } from './lib/stats.ts';

/**
 * B15 the activities queue page (GET workspace/activities-queue: the first 100 of the persona's
 * queued activities in the order the engine will run them, each with its start time and the reason
 * it waits, and the page's banners) of a persona with 6,200 queued activities of four kinds. Over
 * HTTP, PostgreSQL.
 */
export async function benchActivitiesQueue(): Promise<void> {
  const queued = small ? 1_000 : 6_200;
  heading(`B15 activities queue: one persona with ${count(queued)} queued activities`);
  const server = await startTestServer({ databaseUrl: serverUrl });
  try {
    const url = databaseUrlOf(server.config);
    // Working hours on weekdays from 09:00 for 8 hours and daily limits of 20: most activities wait,
    // for the hours, for the limit of their kind or for their turn, which is what the reasons tell.
    const [personaId] = await seedEngine(url, {
      tag: `b15${Date.now()}`,
      personas: 1,
      perPersona: queued,
      templates: engineTemplates,
      at: new Date(),
      spec: {
        offset: '0',
        workingHours: `'${JSON.stringify(hoursOf(allDays.slice(0, 5), [{ start: 540, duration: 480 }]))}'`,
        follow: '20',
        invitations: '20',
        messages: '20',
      },
    });
    if (personaId === undefined) throw new Error('B15: no persona seeded');
    const userId = await withClient(url, async (client) => {
      const { rows } = await client.query<{ user_id: string }>('select user_id from personas where id = $1', [
        personaId,
      ]);
      return rows[0]?.user_id ?? '';
    });
    const session = await issueTestSession(server.app, { userId, personaId });
    const queue = async () => {
      const response = await fetch(`${server.url}${apiBasePath}${campaignsPaths.activitiesQueue}`, {
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      if (!response.ok) throw new Error(`activities-queue answered ${response.status}`);
      const answer = (await response.json()) as { data: { documents: { wait_reason: unknown }[] } };
      if (answer.data.documents.length === 0) throw new Error('B15: the queue page is empty');
      return answer;
    };
    const page = await p95Runs(queue);
    printScenario({
      name: `B15 GET workspace/activities-queue with reasons, ${count(queued)} queued (p95 of ${samplesPerRun})`,
      ours: { runs: page, unit: 'ms', digits: 1 },
      target: 'p95 under 50 ms',
      met: Math.max(...page) < 50,
    });
  } finally {
    await server.close();
  }
}
