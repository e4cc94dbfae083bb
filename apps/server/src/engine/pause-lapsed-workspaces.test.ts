import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns } from '../db/schema.ts';
import { createAccount, createCampaignRow, subscribeToPlan, testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { pauseLapsedWorkspaces } from './pause-lapsed-workspaces.ts';

const dayMs = 86_400_000;

describe.each(testBackends())('pausing lapsed workspaces on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  it('stops the running campaigns of a workspace whose trial ended, and leaves paid ones running', async () => {
    const trial = await createAccount(server.db, { onboarded: true, clock: server.clock });
    const paid = await createAccount(server.db, { onboarded: true, clock: server.clock });
    await subscribeToPlan(server.db, paid.personaId, 'basic', server.clock);
    const trialCampaign = await createCampaignRow(server.db, trial.personaId, { state: 'Running' });
    const paidCampaign = await createCampaignRow(server.db, paid.personaId, { state: 'Running' });
    const ids = [trial.personaId, paid.personaId];
    const stateOf = async (id: string) =>
      (await server.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];

    expect(await pauseLapsedWorkspaces(server, ids)).toEqual(ids);
    expect((await stateOf(trialCampaign.id))?.state).toBe('Running');

    server.clock.advance(15 * dayMs);
    expect(await pauseLapsedWorkspaces(server, ids)).toEqual([paid.personaId]);
    expect(await stateOf(trialCampaign.id)).toMatchObject({
      state: 'Stopped',
      pauseReason: 'SubscriptionExpired',
    });
    expect((await stateOf(paidCampaign.id))?.state).toBe('Running');
  });
});
