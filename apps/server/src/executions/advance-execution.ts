import { finalExecutionStates } from '@outpilot/contracts';
import { applyExecutionEvent, type ExecutionEvent, type ExecutionProgress } from '@outpilot/domain';
import { and, eq } from 'drizzle-orm';
import { replanPersonaQueue } from '../activities-queue/plan-persona-queue.ts';
import type { Executor } from '../campaigns/db-executor.ts';
import { campaigns, executions } from '../db/schema.ts';
import { AppError, NotFoundError } from '../errors.ts';
import { cancelExecutionActivities } from './cancel-execution-activities.ts';
import { queueExecutionActivities } from './queue-execution-activities.ts';
import { nextStepStates } from './step-states.ts';

export type AdvanceExecutionResult = { progress: ExecutionProgress; queued: number; cancelled: number };

/**
 * Applies one execution event of @outpilot/domain (performed, accepted, replied, timedOut,
 * skipped, failed, cancelled, resumed) to a stored execution, in the caller's transaction:
 * locks the row, stores the new progress and step states, cancels the queued activities of an
 * execution that left InQueue, and queues the next step's activity when it is InQueue and the
 * campaign runs (a Stopped campaign's activities are queued again when it resumes). Then re-plans
 * the persona's queue. A refused event throws a 422 with the domain's description, changing nothing.
 * personaId, when given, scopes the lookup (404 for another persona's execution).
 */
export async function advanceExecution(
  tx: Executor,
  input: { executionId: string; event: ExecutionEvent; now: Date; personaId?: string },
): Promise<AdvanceExecutionResult> {
  const [row] = await tx
    .select({ execution: executions, campaign: { state: campaigns.state, steps: campaigns.steps } })
    .from(executions)
    .innerJoin(campaigns, eq(campaigns.id, executions.campaignId))
    .where(
      and(
        eq(executions.id, input.executionId),
        input.personaId ? eq(executions.personaId, input.personaId) : undefined,
      ),
    )
    .for('update', { of: executions });
  if (!row) throw new NotFoundError('Execution not found');
  const { execution, campaign } = row;
  const before: ExecutionProgress = {
    state: execution.state,
    stepIndex: execution.stepIndex,
    dueAt: execution.dueAt,
    awaitingUntil: execution.awaitingUntil,
  };
  const result = applyExecutionEvent(before, campaign.steps, input.event);
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
      stepStates: nextStepStates(execution.stepStates, before, after, input.event),
      startedAt: execution.startedAt ?? (after.state === 'NotStarted' ? null : input.now),
      completedAt: isFinal ? input.now : null,
    })
    .where(eq(executions.id, execution.id));

  let cancelled = 0;
  let queued = 0;
  if (after.state !== 'InQueue') cancelled = await cancelExecutionActivities(tx, execution.id);
  else if (campaign.state === 'Running') {
    queued = await queueExecutionActivities(tx, {
      campaignId: execution.campaignId,
      steps: campaign.steps,
      now: input.now,
      executionIds: [execution.id],
    });
  }
  if (queued > 0 || cancelled > 0) await replanPersonaQueue(tx, execution.personaId, input.now);
  return { progress: after, queued, cancelled };
}

/**
 * After a step completes (the report system applied 'performed' or 'skipped'; the sync system
 * 'accepted'): queues the execution's next activity if it is due one. Kept as its own entry so
 * callers that moved an execution by other means can ask for the next activity.
 */
export async function scheduleNextActivity(
  tx: Executor,
  input: { executionId: string; now: Date },
): Promise<number> {
  const [row] = await tx
    .select({
      personaId: executions.personaId,
      campaignId: executions.campaignId,
      state: executions.state,
      campaignState: campaigns.state,
      steps: campaigns.steps,
    })
    .from(executions)
    .innerJoin(campaigns, eq(campaigns.id, executions.campaignId))
    .where(eq(executions.id, input.executionId));
  if (!row) return 0;
  if (row.state !== 'InQueue' || row.campaignState !== 'Running') return 0;
  const queued = await queueExecutionActivities(tx, {
    campaignId: row.campaignId,
    steps: row.steps,
    now: input.now,
    executionIds: [input.executionId],
  });
  if (queued > 0) await replanPersonaQueue(tx, row.personaId, input.now);
  return queued;
}
