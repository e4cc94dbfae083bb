import type { OperationType, StoredStep } from '@outpilot/contracts';
import { limitKindOf } from '@outpilot/domain';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../campaigns/db-executor.ts';
import { pgArray } from '../db/pg-array.ts';
import { activities, executions } from '../db/schema.ts';

/** The operation and limit kind of each action step, by 0-based index (Delay steps have none). */
function stepOperations(steps: readonly StoredStep[]) {
  return steps.flatMap((step, index) => {
    if (step.type === 'Delay') return [];
    const operation: OperationType = step.type;
    return [{ step_index: index, operation_type: operation, limit_kind: limitKindOf(operation) }];
  });
}

/**
 * Queues the activity of the current step of every InQueue execution of a campaign (or of the
 * given ones), due at the execution's due time or now if that has passed. One statement: an
 * activity cancelled before (stop, complete, cancel) is queued again, a claimed or done one is
 * never touched, and a step can never hold two activities of one type. Answers the queued count.
 * Run it in the transaction that moved the executions; the trigger wakes the persona.
 */
export async function queueExecutionActivities(
  tx: Executor,
  input: { campaignId: string; steps: readonly StoredStep[]; now: Date; executionIds?: readonly string[] },
): Promise<number> {
  const operations = stepOperations(input.steps);
  if (operations.length === 0) return 0;
  const now = input.now.toISOString();
  // By primary key when the executions are named (a report moves one), else the whole campaign.
  const onlyIds =
    input.executionIds === undefined ? sql`` : sql`and e.id = any(${pgArray(input.executionIds)}::uuid[])`;
  const result = await tx.execute(sql`
    insert into ${activities} (persona_id, campaign_id, execution_id, step_number, operation_type, limit_kind, due_at)
    select e.persona_id, e.campaign_id, e.id, e.step_index + 1, m.operation_type, m.limit_kind,
           greatest(coalesce(e.due_at, ${now}::timestamptz), ${now}::timestamptz)
    from ${executions} e
    join jsonb_to_recordset(${JSON.stringify(operations)}::jsonb)
      as m(step_index int, operation_type text, limit_kind text) on m.step_index = e.step_index
    where e.campaign_id = ${input.campaignId} and e.state = 'InQueue' ${onlyIds}
    on conflict (execution_id, step_number, operation_type) do update
      set state = 'queued', due_at = excluded.due_at, lease_owner = null,
          lease_expires_at = null
      where ${activities.state} = 'cancelled'
    returning ${activities.id}`);
  return rowsOf(result).length;
}
