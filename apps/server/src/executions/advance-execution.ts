import { finalExecutionStates } from '@outpilot/contracts';
import { applyExecutionEvent, type ExecutionEvent, type ExecutionProgress } from '@outpilot/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../campaigns/db-executor.ts';
import { campaigns, executions } from '../db/schema.ts';
import { AppError, NotFoundError } from '../errors.ts';
import { cancelExecutionActivities } from './cancel-execution-activities.ts';
import { queueExecutionActivities } from './queue-execution-activities.ts';
import { nextStepStates } from './step-states.ts';

/** An execution row locked FOR UPDATE in the caller's transaction, with its campaign's state and steps. */
export type LockedExecution = {
  execution: typeof executions.$inferSelect;
  campaign: Pick<typeof campaigns.$inferSelect, 'state' | 'steps'>;
};

export type AdvanceExecutionResult = { progress: ExecutionProgress; queued: number; cancelled: number };

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
): Promise<AdvanceExecutionResult> {
  const locked = await lockExecution(tx, input.executionId, input.personaId);
  if (!locked) throw new NotFoundError('Execution not found');
  return moveExecution(tx, locked, input.event, input.now);
}

/**
 * The event on an execution the caller holds locked: stores the new progress and step states,
 * cancels the queued activities of an execution that left InQueue, and queues the next step's
 * activity when it is InQueue and the campaign runs (a Stopped campaign's activities are queued
 * again when it resumes). Queuing wakes the persona (the activities trigger), nothing to plan.
 */
export async function moveExecution(
  tx: Executor,
  locked: LockedExecution,
  event: ExecutionEvent,
  now: Date,
): Promise<AdvanceExecutionResult> {
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
  const isFinal = finalExecutionStates.has(after.state);
  await tx
    .update(executions)
    .set({
      state: after.state,
      stepIndex: after.stepIndex,
      dueAt: after.dueAt,
      awaitingUntil: after.awaitingUntil,
      stepStates: nextStepStates(execution.stepStates, before, after, event),
      startedAt: execution.startedAt ?? (after.state === 'NotStarted' ? null : now),
      completedAt: isFinal ? now : null,
    })
    .where(eq(executions.id, execution.id));

  let cancelled = 0;
  let queued = 0;
  if (after.state !== 'InQueue') cancelled = await cancelExecutionActivities(tx, execution.id);
  else if (campaign.state === 'Running') {
    queued = await queueExecutionActivities(tx, {
      campaignId: execution.campaignId,
      steps: campaign.steps,
      now,
      executionIds: [execution.id],
    });
  }
  return { progress: after, queued, cancelled };
}
