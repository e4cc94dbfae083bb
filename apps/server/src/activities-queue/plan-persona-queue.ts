import { minutesPerDay } from '@outpilot/contracts';
import {
  createSeededRandom,
  type DueActivity,
  dailyLimitOf,
  defaultGapMinutes,
  localDayIndex,
  type PersonaSchedule,
  type PlannedActivity,
  planActivities,
  planningHorizonDays,
} from '@outpilot/domain';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../campaigns/db-executor.ts';
import { activities, activityLimitKinds } from '../db/schema.ts';
import { loadPersonaSchedule, type PersonaPlanningContext } from './load-persona-schedule.ts';

export type PersonaPlan = { context: PersonaPlanningContext; planned: PlannedActivity[] };

/** The same seed for a persona within one local day, so a re-plan keeps the same rhythm. */
function seedOf(personaId: string, day: number): number {
  return (Number.parseInt(personaId.replaceAll('-', '').slice(0, 8), 16) ^ day) >>> 0;
}

/**
 * The most activities of one limit kind the planner can place within its horizon: the horizon
 * touches at most planningHorizonDays + 1 local days, each taking at most the daily limit (one
 * more day as a margin for an activity left unplanned behind its contact's earlier one). Activities
 * without a limit (Withdraw) are bounded by the minimum gap between any two actions.
 */
export function plannableCaps(schedule: PersonaSchedule): {
  kinds: Record<string, number>;
  unlimited: number;
} {
  const days = planningHorizonDays + 2;
  const kinds: Record<string, number> = {};
  for (const kind of activityLimitKinds) kinds[kind] = dailyLimitOf(kind, schedule.limits) * days;
  return { kinds, unlimited: days * Math.ceil(minutesPerDay / defaultGapMinutes.min) };
}

/**
 * The schedule system: plans the persona's queued activities with planActivities of
 * @outpilot/domain (working hours, timezone, daily limits with today's usage, gaps, a contact's
 * order), as of now. Pure reading; replanPersonaQueue stores the result.
 * Only the activities that can be placed within the planning horizon are read and planned: per
 * limit kind the first plannableCaps in the planner's order (due time, step, id). The planner
 * would leave every later one of that kind without a time (its days are full up to the horizon),
 * so a launch on 100k contacts plans a few thousand rows, not 100k; the rest get their time as the
 * days pass and re-plans (reports, timeouts, stops) move the horizon.
 */
export async function computePersonaPlan(
  db: Executor,
  personaId: string,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<PersonaPlan> {
  const context = await loadPersonaSchedule(db, personaId, now, options);
  const caps = plannableCaps(context.schedule);
  const queued = rowsOf<{
    id: string;
    execution_id: string;
    operation_type: DueActivity['operation_type'];
    due_at: string | Date;
  }>(
    await db.execute(sql`
      select id, execution_id, operation_type, due_at from (
        select a.id, a.execution_id, a.operation_type, a.due_at, a.step_number, a.limit_kind,
               row_number() over (partition by a.limit_kind order by a.due_at, a.step_number, a.id) as rank
        from ${activities} a
        where a.persona_id = ${personaId}::uuid and a.state = 'queued'
      ) q
      where q.rank <= coalesce((${JSON.stringify(caps.kinds)}::jsonb ->> q.limit_kind)::int, ${caps.unlimited}::int)
      order by q.due_at, q.step_number, q.id`),
  );
  const planned = planActivities({
    now,
    persona: context.schedule,
    usedToday: context.usedToday,
    lastActionAt: context.lastActionAt,
    activities: queued.map((row) => ({
      id: row.id,
      execution_id: row.execution_id,
      operation_type: row.operation_type,
      earliest_at: new Date(row.due_at),
    })),
    random: createSeededRandom(seedOf(personaId, localDayIndex(now, context.schedule.timezoneOffsetMinutes))),
  });
  return { context, planned };
}

/**
 * Re-plans the persona's queued activities and stores planned_at (the claim takes activities whose
 * planned_at has come). Locks the persona row so two plans of one persona never interleave; call it
 * in the transaction that queued or cancelled activities. One statement: the planned times where
 * they changed, and no time for a queued activity planned before that is no longer placeable.
 */
export async function replanPersonaQueue(tx: Executor, personaId: string, now: Date): Promise<void> {
  const { planned } = await computePersonaPlan(tx, personaId, now, { forUpdate: true });
  const plan = planned
    .filter((entry) => entry.planned_at !== null)
    .map((entry) => ({ id: entry.id, planned_at: entry.planned_at?.toISOString() }));
  await tx.execute(sql`
    with plan as (
      select * from jsonb_to_recordset(${JSON.stringify(plan)}::jsonb) as v(id uuid, planned_at timestamptz)
    ), unplanned as (
      update ${activities} set planned_at = null
      where ${activities.personaId} = ${personaId}::uuid and ${activities.state} = 'queued'
        and ${activities.plannedAt} is not null and ${activities.id} not in (select id from plan)
      returning 1)
    update ${activities} set planned_at = plan.planned_at
    from plan
    where ${activities.id} = plan.id and ${activities.state} = 'queued'
      and ${activities.plannedAt} is distinct from plan.planned_at`);
}
