import { startTestServer } from '@outpilot/server/testing';
import pg from 'pg';
import { claimActivities } from '../../apps/server/src/engine/claim-activities.ts';
import { reportActivity } from '../../apps/server/src/engine/report-activity.ts';
import { databaseUrlOf, serverUrl } from '../src/lib/env.ts';
import { allDays, engineTemplates, hoursOf, seedEngine } from '../src/lib/seed-engine.ts';

const timings = new Map<string, { n: number; ms: number }>();
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
  const first = args[0] as string | { text: string };
  const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').slice(0, 90);
  const started = performance.now();
  const result = original.apply(this, args) as Promise<unknown> | undefined;
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    return (result as Promise<unknown>).then((value) => {
      const entry = timings.get(text) ?? { n: 0, ms: 0 };
      entry.n++;
      entry.ms += performance.now() - started;
      timings.set(text, entry);
      return value;
    });
  }
  return result;
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
const claimers = Number(process.env.CLAIMERS ?? 1);
let claimMs = 0,
  reportMs = 0,
  claims = 0,
  reports = 0;
timings.clear();
const t0 = performance.now();
const cpu0 = process.cpuUsage();
for (let step = 0; step < 5; step++) {
  await Promise.all(
    Array.from({ length: claimers }, async (_, c) => {
      for (;;) {
        const a = performance.now();
        const batch = await claimActivities(server, {
          personaIds: ids,
          runnerId: `x${c}`,
          max: 5,
          leaseSeconds: 300,
        });
        claimMs += performance.now() - a;
        claims++;
        if (batch.length === 0) break;
        for (const act of batch) {
          const b = performance.now();
          await reportActivity(server, {
            personaId: act.persona_id,
            activityId: act.activity_id,
            report: {
              attempt: act.attempt,
              idempotency_key: `k-${act.activity_id}-${act.attempt}`,
              outcome: 'executed',
            },
          });
          reportMs += performance.now() - b;
          reports++;
        }
      }
    }),
  );
  server.clock.set(new Date(server.clock.now().getTime() + 8 * 60_000));
}
const elapsed = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
console.log('node cpu share', ((cpu.user + cpu.system) / 1e6 / elapsed).toFixed(2));
const top = [...timings].sort((a, b) => b[1].ms - a[1].ms).slice(0, 14);
for (const [text, e] of top)
  console.log(
    e.n.toString().padStart(6),
    (e.ms / e.n).toFixed(2).padStart(7),
    e.ms.toFixed(0).padStart(7),
    text,
  );
console.log({
  claims,
  claimMsAvg: claimMs / claims,
  reports,
  reportMsAvg: reportMs / reports,
  perSec: reports / elapsed,
});
await server.close();
process.exit(0);
