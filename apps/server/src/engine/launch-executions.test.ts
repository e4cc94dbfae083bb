import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, campaigns, executions } from '../db/schema.ts';
import { engineUser, monday8am } from '../testing/engine-test-kit.ts';
import { addAudience, createCampaignRow, createContacts, testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { launchExecutions } from './launch-executions.ts';

describe.each(testBackends())('the launch on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl, { clockStart: monday8am });

  /** A campaign in `state` with `contacts` new contacts in its audience. */
  async function campaignOf(state: 'Compose' | 'Running', contacts: number) {
    const user = await engineUser(server);
    const campaign = await createCampaignRow(server.db, user.account.personaId, { state });
    const people = await createContacts(server.db, user.account.personaId, contacts);
    await addAudience(
      server.db,
      campaign,
      people.map((person) => person.id),
    );
    return campaign;
  }

  const rowsOfCampaign = async (campaignId: string) => ({
    executions: await server.db.select().from(executions).where(eq(executions.campaignId, campaignId)),
    activities: await server.db.select().from(activities).where(eq(activities.campaignId, campaignId)),
    campaign: (await server.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0],
  });

  it('queues the first activities of as many as the window holds and marks the rest as waiting', async () => {
    const campaign = await campaignOf('Running', 3);
    const launched = await server.db.transaction((tx) =>
      launchExecutions(tx, { campaign, now: monday8am, window: 2 }),
    );
    expect(launched).toEqual({ launched: 3 });
    const rows = await rowsOfCampaign(campaign.id);
    expect(rows.executions).toHaveLength(3);
    expect(rows.executions.every((row) => row.state === 'InQueue' && row.stepIndex === 0)).toBe(true);
    expect(rows.executions.every((row) => row.stepStates['1'] === 'InQueue')).toBe(true);
    expect(rows.activities).toHaveLength(2);
    expect(rows.activities.every((row) => row.state === 'queued' && row.operationType === 'Connect')).toBe(
      true,
    );
    expect(rows.campaign?.executionsWaiting).toBe(true);
  });

  it('launches each audience contact once, and queues nothing for a campaign that is not running', async () => {
    const campaign = await campaignOf('Compose', 2);
    const first = await server.db.transaction((tx) => launchExecutions(tx, { campaign, now: monday8am }));
    const again = await server.db.transaction((tx) => launchExecutions(tx, { campaign, now: monday8am }));
    expect([first, again]).toEqual([{ launched: 2 }, { launched: 0 }]);
    const rows = await rowsOfCampaign(campaign.id);
    expect(rows.executions).toHaveLength(2);
    expect(rows.activities).toHaveLength(0);
  });
});
