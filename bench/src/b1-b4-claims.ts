import type { ClaimedActivity, WorkingHours } from '@outpilot/contracts';
import { isWithinWorkingHours, localDayIndex } from '@outpilot/domain';
import { startTestServer, type TestServer } from '@outpilot/server/testing';
import { Logger, makeWorkerUtils, run as runGraphile } from 'graphile-worker';
import { nextCheckAt } from '../../apps/server/src/engine/activity-wakeups.ts';
import { claimActivities } from '../../apps/server/src/engine/claim-activities.ts';
import { cloudClaimBatch } from '../../apps/server/src/engine/cloud-runner.ts';
import { expireLeases } from '../../apps/server/src/engine/expire-leases.ts';
import { reportActivities } from '../../apps/server/src/engine/report-activity.ts';
import { updateTimezoneOffset } from '../../apps/server/src/workspace/update-timezone-offset.ts';
import { count, databaseUrlOf, runs, serverUrl, small, withClient } from './lib/env.ts';
import { heading, printScenario } from './lib/report.ts';
import {
  allDays,
  engineTemplates,
  hoursOf,
  type PersonaSpec,
  seedEngine,
  weekdays,
  weekend,
} from './lib/seed-engine.ts';
import { median } from './lib/stats.ts';

/**
 * B1 (claim throughput) and B4 (limit safety under concurrency) on PostgreSQL, through the real
 * claim and report use-cases of apps/server/src/engine, called in process (as the cloud runner
 * does), each claimer's transactions on a connection of the server's pool.
 */

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
/** Monday 2 March 2026, 12:00 UTC: run r of B1 happens r days later (Mon, Tue, Wed). */
const b1Start = new Date('2026-03-02T12:00:00Z');
type Deps = Pick<TestServer, 'db' | 'clock'>;

/** The earliest next check of the personas after now (persona_runtime): when a claim can take more. */
async function nextCheck(deps: Deps, personaIds: readonly string[]): Promise<Date | null> {
  return nextCheckAt(deps.db, personaIds, deps.clock.now());
}

/**
 * `claimers` concurrent loops of claim (max per claim) + one report call with the batch's
 * outcomes (as the cloud runner reports), until a round where every claimer found nothing. With `untilVirtual`, the virtual
 * clock then moves on — by `step`, or else to the personas' earliest next check (a persona acts
 * at most every 2-8 minutes: its pace) — and the claimers go on, until that time or the
 * real-time deadline is reached. Answers what was claimed.
 */
async function claimUntilEmpty(
  deps: Deps,
  options: {
    personaIds: string[];
    claimers: number;
    max: number;
    tag: string;
    deadline?: number;
    untilVirtual?: Date;
    stepMs?: number;
    /**
     * Faults of the reliability checklist's load test: 1 claim in `killedEvery` is left unreported
     * (its runner was killed; lease expiry gives it back), 1 in `failingEvery` reports a
     * transient error (retried with backoff). Chosen by a hash of the activity and attempt.
     */
    faults?: { killedEvery: number; failingEvery: number };
  },
): Promise<{ claimed: ClaimedActivity[]; rejectedReports: number; timedOut: boolean; steps: number }> {
  const claimed: ClaimedActivity[] = [];
  let rejectedReports = 0;
  let steps = 0;
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  for (;;) {
    const before = claimed.length;
    await Promise.all(
      Array.from({ length: options.claimers }, async (_, claimer) => {
        while (performance.now() < deadline) {
          const batch = await claimActivities(deps, {
            personaIds: options.personaIds,
            runnerId: `${options.tag}-claimer-${claimer}`,
            max: options.max,
            leaseSeconds: 300,
          });
          if (batch.length === 0) return;
          claimed.push(...batch);
          // The batch's outcomes in one reportActivities call, as the cloud runner reports them.
          const reports = batch.flatMap((activity) => {
            const fault = faultOf(activity, options.faults);
            if (fault === 'killed') return [];
            return [
              {
                activity_id: activity.activity_id,
                attempt: activity.attempt,
                idempotency_key: `${options.tag}-${activity.activity_id}-${activity.attempt}`,
                ...(fault === 'failing'
                  ? {
                      outcome: 'error' as const,
                      error: { name: 'BadGateway', message: 'injected', transient: true },
                    }
                  : { outcome: 'executed' as const }),
              },
            ];
          });
          if (reports.length === 0) continue;
          const results = await reportActivities(deps, { personaIds: options.personaIds, reports });
          rejectedReports += results.filter((result) => !result.accepted).length;
        }
      }),
    );
    if (performance.now() >= deadline) return { claimed, rejectedReports, timedOut: true, steps };
    if (claimed.length > before) continue;
    const next = !options.untilVirtual
      ? null
      : options.stepMs
        ? new Date(deps.clock.now().getTime() + options.stepMs)
        : await nextCheck(deps, options.personaIds);
    if (!next || !options.untilVirtual || next > options.untilVirtual)
      return { claimed, rejectedReports, timedOut: false, steps };
    deps.clock.set(next);
    // The lease sweep of the server (every 15 s in real time) at each move of the clock.
    if (options.faults) await expireLeases(deps);
    steps += 1;
  }
}

function faultOf(
  activity: ClaimedActivity,
  faults: { killedEvery: number; failingEvery: number } | undefined,
): 'killed' | 'failing' | null {
  if (!faults) return null;
  const draw = Number.parseInt(activity.activity_id.slice(0, 8), 16) + activity.attempt * 7919;
  if (draw % faults.killedEvery === 0) return 'killed';
  if (draw % faults.failingEvery === 1) return 'failing';
  return null;
}

/** graphile-worker: N trivial jobs enqueued in one addJobs call while run({concurrency}) is up; N / (enqueue start → last handler). */
async function graphileJobsPerSecond(url: string, jobs: number, concurrency: number): Promise<number> {
  const utils = await makeWorkerUtils({ connectionString: url, logger: new Logger(() => () => undefined) });
  try {
    await utils.migrate();
    let done = 0;
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const runner = await runGraphile({
      connectionString: url,
      concurrency,
      noHandleSignals: true,
      pollInterval: 2000,
      logger: new Logger(() => () => undefined),
      taskList: {
        noop: async () => {
          done += 1;
          if (done === jobs) finish();
        },
      },
    });
    try {
      const start = performance.now();
      for (let first = 0; first < jobs; first += 10_000) {
        const size = Math.min(10_000, jobs - first);
        await utils.addJobs(Array.from({ length: size }, () => ({ identifier: 'noop', payload: {} })));
      }
      await finished;
      return jobs / ((performance.now() - start) / 1000);
    } finally {
      await runner.stop();
    }
  } finally {
    await utils.release();
  }
}

async function benchB1(server: TestServer, url: string): Promise<void> {
  const personas = small ? 200 : 1000;
  const perPersona = 200;
  const claimers = 4;
  const max = cloudClaimBatch;
  /** Each run stops when nothing more can be claimed or after this long (keeps the bench short). */
  const windowSeconds = small ? 10 : 20;
  // Offsets −12:00…+12:30 (whole and half hours, fixed: the model has no DST); 1 persona in 10
  // works only on weekends (outside its hours on the Mon–Wed runs); limits vary per persona.
  const spec: PersonaSpec = {
    offset: `((p * 7) % 25 - 12) * 60 + case when p % 4 = 1 then 30 else 0 end`,
    workingHours: `case when p % 10 = 0 then '${JSON.stringify(hoursOf(weekend, [{ start: 0, duration: 1440 }]))}'
      else '${JSON.stringify(hoursOf(weekdays, [{ start: 0, duration: 1440 }]))}' end`,
    follow: small ? '5' : '5 + p % 6',
    invitations: small ? '5' : '5 + p % 11',
    messages: small ? '8' : '10 + p % 11',
  };
  const seedStart = performance.now();
  const personaIds = await seedEngine(url, {
    tag: 'b1',
    personas,
    perPersona,
    spec,
    templates: engineTemplates,
    at: b1Start,
  });
  const total = personas * perPersona;
  heading(
    `B1 activity claim throughput, PostgreSQL: ${count(total)} queued activities due and planned, ${count(personas)} personas × ${perPersona}`,
  );
  console.log(
    `  (seeded set-based in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: 4 Running campaigns per persona — Connect→Delay 30→Message, Message→Follow, Follow, VisitProfile —, one execution InQueue at step 1 per contact; offsets −12:00…+12:30, 1 persona in 10 outside its working hours; daily limits invitations 5–15, messages 10–20, follow 5–10, profile views 80)`,
  );
  console.log(
    `  (${claimers} claimers, each looping claimActivities(all ${count(personas)} personas, max ${max}, like the cloud runner: at most one activity per persona per claim) + one reportActivities call with the batch's 'executed' outcomes (one transaction, as the cloud runner reports); when a round claims nothing the virtual clock moves 8 minutes on (each persona acts at most every 2–8 minutes: its pace), for ${windowSeconds} s of real time; run r on day r (Mon/Tue/Wed 12:00 UTC), fresh counters, same queue)`,
  );
  const oursRuns: number[] = [];
  const anchorRuns: number[] = [];
  const details: string[] = [];
  for (let run = 0; run < runs; run += 1) {
    server.clock.set(new Date(b1Start.getTime() + run * dayMs));
    const start = performance.now();
    const { claimed, rejectedReports, timedOut, steps } = await claimUntilEmpty(server, {
      personaIds,
      claimers,
      max,
      tag: `b1r${run}`,
      deadline: start + windowSeconds * 1000,
      untilVirtual: new Date(b1Start.getTime() + run * dayMs + 12 * hourMs),
      // The longest pace: every persona that acted may act again.
      stepMs: 8 * minuteMs,
    });
    const seconds = (performance.now() - start) / 1000;
    oursRuns.push(claimed.length / seconds);
    const duplicates = claimed.length - new Set(claimed.map((a) => `${a.activity_id}:${a.attempt}`)).size;
    details.push(
      `run ${run + 1}: ${count(claimed.length)} claimed+reported in ${seconds.toFixed(1)} s over ${steps} steps of the virtual clock (${timedOut ? 'time box reached, more was claimable' : 'nothing more claimable within 12 virtual hours'}), ${duplicates} duplicate claims, ${rejectedReports} reports refused`,
    );
    const jobs = Math.min(Math.max(claimed.length, 2000), small ? 10_000 : 40_000);
    anchorRuns.push(await graphileJobsPerSecond(url, jobs, claimers));
    details.push(`        graphile-worker: ${count(jobs)} trivial jobs, concurrency ${claimers}`);
  }
  const left = await withClient(url, async (client) => {
    const { rows } = await client.query<{ state: string; n: number }>(
      `select state, count(*)::int as n from activities group by state order by state`,
    );
    return rows.map((row) => `${row.state} ${count(row.n)}`).join(', ');
  });
  for (const line of details) console.log(`  ${line}`);
  console.log(`  activities afterwards: ${left} (queued: over the day's limits, or outside working hours)`);
  const ratio = median(oursRuns) / median(anchorRuns);
  printScenario({
    name: `B1 claims+reports per second (${claimers} claimers), claimed activities / wall time of the run`,
    ours: { runs: oursRuns, unit: '/s' },
    anchor: {
      label: `graphile-worker 0.17.3 run({concurrency: ${claimers}}), the same count of trivial jobs (addJobs), e2e jobs/s`,
      figure: { runs: anchorRuns, unit: 'jobs/s' },
    },
    ratio: `${ratio.toFixed(2)}× graphile-worker`,
    target: '≥ 1.0× graphile-worker (stretch ≥ 2×)',
    met: ratio >= 1,
  });
  await benchB1UnderFaults(server, url, {
    personaIds,
    claimers,
    max,
    windowSeconds,
    cleanRate: median(oursRuns),
  });
}

/**
 * The reliability checklist's load test on B1's queue, the next day: 10% of the activities fail
 * with a transient error (retried after a backoff) and 1% of the claims belong to a runner that
 * was killed (never reported; lease expiry gives them back with the next attempt). Throughput
 * against the clean runs, then the counts reconciled: every activity claimed is done, failed or
 * back in the queue (or still leased), and no execution's action was logged twice.
 */
async function benchB1UnderFaults(
  server: TestServer,
  url: string,
  options: { personaIds: string[]; claimers: number; max: number; windowSeconds: number; cleanRate: number },
): Promise<void> {
  const day = b1Start.getTime() + runs * dayMs;
  server.clock.set(new Date(day));
  const start = performance.now();
  const { claimed } = await claimUntilEmpty(server, {
    personaIds: options.personaIds,
    claimers: options.claimers,
    max: options.max,
    tag: 'b1faults',
    deadline: start + options.windowSeconds * 1000,
    untilVirtual: new Date(day + 12 * hourMs),
    stepMs: 8 * minuteMs,
    faults: { killedEvery: 100, failingEvery: 10 },
  });
  const rate = claimed.length / ((performance.now() - start) / 1000);
  const claimedIds = [...new Set(claimed.map((activity) => activity.activity_id))];
  const check = await withClient(url, async (client) => {
    const states = await client.query<{ state: string; n: number }>(
      `select state, count(*)::int as n from activities where id = any($1::uuid[]) group by state order by state`,
      [claimedIds],
    );
    const twice = await client.query<{ n: number }>(
      `select count(*)::int as n from (select execution_id, action from activity_log
         where persona_id = any($1::uuid[]) group by execution_id, action having count(*) > 1) twice`,
      [options.personaIds],
    );
    return { states: states.rows, loggedTwice: twice.rows[0]?.n ?? 0 };
  });
  const accounted = check.states
    .filter((row) => ['done', 'failed', 'queued', 'claimed'].includes(row.state))
    .reduce((sum, row) => sum + row.n, 0);
  const lost = claimedIds.length - accounted;
  console.log(
    `  under faults (1% of claims left by a killed runner, 10% transient errors): ${count(claimed.length)} claims of ${count(claimedIds.length)} activities; afterwards ${check.states.map((row) => `${row.state} ${count(row.n)}`).join(', ')}; ${lost} lost, ${check.loggedTwice} actions logged twice`,
  );
  const ratio = rate / options.cleanRate;
  printScenario({
    name: 'B1 under faults (reliability checklist: 10% failing, 1% of claims from killed runners), claims per second',
    ours: { runs: [rate], unit: '/s' },
    ratio: `${ratio.toFixed(2)}× the clean runs' median`,
    target: '≥ 0.8× the clean runs, 0 lost, 0 done twice',
    met: ratio >= 0.8 && lost === 0 && check.loggedTwice === 0,
  });
}

/** A persona as B4 judges it: its hours and the offset in force at each instant. */
type B4Persona = { id: string; offsetAt: (at: Date) => number; hours: WorkingHours };

/**
 * The timezones of B4. The persona model keeps a minute offset (seed 000: "timezone offset"), so
 * a DST change is the offset moving by an hour (the app or the user sets it). The third group
 * moves across local midnight both ways within one night: +01:00 → +02:00 at 23:30 local (the
 * next local day starts early) and back to +01:00 at 01:30 local +02:00 (the clock is at 00:30 of
 * that same day again).
 */
type B4Zone = { label: string; offset: number; changes: { afterMinutes: number; offset: number }[] };
const b4Zones: B4Zone[] = [
  { label: 'UTC+05:30', offset: 330, changes: [] },
  {
    label: 'UTC+01:00 ↔ +02:00 (DST moves across midnight)',
    offset: 60,
    changes: [
      { afterMinutes: 150, offset: 120 },
      { afterMinutes: 210, offset: 60 },
    ],
  },
  { label: 'UTC−05:00', offset: -300, changes: [] },
];

async function benchB4(server: TestServer, url: string): Promise<void> {
  const claimers = 8;
  const limit = 3;
  const perZone = small ? 4 : 10;
  // Half of them work all day; the other half 20:00–23:30 and 00:30–02:00 local (an hour off around midnight).
  const evening = hoursOf(allDays, [
    { start: 30, duration: 90 },
    { start: 20 * 60, duration: 210 },
  ]);
  const allDay = hoursOf(allDays, [{ start: 0, duration: 1440 }]);
  heading(
    `B4 limit safety under concurrency, PostgreSQL: ${claimers} claimers, limit ${limit} per kind (invitations, messages, follow), across local midnight and DST changes`,
  );
  console.log(
    `  (${perZone * 2} personas per zone: ${b4Zones.map((zone) => zone.label).join('; ')} — the offset set through PUT workspace/timezone-offset's use-case at 23:30 and again 60 min later —; half work all day, half 20:00–23:30 + 00:30–02:00 local; 60 queued activities each; the virtual clock steps 15 min from 21:00 to 03:00 local, ${claimers} claimers claim+report at each moment a persona may act; violations counted afterwards from activity_log (local day and hours by the offset in force at the time) and activity_claims)`,
  );
  const violationRuns: number[] = [];
  const lines: string[] = [];
  for (let run = 0; run < runs; run += 1) {
    for (const [zoneIndex, zone] of b4Zones.entries()) {
      const tag = `b4r${run}z${zoneIndex}`;
      // 21:00 local on Tuesday 10 March 2026 + run weeks + zone days (the virtual clock only
      // moves forward: each zone's night comes after the one before).
      const localStart = Date.UTC(2026, 2, 10 + run * 7 + zoneIndex, 21, 0);
      const start = new Date(localStart - zone.offset * minuteMs);
      const ids = await seedEngine(url, {
        tag,
        personas: perZone * 2,
        perPersona: 60,
        templates: engineTemplates.slice(0, 3),
        at: new Date(start.getTime() - hourMs),
        spec: {
          offset: String(zone.offset),
          workingHours: `case when p % 2 = 0 then '${JSON.stringify(allDay)}' else '${JSON.stringify(evening)}' end`,
          follow: String(limit),
          invitations: String(limit),
          messages: String(limit),
        },
      });
      const changes = zone.changes.map((change) => ({
        at: start.getTime() + change.afterMinutes * minuteMs,
        offset: change.offset,
      }));
      const offsetAt = (at: Date) =>
        changes.reduce((offset, change) => (at.getTime() >= change.at ? change.offset : offset), zone.offset);
      const personas: B4Persona[] = ids.map((id, index) => ({
        id,
        offsetAt,
        hours: (index + 1) % 2 === 0 ? allDay : evening,
      }));
      let claimed = 0;
      for (let step = 0; step <= 24; step += 1) {
        const at = new Date(start.getTime() + step * 15 * minuteMs);
        server.clock.set(at);
        const change = changes.find((candidate) => candidate.at === at.getTime());
        if (change) {
          for (const id of ids)
            await updateTimezoneOffset(server, {
              personaId: id,
              request: { timezone_offset: change.offset },
            });
        }
        claimed += (
          await claimUntilEmpty(server, {
            personaIds: ids,
            claimers,
            max: 3,
            tag: `${tag}s${step}`,
            untilVirtual: new Date(at.getTime() + 15 * minuteMs - 1),
          })
        ).claimed.length;
      }
      const violations = await countViolations(url, personas, limit);
      violationRuns.push(violations.total);
      lines.push(`run ${run + 1}, ${zone.label}: ${count(claimed)} claimed; ${violations.describe}`);
    }
  }
  for (const line of lines) console.log(`  ${line}`);
  const worst = Math.max(...violationRuns);
  printScenario({
    name: 'B4 violations per run and zone (over limit per persona/local day/kind, outside working hours, claimed twice, faster than the pace)',
    ours: { runs: violationRuns, unit: 'violations' },
    target: '0 violations in every run',
    met: worst === 0,
  });
  console.log(worst === 0 ? '    → 0 violations' : `    → ${count(worst)} violations in the worst run`);
}

const actionKinds: Record<string, string> = {
  invitation_sent: 'invitations',
  message_sent: 'messages',
  profile_followed: 'follow',
};

/** Counts, from the stored rows, what the limits and working hours forbid. */
async function countViolations(url: string, personas: B4Persona[], limit: number) {
  return withClient(url, async (client) => {
    const ids = personas.map((persona) => persona.id);
    const log = await client.query<{ persona_id: string; action: string; occurred_at: Date }>(
      `select persona_id, action, occurred_at from activity_log where persona_id = any($1::uuid[])`,
      [ids],
    );
    const claims = await client.query<{
      persona_id: string;
      limit_kind: string;
      local_day: number;
      n: number;
    }>(
      `select persona_id, limit_kind, local_day, count(*)::int as n from activity_claims
       where persona_id = any($1::uuid[]) and released_at is null group by 1, 2, 3`,
      [ids],
    );
    const twice = await client.query<{ n: number }>(
      `select count(*)::int as n from (select activity_id from activity_claims where persona_id = any($1::uuid[])
       group by activity_id having count(*) > 1) twice`,
      [ids],
    );
    const byId = new Map(personas.map((persona) => [persona.id, persona]));
    const perDay = new Map<string, number>();
    let outsideHours = 0;
    const localDays = new Set<number>();
    for (const row of log.rows) {
      const persona = byId.get(row.persona_id);
      if (!persona) continue;
      const offset = persona.offsetAt(row.occurred_at);
      if (!isWithinWorkingHours(persona.hours, offset, row.occurred_at)) outsideHours += 1;
      const day = localDayIndex(row.occurred_at, offset);
      localDays.add(day);
      const key = `${row.persona_id}:${day}:${actionKinds[row.action] ?? row.action}`;
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
    let overLimitLog = 0;
    for (const used of perDay.values()) if (used > limit) overLimitLog += used - limit;
    let overLimitClaims = 0;
    for (const row of claims.rows) if (row.n > limit) overLimitClaims += row.n - limit;
    const duplicate = twice.rows[0]?.n ?? 0;
    // The pace: never two actions of one persona less than 2 minutes apart.
    const timesOf = new Map<string, number[]>();
    for (const row of log.rows)
      timesOf.set(row.persona_id, [...(timesOf.get(row.persona_id) ?? []), row.occurred_at.getTime()]);
    let tooSoon = 0;
    for (const times of timesOf.values()) {
      times.sort((a, b) => a - b);
      for (let index = 1; index < times.length; index += 1)
        if ((times[index] ?? 0) - (times[index - 1] ?? 0) < 2 * minuteMs) tooSoon += 1;
    }
    const total = overLimitLog + overLimitClaims + outsideHours + duplicate + tooSoon;
    return {
      total,
      describe: `${count(log.rows.length)} logged actions over ${localDays.size} local days: ${overLimitLog} over a limit (activity_log), ${overLimitClaims} over a limit (activity_claims), ${outsideHours} outside working hours, ${duplicate} claimed twice, ${tooSoon} sooner than 2 min after the last → ${total === 0 ? '0 violations' : `${total} violations`}`,
    };
  });
}

export async function benchClaims(which: { b1: boolean; b4: boolean }): Promise<void> {
  const server = await startTestServer({ databaseUrl: serverUrl, clockStart: b1Start });
  try {
    const url = databaseUrlOf(server.config);
    if (which.b1) await benchB1(server, url);
    if (which.b4) await benchB4(server, url);
  } finally {
    await server.close();
  }
}
