import type { ActivitiesQueueResponse, ActivityQueueItem } from '@outpilot/contracts';
import { explainWait, isWithinWorkingHours, minutesUntil } from '@outpilot/domain';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { rowsOf } from '../db/rows-of.ts';
import { activities, campaigns, executions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { forecastPersonaQueue } from '../engine/forecast-persona-queue.ts';
import {
  loadExecutionViews,
  renderStepMessage,
  toExecutionDocument,
  toLinkedinContact,
} from '../executions/to-execution-documents.ts';

export const defaultQueueTake = 100;

/**
 * The next activities of the persona's paused campaigns, in queue order: a stop (by its user, or
 * the engine's on a network sign-out) cancels a campaign's queued activities and a resume queues
 * the same ones again (queueWaitingActivities), so they are the cancelled activity of each InQueue
 * execution's current step. Listed after what will run, with no time and the pause's reason, so a
 * signed-out network does not leave the queue looking empty. `take` of them, and how many there are.
 */
async function pausedCampaignsNext(
  db: Executor,
  personaId: string,
  take: number,
): Promise<{ ids: string[]; total: number }> {
  const next = sql`from ${campaigns} c
    join ${activities} a on a.campaign_id = c.id and a.state = 'cancelled'
    join ${executions} e on e.id = a.execution_id and e.state = 'InQueue' and a.step_number = e.step_index + 1
    where c.persona_id = ${personaId}::uuid and c.state = 'Stopped'`;
  const [ids, [counted]] = await Promise.all([
    take <= 0
      ? []
      : rowsOf<{ id: string }>(
          await db.execute(sql`select a.id ${next} order by a.due_at, a.step_number, a.id limit ${take}`),
        ),
    rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total ${next}`)),
  ]);
  return { ids: ids.map((row) => row.id), total: counted?.total ?? 0 };
}

/**
 * GET workspace/activities-queue: the persona's pending activities in the order they will run.
 * Queued ones get the forecast as of now (injected clock), the claim's own rule applied step by
 * step, so run_in_minutes is what will really happen; claimed ones are processing (0). The total
 * counts every pending activity; one the forecast cannot place within its horizon (a limit of 0,
 * a queue of many weeks) is not listed. Paused campaigns' next activities follow, without a time
 * (run_in_minutes null), each saying why its campaign is paused, and count in the total.
 */
export async function listActivitiesQueue(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; take?: number | undefined },
): Promise<ActivitiesQueueResponse> {
  const now = deps.clock.now();
  const take = input.take ?? defaultQueueTake;
  // The page shows the first `take` to run: the forecast need place no more.
  const { context, runsAt } = await forecastPersonaQueue(deps.db, input.personaId, now, { limit: take });
  const [claimed, [pending]] = await Promise.all([
    deps.db
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.personaId, input.personaId), eq(activities.state, 'claimed'))),
    deps.db
      .select({ total: count() })
      .from(activities)
      .where(
        and(eq(activities.personaId, input.personaId), inArray(activities.state, ['queued', 'claimed'])),
      ),
  ]);
  const order = [
    ...claimed.map((row) => ({ id: row.id, at: now })),
    ...[...runsAt].map(([id, at]) => ({ id, at })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const placed: { id: string; at: Date | null }[] = order.slice(0, take);
  const paused = await pausedCampaignsNext(deps.db, input.personaId, take - placed.length);
  const page = [...placed, ...paused.ids.map((id) => ({ id, at: null }))];
  const rows =
    page.length === 0
      ? []
      : await deps.db
          .select({
            id: activities.id,
            executionId: activities.executionId,
            stepNumber: activities.stepNumber,
            operationType: activities.operationType,
            dueAt: activities.dueAt,
          })
          .from(activities)
          .where(
            inArray(
              activities.id,
              page.map((entry) => entry.id),
            ),
          );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const claimedIds = new Set(claimed.map((row) => row.id));
  const views = new Map(
    (
      await loadExecutionViews(
        deps.db,
        input.personaId,
        rows.map((row) => row.executionId),
        { now, runsAt },
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
        run_in_minutes: entry.at === null ? null : minutesUntil(entry.at, now),
        actions: execution.actions,
        message:
          row.operationType === 'Withdraw'
            ? null
            : renderStepMessage(view.campaign.steps[row.stepNumber - 1], contact),
        wait_reason: claimedIds.has(row.id)
          ? null
          : explainWait({
              now,
              schedule: context.schedule,
              usedToday: context.usedToday,
              activity: {
                id: row.id,
                operation_type: row.operationType,
                due_at: new Date(row.dueAt),
                step_number: row.stepNumber,
              },
              campaign: { state: view.campaign.state, pauseReason: view.campaign.pauseReason },
              runsAt: runsAt.get(row.id),
            }),
      },
    ];
  });
  return {
    data: { documents, total: (pending?.total ?? order.length) + paused.total },
    // The queue's banner 'The weekly limit for sending invitations has been exceeded' (seed 001 §2).
    weekly_invitation_limit_exceeded:
      (context.schedule.invitationsBlockedUntil?.getTime() ?? 0) > now.getTime(),
    outside_working_hours: !isWithinWorkingHours(
      context.schedule.workingHours,
      context.schedule.timezoneOffsetMinutes,
      now,
    ),
  };
}
