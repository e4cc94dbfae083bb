import { createSeededRandom, localDayIndex, type PlannedActivity, planActivities } from '@outpilot/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../campaigns/db-executor.ts';
import { activities } from '../db/schema.ts';
import { loadPersonaSchedule, type PersonaPlanningContext } from './load-persona-schedule.ts';

export type PersonaPlan = { context: PersonaPlanningContext; planned: PlannedActivity[] };

/** The same seed for a persona within one local day, so a re-plan keeps the same rhythm. */
function seedOf(personaId: string, day: number): number {
  return (Number.parseInt(personaId.replaceAll('-', '').slice(0, 8), 16) ^ day) >>> 0;
}

/**
 * The schedule system: plans every queued activity of a persona with planActivities of
 * @outpilot/domain (working hours, timezone, daily limits with today's usage, gaps, a contact's
 * order), as of now. Pure reading; replanPersonaQueue stores the result.
 */
export async function computePersonaPlan(
  db: Executor,
  personaId: string,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<PersonaPlan> {
  const context = await loadPersonaSchedule(db, personaId, now, options);
  const queued = await db
    .select({
      id: activities.id,
      execution_id: activities.executionId,
      operation_type: activities.operationType,
      earliest_at: activities.dueAt,
    })
    .from(activities)
    .where(and(eq(activities.personaId, personaId), eq(activities.state, 'queued')))
    .orderBy(asc(activities.dueAt), asc(activities.stepNumber), asc(activities.id));
  const planned = planActivities({
    now,
    persona: context.schedule,
    usedToday: context.usedToday,
    lastActionAt: context.lastActionAt,
    activities: queued,
    random: createSeededRandom(seedOf(personaId, localDayIndex(now, context.schedule.timezoneOffsetMinutes))),
  });
  return { context, planned };
}

/**
 * Re-plans the persona's queued activities and stores planned_at (the claim takes activities whose
 * planned_at has come). Locks the persona row so two plans of one persona never interleave; call it
 * in the transaction that queued or cancelled activities.
 */
export async function replanPersonaQueue(tx: Executor, personaId: string, now: Date): Promise<void> {
  const { planned } = await computePersonaPlan(tx, personaId, now, { forUpdate: true });
  const chunkSize = 1000;
  for (let start = 0; start < planned.length; start += chunkSize) {
    const chunk = planned
      .slice(start, start + chunkSize)
      .map((plan) => ({ id: plan.id, planned_at: plan.planned_at?.toISOString() ?? null }));
    await tx.execute(sql`
      update ${activities} set planned_at = v.planned_at
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(id uuid, planned_at timestamptz)
      where ${activities.id} = v.id and ${activities.state} = 'queued'
        and ${activities.plannedAt} is distinct from v.planned_at`);
  }
}
