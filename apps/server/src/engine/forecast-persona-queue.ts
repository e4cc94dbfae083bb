import { minutesPerDay, type OperationType } from '@outpilot/contracts';
import {
  activityLimitKinds,
  dailyLimitOf,
  defaultGapMinutes,
  forecastActivities,
  type PersonaSchedule,
  planningHorizonDays,
} from '@outpilot/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { pgArray } from '../db/pg-array.ts';
import { rowsOf } from '../db/rows-of.ts';
import { activities, campaigns } from '../db/schema.ts';
import { loadPersonaSchedule, type PersonaPlanningContext } from './load-persona-schedule.ts';

export type PersonaForecast = {
  context: PersonaPlanningContext;
  /** When each queued activity will run; absent: not within the forecast's horizon. */
  runsAt: Map<string, Date>;
};

/**
 * The most activities of one limit kind the forecast can place within its horizon: the horizon
 * touches at most planningHorizonDays + 1 local days, each taking at most the daily limit (one
 * more day as a margin). Activities without a limit (Withdraw) are bounded by the pace's minimum
 * gap between any two actions.
 */
export function forecastCaps(schedule: PersonaSchedule): {
  kinds: Record<string, number>;
  unlimited: number;
} {
  const days = planningHorizonDays + 2;
  const kinds: Record<string, number> = {};
  for (const kind of activityLimitKinds) kinds[kind] = dailyLimitOf(kind, schedule.limits) * days;
  return { kinds, unlimited: days * Math.ceil(minutesPerDay / defaultGapMinutes.min) };
}

/**
 * The forecast of a persona's queue as of now: forecastActivities of @outpilot/domain (the claim's
 * own rule, applied step by step) over its queued activities of Running campaigns. Only what can
 * be placed within the horizon is read — per limit kind the first forecastCaps in queue order —
 * so a queue of 100k contacts costs a few thousand rows, not 100k. Pure reading.
 */
export async function forecastPersonaQueue(
  db: Executor,
  personaId: string,
  now: Date,
  /** Only the first `limit` to run (forecastActivities' limit); all within the horizon by default. */
  options: { limit?: number } = {},
): Promise<PersonaForecast> {
  const context = await loadPersonaSchedule(db, personaId, now);
  const caps = forecastCaps(context.schedule);
  // Per kind, the first activities in queue order (activities_queued_persona_kind_due_idx).
  const firstOf = (kindCondition: ReturnType<typeof sql>, limit: ReturnType<typeof sql>) => sql`
    select a.id, a.operation_type, a.due_at, a.step_number from ${activities} a
    where a.persona_id = ${personaId}::uuid and a.state = 'queued' and ${kindCondition}
      and exists (select 1 from ${campaigns} c where c.id = a.campaign_id and c.state = 'Running')
    order by a.due_at, a.step_number, a.id
    limit ${limit}`;
  const rows = rowsOf<{
    id: string;
    operation_type: OperationType;
    due_at: string | Date;
    step_number: number;
  }>(
    await db.execute(sql`
      select q.* from unnest(${pgArray(activityLimitKinds)}::text[]) k(kind)
      cross join lateral (${firstOf(sql`a.limit_kind = k.kind`, sql`(${JSON.stringify(caps.kinds)}::jsonb ->> k.kind)::int`)}) q
      union all
      select q.* from (${firstOf(sql`a.limit_kind is null`, sql`${caps.unlimited}::int`)}) q`),
  );
  const runsAt = forecastActivities({
    ...options,
    now,
    personaId,
    schedule: context.schedule,
    usedToday: context.usedToday,
    pace: context.pace,
    activities: rows.map((row) => ({
      id: row.id,
      operation_type: row.operation_type,
      due_at: new Date(row.due_at),
      step_number: row.step_number,
    })),
  });
  return { context, runsAt };
}
