import { apiBasePath, campaignsPaths, contactsPaths, fillPath } from '@outpilot/contracts';
import { expandSteps } from '@outpilot/domain';
import {
  connectThenMessage,
  createAccount,
  issueTestSession,
  startTestServer,
} from '@outpilot/server/testing';
import pg from 'pg';
import { count, databaseUrlOf, serverUrl, small } from './lib/env.ts';
import { heading, printScenario } from './lib/report.ts';
import { seedContacts } from './lib/seed.ts';
import { p95Runs, samplesPerRun, timed } from './lib/stats.ts';

const executionStates = [
  'NotStarted',
  'InQueue',
  'InProgress',
  'Succeed',
  'Ignored',
  'Skipped',
  'Cancelled',
  'Failed',
];

/** The campaign contacts page's call, as the screen makes it: its contacts with their executions. */
async function campaignContactsPage(
  call: (path: string, query?: string) => Promise<unknown>,
  campaignId: string,
  at: { after?: string | undefined; skip?: number } = {},
): Promise<unknown> {
  const query = new URLSearchParams({
    $filter: `campaigns/any(c: c eq '${campaignId}')`,
    $orderby: 'imported desc',
    $take: '25',
    with_execution_of: campaignId,
    ...(at.after === undefined ? {} : { $after: at.after }),
    ...(at.skip === undefined ? {} : { $skip: String(at.skip) }),
  });
  return call(contactsPaths.page, `?${query}`);
}

/**
 * B11 the campaign list page (GET campaigns/page, 25 rows with statistics and events) in a
 * workspace of 5,000 campaigns, some with executions; B12 the detail page's statistics (GET
 * campaigns/{id}/executions-statistics) of a campaign of 100,000 executions; B14 that campaign's
 * contacts page: first, deep by cursor, and the last page by $skip. Over HTTP, PostgreSQL.
 */
export async function benchCampaigns(): Promise<void> {
  const campaignRows = small ? 1_000 : 5_000;
  const executionRows = small ? 20_000 : 100_000;
  heading(
    `B11/B12 campaign screens: ${count(campaignRows)} campaigns, one of ${count(executionRows)} executions`,
  );
  const server = await startTestServer({ databaseUrl: serverUrl });
  try {
    const account = await createAccount(server.db, { onboarded: true });
    const session = await issueTestSession(server.app, account);
    const client = new pg.Client({ connectionString: databaseUrlOf(server.config) });
    await client.connect();
    let bigCampaignId = '';
    try {
      const seeded = await timed(async () => {
        await seedContacts(client, account.personaId, executionRows);
        const steps = JSON.stringify(expandSteps(connectThenMessage));
        await client.query(
          `insert into campaigns (persona_id, name, state, steps, created_at, started_at)
           select $1::uuid, 'Campaign ' || g, (array['Compose','Running','Stopped','Completed'])[g % 4 + 1], $2::jsonb,
             now() - g * interval '1 minute', case when g % 4 = 0 then null else now() end
           from generate_series(1, $3::int) g`,
          [account.personaId, steps, campaignRows],
        );
        // The newest campaign (first on the list's page) holds every contact, with executions in every state.
        const newest = await client.query<{ id: string }>(
          `select id from campaigns where persona_id = $1 order by created_at desc limit 1`,
          [account.personaId],
        );
        bigCampaignId = newest.rows[0]?.id ?? '';
        await client.query(
          `insert into campaign_audience (campaign_id, contact_id, persona_id)
           select $1::uuid, id, persona_id from contacts where persona_id = $2`,
          [bigCampaignId, account.personaId],
        );
        await client.query(
          `insert into executions (persona_id, campaign_id, contact_id, state, step_index)
           select persona_id, campaign_id, contact_id, ($3::text[])[(row_number() over ()) % 8 + 1], 0
           from campaign_audience where campaign_id = $1 and persona_id = $2`,
          [bigCampaignId, account.personaId, executionStates],
        );
        // Every other campaign on the first page has a few hundred executions too.
        await client.query(
          `insert into campaign_audience (campaign_id, contact_id, persona_id)
           select c.id, k.id, c.persona_id
           from (select id, persona_id from campaigns where persona_id = $1 order by created_at desc offset 1 limit 24) c
           cross join lateral (select id from contacts where persona_id = $1 limit 300) k`,
          [account.personaId],
        );
        await client.query(
          `insert into executions (persona_id, campaign_id, contact_id, state, step_index)
           select a.persona_id, a.campaign_id, a.contact_id, ($2::text[])[(row_number() over ()) % 8 + 1], 0
           from campaign_audience a where a.persona_id = $1 and a.campaign_id <> $3
           on conflict do nothing`,
          [account.personaId, executionStates, bigCampaignId],
        );
        // As autovacuum leaves a settled table: visibility map set, so counts can use index-only scans.
        await client.query('vacuum analyze');
      });
      console.log(`  (data built in ${(seeded.ms / 1000).toFixed(1)} s)`);
    } finally {
      await client.end();
    }

    const call = async (path: string, query = '') => {
      const response = await fetch(`${server.url}${apiBasePath}${path}${query}`, {
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return response.json();
    };
    const listPage = await p95Runs(() => call(campaignsPaths.page, '?$take=25&$orderby=created%20desc'));
    printScenario({
      name: `B11 GET campaigns/page, first page of 25 with statistics, ${count(campaignRows)} campaigns (p95 of ${samplesPerRun})`,
      ours: { runs: listPage, unit: 'ms', digits: 1 },
      target: 'p95 under 20 ms',
      met: Math.max(...listPage) < 20,
    });
    const statistics = await p95Runs(() =>
      call(fillPath(campaignsPaths.executionsStatistics, { id: bigCampaignId })),
    );
    printScenario({
      name: `B12 GET campaigns/{id}/executions-statistics, ${count(executionRows)} executions (p95 of ${samplesPerRun})`,
      ours: { runs: statistics, unit: 'ms', digits: 1 },
      target: 'p95 under 50 ms',
      met: Math.max(...statistics) < 50,
    });
    const firstContacts = await p95Runs(() => campaignContactsPage(call, bigCampaignId));
    printScenario({
      name: `B14a campaign contacts page, first 25 of ${count(executionRows)} (contacts/page with_execution_of, p95 of ${samplesPerRun})`,
      ours: { runs: firstContacts, unit: 'ms', digits: 1 },
      target: 'p95 under 20 ms',
      met: Math.max(...firstContacts) < 20,
    });
    // Deep in the list: the page after row `depth`, read by the cursor the grid keeps from the page before.
    const depth = Math.round(executionRows * 0.8);
    const before = (await call(
      contactsPaths.page,
      `?${new URLSearchParams({
        $filter: `campaigns/any(c: c eq '${bigCampaignId}')`,
        $orderby: 'imported desc',
        $take: '25',
        $skip: String(depth - 25),
      })}`,
    )) as { next_cursor?: string };
    const deepContacts = await p95Runs(() =>
      campaignContactsPage(call, bigCampaignId, { after: before.next_cursor }),
    );
    printScenario({
      name: `B14b campaign contacts page after row ${count(depth)} ($after, contacts/page with_execution_of, p95 of ${samplesPerRun})`,
      ours: { runs: deepContacts, unit: 'ms', digits: 1 },
      target: 'p95 under 20 ms',
      met: Math.max(...deepContacts) < 20,
    });
    // The pager's jump to the last page asks by $skip, with no cursor to start from.
    const lastSkip = executionRows - 25;
    const lastContacts = await p95Runs(() => campaignContactsPage(call, bigCampaignId, { skip: lastSkip }));
    printScenario({
      name: `B14c campaign contacts page, the last 25 ($skip ${count(lastSkip)}, contacts/page with_execution_of, p95 of ${samplesPerRun})`,
      ours: { runs: lastContacts, unit: 'ms', digits: 1 },
      target: 'p95 under 20 ms',
      met: Math.max(...lastContacts) < 20,
    });
  } finally {
    await server.close();
  }
}
