import { createAccount, createCampaignRow, startTestServer } from '@outpilot/server/testing';
import pg from 'pg';
import { runCampaign } from '../../apps/server/src/campaigns/run-campaign.ts';
import { databaseUrlOf, serverUrl } from '../src/lib/env.ts';
import { seedContacts } from '../src/lib/seed.ts';

const timings: [string, number][] = [];
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
let on = false;
(pg.Client.prototype as unknown as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
  const first = args[0] as string | { text: string };
  const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').slice(0, 110);
  const started = performance.now();
  const result = original.apply(this, args) as Promise<unknown>;
  if (on && result?.then)
    return result.then((v) => {
      timings.push([text, performance.now() - started]);
      return v;
    });
  return result;
};
const server = await startTestServer({ databaseUrl: serverUrl });
const ws = await createAccount(server.db, { onboarded: true });
const c = new pg.Client({ connectionString: databaseUrlOf(server.config) });
await c.connect();
await seedContacts(c, ws.personaId, 20000);
await c.query('vacuum analyze contacts');
const campaign = await createCampaignRow(server.db, ws.personaId, { name: 'x' });
await c.query(
  `insert into campaign_audience (campaign_id, contact_id, persona_id, created_at) select $1::uuid, id, persona_id, now() from contacts where persona_id = $2::uuid`,
  [campaign.id, ws.personaId],
);
await c.query('vacuum analyze campaign_audience');
on = true;
const t = performance.now();
await runCampaign(server, { personaId: ws.personaId, campaignId: campaign.id });
console.log('total', (performance.now() - t).toFixed(0));
for (const [text, ms] of timings.filter(([, ms]) => ms > 2)) console.log(ms.toFixed(1).padStart(8), text);
await c.end();
await server.close();
process.exit(0);
