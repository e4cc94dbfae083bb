import { finalExecutionStates } from '@outpilot/contracts';
import {
  applyExecutionEvent,
  type ExecutionEvent,
  type ExecutionProgress,
  limitKindOf,
} from '@outpilot/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { executeNamed } from '../db/execute-named.ts';
import type { Executor } from '../db/executor.ts';
import { pgArray } from '../db/pg-array.ts';
import { activities, campaigns, executions, type StepStates } from '../db/schema.ts';
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

/** The event on an execution the caller holds locked, in one statement (executionMovesSql). */
export async function moveExecution(
  tx: Executor,
  locked: LockedExecution,
  event: ExecutionEvent,
  now: Date,
): Promise<ExecutionProgress> {
  const { progress, row } = planExecutionMove(locked, event, now);
  await executeNamed(tx, sql`with ${executionMovesSql([row])} select 1`);
  return progress;
}

/** What an event does to one execution, as a row of executionMovesSql's record set. */
export type ExecutionMoveRow = {
  execution_id: string;
  campaign_id: string;
  persona_id: string;
  state: ExecutionProgress['state'];
  step_index: number | null;
  due_at: string | null;
  awaiting_until: string | null;
  step_states: StepStates;
  started_at: string | null;
  completed_at: string | null;
  /** The execution ended: its campaign may have no open execution left. */
  ended: boolean;
  /** The execution left InQueue: its queued activities are cancelled. */
  cancel_queued: boolean;
  /** The activity queued for the step reached, if any. */
  queue: {
    step_number: number;
    operation_type: string;
    limit_kind: string | null;
    due_at: string;
  } | null;
};

/**
 * What an event does to an execution (locked by the caller), as a row for executionMovesSql: the
 * new progress and step states; an execution that left InQueue has its queued activities
 * cancelled; one InQueue in a running campaign gets its current step's activity queued (a Stopped
 * campaign's activities are queued again when it resumes), due at its due time or now. Throws a
 * 422 with the domain's description for a refused event.
 */
export function planExecutionMove(
  locked: LockedExecution,
  event: ExecutionEvent,
  now: Date,
): { progress: ExecutionProgress; row: ExecutionMoveRow } {
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
  const step = after.stepIndex === null ? undefined : campaign.steps[after.stepIndex];
  const queues = after.state === 'InQueue' && campaign.state === 'Running' && step && step.type !== 'Delay';
  return {
    progress: after,
    row: {
      execution_id: execution.id,
      campaign_id: execution.campaignId,
      persona_id: execution.personaId,
      state: after.state,
      step_index: after.stepIndex,
      due_at: iso(after.dueAt),
      awaiting_until: iso(after.awaitingUntil),
      step_states: nextStepStates(execution.stepStates, before, after, event),
      started_at: iso(execution.startedAt ?? (after.state === 'NotStarted' ? null : now)),
      completed_at: finalExecutionStates.has(after.state) ? now.toISOString() : null,
      ended: finalExecutionStates.has(after.state),
      cancel_queued: after.state !== 'InQueue',
      queue:
        queues && after.stepIndex !== null
          ? {
              step_number: after.stepIndex + 1,
              operation_type: step.type,
              limit_kind: limitKindOf(step.type),
              due_at: (after.dueAt && after.dueAt > now ? after.dueAt : now).toISOString(),
            }
          : null,
    },
  };
}

/**
 * Execution moves (planExecutionMove) as the data-modifying steps of a WITH statement (named
 * `move_*`), set-based: one statement writes any number of them, so a caller runs them together
 * with its own writes in one round trip, and the text is the same for any count (planned once per
 * connection). `move_rows` is the record set, for the caller's own use (campaignsLeftOpenNone).
 * As queueWaitingActivities, a step's activity cancelled before is queued again, a claimed or
 * done one is never touched. Queuing wakes the persona (the activities trigger); nothing is
 * planned. The executions must be distinct (a row is written once per statement).
 */
export function executionMovesSql(rows: readonly ExecutionMoveRow[]): SQL {
  const ids = rows.map((row) => row.execution_id);
  const cancelled = rows.filter((row) => row.cancel_queued).map((row) => row.execution_id);
  // The ids travel as arrays too: the planner probes the primary keys with = any(), where a join
  // with the record set alone (estimated at 100 rows) could scan whole tables.
  return sql`move_rows as (
    select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as m(
      execution_id uuid, campaign_id uuid, persona_id uuid, state text, step_index int, due_at timestamptz,
      awaiting_until timestamptz, step_states jsonb, started_at timestamptz, completed_at timestamptz,
      ended boolean, cancel_queued boolean, queue jsonb)
  ), move_stored as (
    update ${executions} e set state = m.state, step_index = m.step_index, due_at = m.due_at,
      awaiting_until = m.awaiting_until, step_states = m.step_states, started_at = m.started_at,
      completed_at = m.completed_at
    from move_rows m
    where e.id = m.execution_id and e.id = any(${pgArray(ids)}::uuid[])
    returning 1
  ), move_cancelled as (
    update ${activities} set state = 'cancelled'
    where execution_id = any(${pgArray(cancelled)}::uuid[]) and state = 'queued'
    returning 1
  ), move_queued as (
    insert into ${activities} (persona_id, campaign_id, execution_id, step_number, operation_type, limit_kind, due_at)
    select m.persona_id, m.campaign_id, m.execution_id, (m.queue->>'step_number')::int,
           m.queue->>'operation_type', m.queue->>'limit_kind', (m.queue->>'due_at')::timestamptz
    from move_rows m where m.queue is not null
    on conflict (execution_id, step_number, operation_type) do update
      set state = 'queued', due_at = excluded.due_at, lease_owner = null, lease_expires_at = null
      where ${activities.state} = 'cancelled'
    returning 1
  )`;
}

/**
 * The campaigns of move_rows' ended executions that have no open execution left: a probe of
 * executions_campaign_id_state_idx per campaign. The statement's snapshot is from before its
 * moves, so the executions it ends are left out by id.
 */
export function campaignsLeftOpenNone(rows: readonly ExecutionMoveRow[]): SQL {
  const ended = rows.filter((row) => row.ended).map((row) => row.execution_id);
  return sql`select distinct m.campaign_id, m.persona_id from move_rows m
    where m.ended and not exists (select 1 from ${executions} o where o.campaign_id = m.campaign_id
      and o.state in ('NotStarted', 'InQueue', 'InProgress') and o.id <> all(${pgArray(ended)}::uuid[]))`;
}
