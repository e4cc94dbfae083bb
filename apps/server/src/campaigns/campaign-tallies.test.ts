import { type ExecutionState, executionStates } from '@outpilot/contracts';
import { createSeededRandom } from '@outpilot/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows-of.ts';
import { activityActions, campaignAudience, campaigns, executions, personas } from '../db/schema.ts';
import {
  createAccount,
  createCampaignRow,
  createContacts,
  createExecutionRow,
  logActivities,
  testBackends,
} from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { readCampaignTallies } from './campaign-tallies.ts';

/** What the tallies must say, counted from the rows themselves (the old request-time queries). */
async function countedFromRows(db: Parameters<typeof readCampaignTallies>[0], campaignId: string) {
  const counted = new Map<string, number>();
  const add = (rows: { tally: string; total: number }[]) => {
    for (const row of rows) if (row.total !== 0) counted.set(row.tally, row.total);
  };
  add(
    rowsOf(
      await db.execute(sql`
        select 'execution:' || state as tally, count(*)::int as total from executions
        where campaign_id = ${campaignId}::uuid group by state
        union all
        select 'step:' || s.key || ':' || s.value, count(*)::int from executions e, jsonb_each_text(e.step_states) s
        where e.campaign_id = ${campaignId}::uuid group by s.key, s.value
        union all
        select 'audience', count(*)::int from campaign_audience where campaign_id = ${campaignId}::uuid
        union all
        select 'log:' || action, count(*)::int from activity_log where campaign_id = ${campaignId}::uuid group by action
        union all
        select 'logged:' || action, count(distinct execution_id)::int from activity_log
        where campaign_id = ${campaignId}::uuid group by action`),
    ),
  );
  return counted;
}

async function tallied(db: Parameters<typeof readCampaignTallies>[0], campaignId: string) {
  const tallies = (await readCampaignTallies(db, [campaignId])).get(campaignId);
  const values = new Map<string, number>();
  for (const state of executionStates) {
    const value = tallies?.executions(state) ?? 0;
    if (value !== 0) values.set(`execution:${state}`, value);
  }
  for (const step of tallies?.steps() ?? []) values.set(`step:${step.stepNumber}:${step.state}`, step.total);
  if (tallies?.audience()) values.set('audience', tallies.audience());
  for (const action of activityActions) {
    if (tallies?.logRows(action)) values.set(`log:${action}`, tallies.logRows(action));
    if (tallies?.executionsLogged(action)) values.set(`logged:${action}`, tallies.executionsLogged(action));
  }
  return values;
}

describe.each(testBackends())('campaign tallies on $name', ({ name, databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  it('agree with the rows after random launches, moves, exclusions, log rows and folds', async () => {
    const account = await createAccount(server.db, { onboarded: true });
    const campaign = await createCampaignRow(server.db, account.personaId, { state: 'Running' });
    const other = await createCampaignRow(server.db, account.personaId, { state: 'Running' });
    const contacts = await createContacts(server.db, account.personaId, 40);
    const random = createSeededRandom(20261126);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    const stepStatesOf = (state: ExecutionState) => {
      const reached = 1 + Math.floor(random() * 3);
      const states: Record<string, ExecutionState> = {};
      for (let step = 1; step < reached; step += 1) states[String(step)] = 'Succeed';
      states[String(reached)] = state;
      return states;
    };
    const live = new Map<string, string>(); // contact id -> execution id
    for (let round = 0; round < 60; round += 1) {
      const contact = pick(contacts);
      const execution = live.get(contact.id);
      const move = random();
      if (!execution) {
        const state = pick(executionStates);
        const row = await createExecutionRow(server.db, pick([campaign, campaign, other]), contact.id, {
          state,
          stepStates: stepStatesOf(state),
        });
        live.set(contact.id, row.id);
      } else if (move < 0.45) {
        // One statement moving several executions, as the engine's batch moves do.
        const ids = [execution, ...[...live.values()].filter(() => random() < 0.2)];
        const state = pick(executionStates);
        await server.db
          .update(executions)
          .set({ state, stepStates: stepStatesOf(state) })
          .where(inArray(executions.id, ids));
      } else if (move < 0.55) {
        await server.db.update(executions).set({ dueAt: new Date() }).where(eq(executions.id, execution));
      } else if (move < 0.7) {
        await server.db.delete(executions).where(eq(executions.id, execution));
        live.delete(contact.id);
      } else if (move < 0.8) {
        await server.db.delete(campaignAudience).where(eq(campaignAudience.contactId, contact.id));
        live.delete(contact.id);
      } else {
        const [row] = await server.db.select().from(executions).where(eq(executions.id, execution));
        if (row) await logActivities(server.db, row, [pick(activityActions), pick(activityActions)]);
      }
      if (round % 7 === 0) {
        expect(await tallied(server.db, campaign.id)).toEqual(await countedFromRows(server.db, campaign.id));
      }
    }
    expect(await tallied(server.db, campaign.id)).toEqual(await countedFromRows(server.db, campaign.id));
    expect(await tallied(server.db, other.id)).toEqual(await countedFromRows(server.db, other.id));
    // Sixty rounds wrote far more deltas than that; reads folded them, so a read stays small.
    const [stored] = rowsOf<{ rows: number; tallies: number }>(
      await server.db.execute(sql`
        select count(*)::int as rows, count(distinct tally)::int as tallies
        from campaign_tallies where campaign_id = ${campaign.id}::uuid`),
    );
    expect((stored?.rows ?? 0) - (stored?.tallies ?? 0)).toBeLessThanOrEqual(64);
  });

  it('count a bulk launch of a whole audience in one statement', async () => {
    const account = await createAccount(server.db, { onboarded: true });
    const campaign = await createCampaignRow(server.db, account.personaId, { state: 'Running' });
    const contacts = await createContacts(server.db, account.personaId, 250);
    await server.db.insert(campaignAudience).values(
      contacts.map((contact) => ({
        campaignId: campaign.id,
        personaId: account.personaId,
        contactId: contact.id,
      })),
    );
    await server.db.execute(sql`
      insert into executions (persona_id, campaign_id, contact_id, state, step_states)
      select persona_id, campaign_id, contact_id, 'InQueue', '{"1":"InQueue"}'::jsonb
      from campaign_audience where campaign_id = ${campaign.id}::uuid`);
    const tallies = (await readCampaignTallies(server.db, [campaign.id])).get(campaign.id);
    expect(tallies?.audience()).toBe(250);
    expect(tallies?.executions('InQueue')).toBe(250);
    expect(tallies?.steps()).toEqual([{ stepNumber: 1, state: 'InQueue', total: 250 }]);
  });

  it('go with their campaign when the workspace is deleted', async () => {
    const account = await createAccount(server.db, { onboarded: true });
    const campaign = await createCampaignRow(server.db, account.personaId, { state: 'Running' });
    const [contact] = await createContacts(server.db, account.personaId, 1);
    if (!contact) throw new Error('contact');
    const execution = await createExecutionRow(server.db, campaign, contact.id, { state: 'Succeed' });
    await logActivities(server.db, execution, ['invitation_sent']);
    await server.db.delete(personas).where(eq(personas.id, account.personaId));
    expect(await server.db.select().from(campaigns).where(eq(campaigns.id, campaign.id))).toEqual([]);
    const [left] = rowsOf<{ rows: number }>(
      await server.db.execute(
        sql`select count(*)::int as rows from campaign_tallies where campaign_id = ${campaign.id}::uuid`,
      ),
    );
    expect(left?.rows).toBe(0);
  });

  // PGlite has one connection: two transactions cannot overlap there.
  if (name === 'postgres') {
    it('count one reply once when two transactions log it at the same time', async () => {
      const account = await createAccount(server.db, { onboarded: true });
      const campaign = await createCampaignRow(server.db, account.personaId, { state: 'Running' });
      const [contact] = await createContacts(server.db, account.personaId, 1);
      if (!contact) throw new Error('contact');
      const execution = await createExecutionRow(server.db, campaign, contact.id, { state: 'InProgress' });
      await Promise.all(
        [1, 2].map(() =>
          server.db.transaction(async (tx) => {
            await logActivities(tx as never, execution, ['reply_received']);
            await tx.execute(sql`select pg_sleep(0.1)`);
          }),
        ),
      );
      const tallies = (await readCampaignTallies(server.db, [campaign.id])).get(campaign.id);
      expect(tallies?.logRows('reply_received')).toBe(2);
      expect(tallies?.executionsLogged('reply_received')).toBe(1);
    });
  }
});
