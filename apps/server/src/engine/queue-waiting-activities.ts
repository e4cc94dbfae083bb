import type { OperationType, StoredStep } from '@outpilot/contracts';
import { campaignQueueWindow, limitKindOf } from '@outpilot/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { rowsOf } from '../db/rows-of.ts';
import { activities, campaigns, executions } from '../db/schema.ts';

/** The operation and limit kind of each action step, by 0-based index (Delay steps have none). */
function stepOperations(steps: readonly StoredStep[]) {
  return steps.flatMap((step, index) => {
    if (step.type === 'Delay') return [];
    const operation: OperationType = step.type;
    return [{ step_index: index, operation_type: operation, limit_kind: limitKindOf(operation) }];
  });
}

/** How many activities a campaign holds queued, as a scalar subquery (`campaign`: its id, as SQL). */
export function queuedCount(campaign: SQL): SQL {
  return sql`(select count(*) from ${activities} q where q.campaign_id = ${campaign} and q.state = 'queued')`;
}

/**
 * How many more activities the campaign may queue before it holds `window` (campaignQueueWindow
 * of @outpilot/domain), as an expression for the statement that queues them.
 */
export function queueRoom(campaignId: string, window: number): SQL {
  return sql`(greatest(${window}::int - ${queuedCount(sql`${campaignId}::uuid`)}, 0)::int)`;
}

/**
 * Queues the activity of the current step of a campaign's waiting executions: InQueue on an action
 * step, with no activity of that step other than a cancelled one (a stop or complete cancelled it:
 * it is queued again; a claimed or done one is never touched, and a step can never hold two
 * activities of one type). Those queued before first (a resumed campaign's contacts keep their
 * turn), then earliest due; due then or now if that has passed, until the campaign holds `window`
 * queued activities. When any is left waiting it marks the campaign (executions_waiting) for the
 * engine's top-up (engine/top-up-campaign-queues.ts); otherwise it clears the mark. One
 * statement; run it in the transaction that holds the campaign row. The trigger wakes the
 * persona. Answers the queued count.
 */
export async function queueWaitingActivities(
  tx: Executor,
  input: { campaignId: string; steps: readonly StoredStep[]; now: Date; window?: number },
): Promise<number> {
  const operations = stepOperations(input.steps);
  if (operations.length === 0) return 0;
  const now = input.now.toISOString();
  // The waiting executions with the operation of their step (a: a cancelled activity of it).
  const waiting = sql`from ${executions} e
    join jsonb_to_recordset(${JSON.stringify(operations)}::jsonb)
      as m(step_index int, operation_type text, limit_kind text) on m.step_index = e.step_index
    left join ${activities} a on a.execution_id = e.id and a.step_number = e.step_index + 1
      and a.operation_type = m.operation_type
    where e.campaign_id = ${input.campaignId}::uuid and e.state = 'InQueue'
      and (a.id is null or a.state = 'cancelled')`;
  const [result] = rowsOf<{ queued: number }>(
    await tx.execute(sql`
      with room as (select ${queueRoom(input.campaignId, input.window ?? campaignQueueWindow)} as n),
      queued as (
        insert into ${activities} (persona_id, campaign_id, execution_id, step_number, operation_type, limit_kind, due_at)
        select e.persona_id, e.campaign_id, e.id, e.step_index + 1, m.operation_type, m.limit_kind,
               greatest(coalesce(e.due_at, ${now}::timestamptz), ${now}::timestamptz)
        ${waiting}
        order by a.id is null, e.due_at, e.id
        limit (select n from room)
        -- An execution moved meanwhile (completed by its user, say) is rechecked or skipped, never
        -- queued from a stale read; skipped, not waited for, since a report holding it may be
        -- waiting for this campaign's row.
        for no key update of e skip locked
        on conflict (execution_id, step_number, operation_type) do update
          set state = 'queued', due_at = excluded.due_at, lease_owner = null,
              lease_expires_at = null
          where ${activities.state} = 'cancelled'
        returning 1),
      marked as (
        -- Still marked while more were waiting (as the statement began) than it queued: beyond
        -- the window, or skipped. A skipped one that has ended is not waiting at the next look.
        update ${campaigns}
        set executions_waiting = (select count(*) from (select 1 ${waiting} limit (select n + 1 from room)) w)
          > (select count(*) from queued)
        where ${campaigns.id} = ${input.campaignId}::uuid)
      select count(*)::int as queued from queued`),
  );
  return result?.queued ?? 0;
}
