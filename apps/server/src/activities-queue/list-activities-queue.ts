import type { ActivitiesQueueResponse, ActivityQueueItem } from '@outpilot/contracts';
import { isWithinWorkingHours } from '@outpilot/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { activities } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import {
  loadExecutionViews,
  renderStepMessage,
  toExecutionDocument,
  toLinkedinContact,
} from '../executions/to-execution-documents.ts';
import { computePersonaPlan } from './plan-persona-queue.ts';

export const defaultQueueTake = 100;

/**
 * GET workspace/activities-queue: the persona's pending activities in the order they will run.
 * Queued ones are planned afresh as of now (injected clock) with the same planner the queue is
 * stored with, so run_in_minutes is what will really happen; claimed ones are processing (0).
 * An activity the planner cannot place within its horizon (a limit of 0) is left out.
 */
export async function listActivitiesQueue(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; take?: number | undefined },
): Promise<ActivitiesQueueResponse> {
  const now = deps.clock.now();
  const { context, planned } = await computePersonaPlan(deps.db, input.personaId, now);
  const claimed = await deps.db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.personaId, input.personaId), eq(activities.state, 'claimed')));
  const order = [
    ...claimed.map((row) => ({ id: row.id, at: now })),
    ...planned.flatMap((plan) => (plan.planned_at ? [{ id: plan.id, at: plan.planned_at }] : [])),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const page = order.slice(0, input.take ?? defaultQueueTake);
  const rows =
    page.length === 0
      ? []
      : await deps.db
          .select({
            id: activities.id,
            executionId: activities.executionId,
            stepNumber: activities.stepNumber,
            operationType: activities.operationType,
          })
          .from(activities)
          .where(
            inArray(
              activities.id,
              page.map((entry) => entry.id),
            ),
          );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const views = new Map(
    (
      await loadExecutionViews(
        deps.db,
        input.personaId,
        rows.map((row) => row.executionId),
      )
    ).map((view) => [view.execution.id, view]),
  );
  const documents: ActivityQueueItem[] = page.flatMap((entry) => {
    const row = byId.get(entry.id);
    const view = row ? views.get(row.executionId) : undefined;
    if (!row || !view) return [];
    const execution = toExecutionDocument(view, now);
    const contact = toLinkedinContact(view.contact);
    return [
      {
        id: row.id,
        campaign: { id: view.campaign.id, name: view.campaign.name },
        execution: {
          id: execution.id,
          state: execution.state,
          human_state: execution.human_state,
          step_executions: execution.step_executions,
          conversation_url: execution.conversation_url,
          linkedin_contact: contact,
        },
        step_number: row.stepNumber,
        operation_type: row.operationType,
        run_in_minutes: Math.max(0, Math.ceil((entry.at.getTime() - now.getTime()) / 60_000)),
        actions: execution.actions,
        message:
          row.operationType === 'Withdraw'
            ? null
            : renderStepMessage(view.campaign.steps[row.stepNumber - 1], contact),
      },
    ];
  });
  return {
    data: { documents, total: order.length },
    weekly_invitation_limit_exceeded: false,
    outside_working_hours: !isWithinWorkingHours(
      context.schedule.workingHours,
      context.schedule.timezoneOffsetMinutes,
      now,
    ),
  };
}
