import { startTestServer } from '@outpilot/server/testing';
import pg from 'pg';
import { claimActivities } from '../../apps/server/src/engine/claim-activities.ts';
import { reportActivity } from '../../apps/server/src/engine/report-activity.ts';
import { databaseUrlOf, serverUrl } from '../src/lib/env.ts';
import { allDays, engineTemplates, hoursOf, seedEngine } from '../src/lib/seed-engine.ts';

let explained = 0;
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: unknown }).query = async function (
  this: pg.Client,
  ...args: unknown[]
) {
  const first = args[0] as string | { text: string; values?: unknown[] };
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  const values = Array.isArray(args[1])
    ? (args[1] as unknown[])
    : typeof first === 'string'
      ? undefined
      : first.values;
  if (
    explained < 3 &&
    /^\s*(with finish_stored|select "activities"\."id")/.test(text) &&
    process.env.EXPLAIN
  ) {
    explained++;
    const plan = (await original.call(this, {
      text: `explain (analyze, buffers, timing) ${text}`,
      values,
    })) as { rows: { 'QUERY PLAN': string }[] };
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  return original.apply(this, args);
};
const start = new Date('2026-03-02T12:00:00Z');
const server = await startTestServer({ databaseUrl: serverUrl, clockStart: start });
const url = databaseUrlOf(server.config);
const ids = await seedEngine(url, {
  tag: 'p',
  personas: 200,
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
const batch = await claimActivities(server, { personaIds: ids, runnerId: 'x', max: 5, leaseSeconds: 300 });
process.env.EXPLAIN = '1';
const act = batch[0]!;
await reportActivity(server, {
  personaId: act.persona_id,
  activityId: act.activity_id,
  report: { attempt: act.attempt, idempotency_key: `k-${act.activity_id}`, outcome: 'executed' },
});
await server.close();
process.exit(0);
