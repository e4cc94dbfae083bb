import { finalExecutionStates } from '@outpilot/contracts';
import {
  applyExecutionEvent,
  type ExecutionEvent,
  type ExecutionProgress,
  limitKindOf,
} from '@outpilot/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../campaigns/db-executor.ts';
import { activities, campaigns, executions } from '../db/schema.ts';
import { AppError, NotFoundError } from '../errors.ts';
import { nextStepStates } from './step-states.ts';

/** An execution row locked FOR UPDATE in the caller's transaction, with its campaign's state and steps. */
export type LockedExecution = {
  execution: typeof executions.$inferSelect;
  campaign: Pick<typeof campaigns.$inferSelect, 'state' | 'steps'>;
};

/** Locks an execution (personaId, when given, scopes the lookup: another persona's is not found). */
export async function lockExecution(
  tx: Executor,
  executionId: string,
  personaId?: string,
): Promise<LockedExecution | null> {
  const [row] = await tx
    .select({ execution: executions, campaign: { state: campaigns.state, steps: campaigns.steps } })
    .from(executions)
    .innerJoin(campaigns, eq(campaigns.id, executions.campaignId))
    .where(and(eq(executions.id, executionId), personaId ? eq(executions.personaId, personaId) : undefined))
    .for('update', { of: executions });
  return row ?? null;
}

/**
 * Applies one execution event of @outpilot/domain (performed, accepted, replied, timedOut,
 * skipped, failed, cancelled, resumed) to a stored execution, in the caller's transaction: locks
 * the row, then moveExecution. A refused event throws a 422 with the domain's description,
 * changing nothing. personaId, when given, scopes the lookup (404 for another persona's execution).
 */
export async function advanceExecution(
  tx: Executor,
  input: { executionId: string; event: ExecutionEvent; now: Date; personaId?: string },
): Promise<ExecutionProgress> {
  const locked = await lockExecution(tx, input.executionId, input.personaId);
  if (!locked) throw new NotFoundError('Execution not found');
  return moveExecution(tx, locked, input.event, input.now);
}

/** The event on an execution the caller holds locked, in one statement (executionMove). */
export async function moveExecution(
  tx: Executor,
  locked: LockedExecution,
  event: ExecutionEvent,
  now: Date,
): Promise<ExecutionProgress> {
  const move = executionMove(locked, event, now);
  await tx.execute(sql`with ${move.steps} select 1`);
  return move.progress;
}

/**
 * What an event does to an execution, as the data-modifying steps of a WITH statement (named
 * `move_*`), so a caller can run them together with its own writes in one round trip: the new
 * progress and step states are stored; an execution that left InQueue has its queued activities
 * cancelled; one InQueue in a running campaign gets its current step's activity queued (a Stopped
 * campaign's activities are queued again when it resumes), due at its due time or now. Queuing
 * wakes the persona (the activities trigger); nothing is planned. Throws a 422 with the domain's
 * description for a refused event.
 */
export function executionMove(
  locked: LockedExecution,
  event: ExecutionEvent,
  now: Date,
): { progress: ExecutionProgress; steps: SQL } {
  const { execution, campaign } = locked;
  const before: ExecutionProgress = {
    state: execution.state,
    stepIndex: execution.stepIndex,
    dueAt: execution.dueAt,
    awaitingUntil: execution.awaitingUntil,
  };
  const result = applyExecutionEvent(before, campaign.steps, event);
  if (!result.ok) throw new AppError(422, 'UnprocessableEntity', result.description);
  const after = result.progress;
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  const stored = sql`move_stored as (
    update ${executions} set state = ${after.state}, step_index = ${after.stepIndex}::int,
      due_at = ${iso(after.dueAt)}::timestamptz, awaiting_until = ${iso(after.awaitingUntil)}::timestamptz,
      step_states = ${JSON.stringify(nextStepStates(execution.stepStates, before, after, event))}::jsonb,
      started_at = ${iso(execution.startedAt ?? (after.state === 'NotStarted' ? null : now))}::timestamptz,
      completed_at = ${finalExecutionStates.has(after.state) ? now.toISOString() : null}::timestamptz
    where id = ${execution.id}::uuid
    returning 1)`;
  const step = after.stepIndex === null ? undefined : campaign.steps[after.stepIndex];
  let follow: SQL | null = null;
  if (after.state !== 'InQueue') {
    follow = sql`move_cancelled as (
      update ${activities} set state = 'cancelled'
      where execution_id = ${execution.id}::uuid and state = 'queued'
      returning 1)`;
  } else if (campaign.state === 'Running' && step && step.type !== 'Delay' && after.stepIndex !== null) {
    const dueAt = after.dueAt && after.dueAt > now ? after.dueAt : now;
    // As queueExecutionActivities: a step's activity cancelled before is queued again, a claimed
    // or done one is never touched.
    follow = sql`move_queued as (
      insert into ${activities} (persona_id, campaign_id, execution_id, step_number, operation_type, limit_kind, due_at)
      values (${execution.personaId}::uuid, ${execution.campaignId}::uuid, ${execution.id}::uuid,
              ${after.stepIndex + 1}::int, ${step.type}, ${limitKindOf(step.type)}, ${dueAt.toISOString()}::timestamptz)
      on conflict (execution_id, step_number, operation_type) do update
        set state = 'queued', due_at = excluded.due_at, lease_owner = null, lease_expires_at = null
        where ${activities.state} = 'cancelled'
      returning 1)`;
  }
  return { progress: after, steps: follow ? sql`${stored}, ${follow}` : stored };
}
