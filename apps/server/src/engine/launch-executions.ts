import { applyExecutionEvent, campaignQueueWindow, limitKindOf, notStartedProgress } from '@outpilot/domain';
import { sql } from 'drizzle-orm';
import type { CampaignRow } from '../campaigns/find-campaign.ts';
import type { Executor } from '../db/executor.ts';
import { rowsOf } from '../db/rows-of.ts';
import type { StepStates } from '../db/schema.ts';
import { activities, campaignAudience, campaigns, executions } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { queueRoom } from './queue-waiting-activities.ts';
import { nextStepStates } from './step-states.ts';

/**
 * The launch system: makes an execution for every audience contact of the campaign that has none
 * yet (launched: InQueue on the first action, due after launch_in_minutes and the Delay steps
 * before it) and, when the campaign is Running, queues the first activities of as many as its
 * queue window has room for (queueWaitingActivities' rule; the trigger wakes the persona). The
 * others wait InQueue for the engine's top-up, the campaign marked (executions_waiting). All in
 * the caller's transaction, so a failure anywhere leaves no execution and no activity behind.
 * Set-based: one statement inserts the executions from campaign_audience and those activities; no
 * execution id travels through Node. Answers how many contacts were launched. Callers hold the
 * campaign row (FOR UPDATE) and exclude the contacts that break a rule first
 * (excludeInvalidAudience).
 */
export async function launchExecutions(
  tx: Executor,
  input: { campaign: CampaignRow; now: Date; window?: number },
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
  // constant row per execution (due at the execution's due time, or now if that has passed), for
  // as many as the window has room for (counted on the statement's snapshot, before these). The
  // persona and campaign are the campaign's own, so they need not travel through the CTE.
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
          select ${campaign.personaId}::uuid, ${campaign.id}::uuid, l.id, ${stepIndex + 1}::int, ${step.type}::text,
                 ${limitKindOf(step.type)}::text,
                 greatest(coalesce(${dueAt}::timestamptz, ${nowIso}::timestamptz), ${nowIso}::timestamptz)
          from launched l
          limit ${queueRoom(campaign.id, input.window ?? campaignQueueWindow)}
          returning 1),
        marked as (
          update ${campaigns} set executions_waiting = true
          where ${campaigns.id} = ${campaign.id}::uuid and (select count(*) from launched) > (select count(*) from queued))`
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
          -- Every caller holds the campaign row, so no launch of it runs alongside: an anti-join,
          -- not ON CONFLICT (a speculative insertion per row); the unique index still stands guard.
          -- In the audience key's order: the indexes on contact ids fill page by page.
          and not exists (select 1 from ${executions} e where e.campaign_id = a.campaign_id and e.contact_id = a.contact_id)
        order by a.contact_id
        returning id)
      ${firstActivities}
      select count(*)::int as launched from launched`),
  );
  return { launched: result?.launched ?? 0 };
}
