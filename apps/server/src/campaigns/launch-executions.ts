import { applyExecutionEvent, limitKindOf, notStartedProgress } from '@outpilot/domain';
import { sql } from 'drizzle-orm';
import type { StepStates } from '../db/schema.ts';
import { activities, campaignAudience, executions } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { nextStepStates } from '../executions/step-states.ts';
import { type Executor, rowsOf } from './db-executor.ts';
import type { CampaignRow } from './find-campaign.ts';

/**
 * The launch system: makes an execution for every audience contact of the campaign that has none
 * yet (launched: InQueue on the first action, due after launch_in_minutes and the Delay steps
 * before it) and queues their first activities (the trigger wakes the persona). All in the
 * caller's transaction, so a failure anywhere leaves no execution and no activity behind.
 * Set-based: one statement inserts the executions from campaign_audience and, when the campaign
 * is Running, the first activity of each (what queueExecutionActivities would queue for them);
 * no execution id travels through Node. Answers how many contacts were launched.
 * Callers exclude the contacts that break a rule first (excludeInvalidAudience).
 */
export async function launchExecutions(
  tx: Executor,
  input: { campaign: CampaignRow; now: Date },
): Promise<{ launched: number }> {
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
  const nowIso = now.toISOString();
  const dueAt = progress.dueAt?.toISOString() ?? null;
  // Every launched execution is on the same step with the same due time: its first activity is a
  // constant row per execution (due at the execution's due time, or now if that has passed).
  const stepIndex = progress.stepIndex;
  const step = stepIndex === null ? undefined : campaign.steps[stepIndex];
  const firstActivities =
    campaign.state === 'Running' &&
    progress.state === 'InQueue' &&
    stepIndex !== null &&
    step &&
    step.type !== 'Delay'
      ? sql`, queued as (
          insert into ${activities} (persona_id, campaign_id, execution_id, step_number, operation_type, limit_kind, due_at)
          select l.persona_id, l.campaign_id, l.id, ${stepIndex + 1}::int, ${step.type}::text,
                 ${limitKindOf(step.type)}::text,
                 greatest(coalesce(${dueAt}::timestamptz, ${nowIso}::timestamptz), ${nowIso}::timestamptz)
          from launched l
          returning 1)`
      : sql``;
  const [result] = rowsOf<{ launched: number }>(
    await tx.execute(sql`
      with launched as (
        insert into ${executions} (persona_id, campaign_id, contact_id, state, step_index, due_at, step_states, started_at, created_at)
        select a.persona_id, a.campaign_id, a.contact_id, ${progress.state}, ${progress.stepIndex},
               ${dueAt}::timestamptz, ${JSON.stringify(stepStates)}::jsonb,
               ${nowIso}::timestamptz, ${nowIso}::timestamptz
        from ${campaignAudience} a
        where a.campaign_id = ${campaign.id}::uuid
        order by a.created_at, a.contact_id
        on conflict (campaign_id, contact_id) do nothing
        returning id, persona_id, campaign_id)
      ${firstActivities}
      select count(*)::int as launched from launched`),
  );
  return { launched: result?.launched ?? 0 };
}
