import { startTestServer } from '@outpilot/server/testing';
import pg from 'pg';
import { databaseUrlOf, serverUrl } from '../src/lib/env.ts';
import { allDays, engineTemplates, hoursOf, seedEngine } from '../src/lib/seed-engine.ts';

const start = new Date('2026-03-02T12:00:00Z');
const server = await startTestServer({ databaseUrl: serverUrl, clockStart: start });
const url = databaseUrlOf(server.config);
await seedEngine(url, {
  tag: 'p',
  personas: 50,
  perPersona: 50,
  templates: engineTemplates,
  at: start,
  spec: {
    offset: '0',
    workingHours: `'${JSON.stringify(hoursOf(allDays, [{ start: 0, duration: 1440 }]))}'`,
    follow: '50',
    invitations: '50',
    messages: '50',
  },
});
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows } = await client.query('select id, persona_id from activities limit 500');
const text = `select a.*, e.*, c.steps, c.state, r.activity_id, r.attempt, r.outcome, k.claimed_at
 from activities a join executions e on e.id = a.execution_id join campaigns c on c.id = a.campaign_id
 left join activity_reports r on r.idempotency_key = $3 left join activity_claims k on k.activity_id = a.id and k.attempt = a.attempt
 where a.id = $1 and a.persona_id = $2 for update of a, e`;
for (const mode of ['unnamed', 'named', 'unnamed', 'named']) {
  const t = performance.now();
  for (const row of rows) {
    await client.query('begin');
    await client.query(
      mode === 'named'
        ? { name: 'report-load', text, values: [row.id, row.persona_id, 'x'] }
        : { text, values: [row.id, row.persona_id, 'x'] },
    );
    await client.query('commit');
  }
  console.log(mode, ((performance.now() - t) / rows.length).toFixed(3), 'ms per tx');
}
const t2 = performance.now();
for (let i = 0; i < 500; i++) {
  await client.query('select 1');
}
console.log('select 1', ((performance.now() - t2) / 500).toFixed(3));
await client.end();
await server.close();
process.exit(0);
