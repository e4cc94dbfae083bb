import type { StoredStep } from '@outpilot/contracts';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { activities, campaigns, executions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { lockExecution } from './advance-execution.ts';
import { advanceIfAt } from './engine-helpers.ts';

export type TimeoutsResult = { withdrawalsQueued: number; timedOut: number };

/**
 * The timeouts system: executions of Running campaigns whose InProgress wait has passed.
 * - awaiting acceptance (Connect) past the withdraw period: a Withdraw activity is queued (with
 *   the invitation's network ref); its report ends the execution Ignored ('Withdrawn'). Until
 *   then an acceptance seen by sync still wins.
 * - awaiting a reply (Message) past its timeout: timedOut, so the next step is queued or, after
 *   the last step, the execution ends Ignored ('Not responded').
 * One transaction per execution; a change that raced in (a reply, a cancel) just skips it.
 */
export async function applyTimeouts(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  options: { batchSize?: number } = {},
): Promise<TimeoutsResult> {
  const now = deps.clock.now();
  const batchSize = options.batchSize ?? 200;
  const result: TimeoutsResult = { withdrawalsQueued: 0, timedOut: 0 };
  const seen = new Set<string>();
  for (;;) {
    const due = await deps.db
      .select({
        id: executions.id,
        personaId: executions.personaId,
        stepIndex: executions.stepIndex,
        steps: campaigns.steps,
      })
      .from(executions)
      .innerJoin(campaigns, eq(campaigns.id, executions.campaignId))
      .where(
        and(
          eq(executions.state, 'InProgress'),
          lte(executions.awaitingUntil, now),
          eq(campaigns.state, 'Running'),
          sql`not exists (select 1 from ${activities} w where w.execution_id = ${executions.id}
                and w.operation_type = 'Withdraw' and w.state <> 'cancelled')`,
        ),
      )
      .orderBy(asc(executions.awaitingUntil), asc(executions.id))
      .limit(batchSize);
    const fresh = due.filter((row) => !seen.has(row.id));
    if (fresh.length === 0) return result;
    for (const row of fresh) {
      seen.add(row.id);
      const step: StoredStep | undefined = row.stepIndex === null ? undefined : row.steps[row.stepIndex];
      if (step?.type === 'Connect' && row.stepIndex !== null) {
        if (await queueWithdraw(deps, row.id, row.stepIndex + 1, now)) result.withdrawalsQueued += 1;
      } else if (await timeOut(deps, row.id, now)) {
        result.timedOut += 1;
      }
    }
  }
}

async function queueWithdraw(
  deps: Pick<AppDeps, 'db'>,
  executionId: string,
  stepNumber: number,
  now: Date,
): Promise<boolean> {
  const inserted = await deps.db.execute(sql`
    insert into ${activities} (persona_id, campaign_id, execution_id, step_number, operation_type, limit_kind, due_at, network_ref)
    select c.persona_id, c.campaign_id, c.execution_id, c.step_number, 'Withdraw', null, ${now.toISOString()}::timestamptz, c.network_ref
    from ${activities} c
    join ${executions} e on e.id = c.execution_id
    where c.execution_id = ${executionId}::uuid and c.step_number = ${stepNumber}
      and c.operation_type = 'Connect' and e.state = 'InProgress'
    on conflict (execution_id, step_number, operation_type) do update
      set state = 'queued', due_at = excluded.due_at, lease_owner = null,
          lease_expires_at = null, network_ref = excluded.network_ref
      where ${activities.state} = 'cancelled'
    returning ${activities.id}`);
  return (inserted as unknown as { rows: unknown[] }).rows.length > 0;
}

async function timeOut(deps: Pick<AppDeps, 'db'>, executionId: string, now: Date): Promise<boolean> {
  try {
    return await deps.db.transaction(async (tx) => {
      const locked = await lockExecution(tx, executionId);
      if (!locked || locked.execution.stepIndex === null) return false;
      return advanceIfAt(
        tx,
        locked,
        { state: 'InProgress', stepNumber: locked.execution.stepIndex + 1 },
        { type: 'timedOut', at: now },
        now,
      );
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 422) return false;
    throw error;
  }
}
