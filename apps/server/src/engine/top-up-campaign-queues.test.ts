import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runCampaign } from '../campaigns/run-campaign.ts';
import { stopCampaign } from '../campaigns/stop-campaign.ts';
import { activities, campaigns, executions } from '../db/schema.ts';
import {
  alwaysWorking,
  claim,
  claimUntil,
  dayMs,
  dueAllAt,
  engineUser,
  logCount,
  monday8am,
  report,
  runningCampaign,
} from '../testing/engine-test-kit.ts';
import { addAudience, createContacts, type TestServer, testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { topUpCampaignQueues } from './top-up-campaign-queues.ts';

const followOnly = [{ type: 'Follow' as const, timeout: 1440 }];
/** The tests' queue window: small, to see the top-up at work. */
const window = 4;

/** A new user's Running campaign following `contacts` new contacts, launched with the tests' window. */
async function followCampaign(server: TestServer, contacts: number) {
  const user = await engineUser(server, { workingHours: alwaysWorking });
  const { campaign } = await runningCampaign(server, user, {
    steps: followOnly,
    contacts,
    queueWindow: window,
  });
  return { user, campaign };
}

/** Whether the campaign is marked as having executions that wait for an activity. */
async function markedWaiting(server: TestServer, campaignId: string): Promise<boolean | undefined> {
  const [row] = await server.db
    .select({ waiting: campaigns.executionsWaiting })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return row?.waiting;
}

/** The campaign's executions that have no activity at all. */
async function waitingExecutionIds(server: TestServer, campaignId: string): Promise<string[]> {
  const rows = await server.db
    .select({ id: executions.id })
    .from(executions)
    .where(
      and(
        eq(executions.campaignId, campaignId),
        sql`not exists (select 1 from ${activities} a where a.execution_id = ${executions.id})`,
      ),
    );
  return rows.map((row) => row.id);
}

/** A campaign launched on more contacts than its queue window, seen through its rows. */
describe.each(testBackends())('queue windows and their top-up on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl, { clockStart: monday8am });
  const deps = () => ({ db: server.db, clock: server.clock });
  const topUp = () => topUpCampaignQueues(deps(), { window });

  async function activityStates(campaignId: string) {
    const rows = await server.db
      .select({ id: activities.id, state: activities.state, executionId: activities.executionId })
      .from(activities)
      .where(eq(activities.campaignId, campaignId));
    return {
      rows,
      queued: rows.filter((row) => row.state === 'queued'),
    };
  }

  async function executionStates(campaignId: string): Promise<Record<string, number>> {
    const rows = await server.db
      .select({ state: executions.state, total: sql<number>`count(*)::int` })
      .from(executions)
      .where(eq(executions.campaignId, campaignId))
      .groupBy(executions.state);
    return Object.fromEntries(rows.map((row) => [row.state, row.total]));
  }

  it('queues one window at launch and the rest as the queue moves: every contact acted on once', async () => {
    const { user, campaign } = await followCampaign(server, 10);
    expect(await executionStates(campaign.id)).toEqual({ InQueue: 10 });
    expect((await activityStates(campaign.id)).queued).toHaveLength(window);
    expect(await markedWaiting(server, campaign.id)).toBe(true);
    expect(await topUp()).toEqual({ campaigns: 0, queued: 0 });

    /** A runner at work for a day of the virtual clock: what is queued now is done. */
    const workTheQueue = async () => {
      await dueAllAt(server, user.personaId, server.clock.now());
      return claimUntil(server, user, new Date(server.clock.now().getTime() + dayMs), {
        onClaimed: async (activity) => {
          expect((await report(server, user, activity, 'executed')).status).toBe(200);
        },
      });
    };
    expect(await workTheQueue()).toHaveLength(window);
    expect(await topUp()).toEqual({ campaigns: 1, queued: window });
    for (let round = 0; round < 5; round += 1) {
      await workTheQueue();
      if ((await topUp()).queued === 0) break;
    }
    expect(await executionStates(campaign.id)).toEqual({ Succeed: 10 });
    const { rows } = await activityStates(campaign.id);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((row) => row.executionId)).size).toBe(10);
    expect(rows.every((row) => row.state === 'done')).toBe(true);
    expect(await logCount(server, user.personaId, 'profile_followed')).toBe(10);
    expect(await markedWaiting(server, campaign.id)).toBe(false);
  });

  it('a launch within the window queues every contact and leaves nothing for the top-up', async () => {
    const { campaign } = await followCampaign(server, window);
    expect((await activityStates(campaign.id)).queued).toHaveLength(window);
    expect(await markedWaiting(server, campaign.id)).toBe(false);
  });

  it('leaves a stopped campaign alone; resuming queues the contacts already going before the ones added', async () => {
    const { user, campaign } = await followCampaign(server, 6);
    const firstWindow = (await activityStates(campaign.id)).queued.map((row) => row.id).sort();
    await stopCampaign(deps(), { personaId: user.personaId, campaignId: campaign.id });
    expect((await activityStates(campaign.id)).queued).toHaveLength(0);
    expect(await topUp()).toEqual({ campaigns: 0, queued: 0 });

    const added = await createContacts(server.db, user.personaId, 3);
    await addAudience(
      server.db,
      campaign,
      added.map((contact) => contact.id),
    );
    server.clock.advance(dayMs);
    await runCampaign(
      deps(),
      { personaId: user.personaId, campaignId: campaign.id },
      { queueWindow: window },
    );
    expect(await executionStates(campaign.id)).toEqual({ InQueue: 9 });
    // The same activities, queued again: no second activity for any step.
    const resumed = (await activityStates(campaign.id)).queued.map((row) => row.id).sort();
    expect(resumed).toEqual(firstWindow);
    expect(await waitingExecutionIds(server, campaign.id)).toHaveLength(5);

    const [claimed] = await claim(server, user);
    if (!claimed) throw new Error('nothing claimed after resuming');
    expect(firstWindow).toContain(claimed.activity_id);
  });
});

/** Two connections at once: PostgreSQL only (PGlite has one). */
describe.each(testBackends().filter(({ name }) => name === 'postgres'))(
  'the top-up beside a user on $name',
  ({ databaseUrl }) => {
    const server = testServerForSuite(databaseUrl, { clockStart: monday8am });
    const deps = () => ({ db: server.db, clock: server.clock });

    it('skips a contact another transaction holds, looks again, and never queues one that ended', async () => {
      const { campaign } = await followCampaign(server, 6);
      const waiting = await waitingExecutionIds(server, campaign.id);
      const [held, free] = waiting;
      if (!held || !free || waiting.length !== 2) throw new Error('expected two waiting executions');
      const other = new pg.Client({ connectionString: server.config.databaseUrl });
      await other.connect();
      try {
        // The user ends one contact's run in a transaction still open while the top-up runs.
        await other.query('begin');
        await other.query(`update executions set state = 'Cancelled' where id = $1`, [held]);
        expect(await topUpCampaignQueues(deps(), { window: 100 })).toEqual({ campaigns: 1, queued: 1 });
        expect(await markedWaiting(server, campaign.id)).toBe(true);
        await other.query('commit');
        expect(await topUpCampaignQueues(deps(), { window: 100 })).toEqual({ campaigns: 0, queued: 0 });
        expect(await markedWaiting(server, campaign.id)).toBe(false);
      } finally {
        await other.end();
      }
      const queuedFor = await server.db
        .select({ executionId: activities.executionId })
        .from(activities)
        .where(eq(activities.campaignId, campaign.id));
      expect(queuedFor.map((row) => row.executionId)).toContain(free);
      expect(queuedFor.map((row) => row.executionId)).not.toContain(held);
    });
  },
);
