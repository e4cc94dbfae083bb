import { applyExecutionEvent, notStartedProgress } from '@outpilot/domain';
import { sql } from 'drizzle-orm';
import { replanPersonaQueue } from '../activities-queue/plan-persona-queue.ts';
import type { StepStates } from '../db/schema.ts';
import { campaignAudience, executions } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { queueExecutionActivities } from '../executions/queue-execution-activities.ts';
import { nextStepStates } from '../executions/step-states.ts';
import { type Executor, rowsOf } from './db-executor.ts';
import type { CampaignRow } from './find-campaign.ts';

/**
 * The launch system: makes an execution for every audience contact of the campaign that has none
 * yet (launched: InQueue on the first action, due after launch_in_minutes and the Delay steps
 * before it) and queues their first activities, then plans the persona's queue. All in the
 * caller's transaction, so a failure anywhere leaves no execution and no activity behind.
 * Callers exclude the contacts that break a rule first (excludeInvalidAudience).
 */
export async function launchExecutions(
  tx: Executor,
  input: { campaign: CampaignRow; now: Date },
): Promise<{ launched: string[] }> {
  const { campaign, now } = input;
  const launched = applyExecutionEvent(notStartedProgress, campaign.steps, {
    type: 'launched',
    at: now,
    launchInMinutes: campaign.launchInMinutes,
  });
  if (!launched.ok) throw new AppError(422, 'UnprocessableEntity', launched.description);
  const progress = launched.progress;
  const stepStates: StepStates = nextStepStates({}, notStartedProgress, progress, {
    type: 'launched',
    at: now,
  });
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into ${executions} (persona_id, campaign_id, contact_id, state, step_index, due_at, step_states, started_at, created_at)
      select a.persona_id, a.campaign_id, a.contact_id, ${progress.state}, ${progress.stepIndex},
             ${progress.dueAt?.toISOString() ?? null}::timestamptz, ${JSON.stringify(stepStates)}::jsonb,
             ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from ${campaignAudience} a
      where a.campaign_id = ${campaign.id}::uuid
      order by a.created_at, a.contact_id
      on conflict (campaign_id, contact_id) do nothing
      returning id`),
  );
  const ids = inserted.map((row) => row.id);
  if (ids.length > 0 && campaign.state === 'Running') {
    await queueExecutionActivities(tx, {
      campaignId: campaign.id,
      steps: campaign.steps,
      now,
      executionIds: ids,
    });
    await replanPersonaQueue(tx, campaign.personaId, now);
  }
  return { launched: ids };
}
