import { describe, expect, it } from 'vitest';
import { activityLog } from '../db/schema.ts';
import { exportChunkSize } from '../list-query/stream-csv-by-ids.ts';
import {
  callApi,
  createCampaignRow,
  createContacts,
  createExecutionRow,
  signInNewAccount,
  subscribeToPlan,
  testBackends,
} from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

/** GET recent-activities/export: the campaign view's 'Export Interaction Log' (Pro; seed 001 §3). */
describe.each(testBackends())('interaction log export on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  it('holds every entry of the last 30 days, newest first, however many there are', async () => {
    const { account, token: accessToken } = await signInNewAccount(server, { onboarded: true });
    await subscribeToPlan(server.db, account.personaId, 'pro', server.clock);
    const [ada] = await createContacts(server.db, account.personaId, [
      { firstName: 'Ada', lastName: 'Byron', fullName: 'Ada Byron' },
    ]);
    if (!ada) throw new Error('no contact');
    const campaign = await createCampaignRow(server.db, account.personaId, {
      name: 'Autumn',
      state: 'Running',
    });
    const execution = await createExecutionRow(server.db, campaign, ada.id, {
      state: 'InQueue',
      stepIndex: 0,
    });
    const now = server.clock.now().getTime();
    const minute = 60_000;
    // More than ten chunks: 30 days at the highest daily limits can pass 10,000 entries.
    const recentCount = exportChunkSize * 10 + 5;
    const entry = (occurredAt: Date) => ({
      personaId: account.personaId,
      campaignId: campaign.id,
      executionId: execution.id,
      action: 'profile_visited' as const,
      occurredAt,
    });
    await server.db.insert(activityLog).values([
      ...Array.from({ length: recentCount }, (_, index) => entry(new Date(now - (index + 1) * minute))),
      // Older than 30 days: not in the file.
      ...Array.from({ length: 3 }, (_, index) => entry(new Date(now - 31 * 86_400_000 - index * minute))),
    ]);

    const response = await callApi(server.url, 'GET', '/recent-activities/export', accessToken);
    expect(response.status).toBe(200);
    const lines = (await response.text()).replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Date","Action","Campaign","Contact","Profile URL"');
    expect(lines).toHaveLength(recentCount + 1);
    const dates = lines.slice(1).map((line) => line.slice(1, line.indexOf('"', 1)));
    expect(dates[0]).toBe(new Date(now - minute).toISOString());
    expect(dates.at(-1)).toBe(new Date(now - recentCount * minute).toISOString());
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(lines[1]).toContain('"profile_visited","Autumn","Ada Byron"');
  });
});
