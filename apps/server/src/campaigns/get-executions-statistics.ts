import type {
  ExecutionState,
  ExecutionsStatisticsResponse,
  StepExecutionStatistics,
} from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows-of.ts';
import { executions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { findCampaign } from './find-campaign.ts';

type Counts = Omit<StepExecutionStatistics, 'step_number' | 'type'>;

const keyOf: Readonly<Record<ExecutionState, keyof Counts>> = {
  NotStarted: 'not_started',
  InQueue: 'in_queue',
  InProgress: 'in_progress',
  Succeed: 'succeed',
  Ignored: 'ignored',
  Cancelled: 'cancelled',
  Skipped: 'skipped',
  Failed: 'failed',
};

const zero = (): Counts => ({
  not_started: 0,
  in_queue: 0,
  in_progress: 0,
  succeed: 0,
  ignored: 0,
  cancelled: 0,
  skipped: 0,
  failed: 0,
});

/**
 * GET campaigns/{id}/executions-statistics: the whole campaign by execution state (the pie chart),
 * and per stored step the state each execution reached on it (never reached: not_started).
 */
export async function getExecutionsStatistics(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; campaignId: string },
): Promise<ExecutionsStatisticsResponse> {
  const campaign = await findCampaign(deps.db, input);
  const byState = rowsOf<{ state: ExecutionState; total: number }>(
    await deps.db.execute(sql`
      select state, count(*)::int as total from ${executions}
      where campaign_id = ${campaign.id}::uuid group by state`),
  );
  const byStep = rowsOf<{ step: string; state: ExecutionState; total: number }>(
    await deps.db.execute(sql`
      select s.key as step, s.value as state, count(*)::int as total
      from ${executions} e, jsonb_each_text(e.step_states) s
      where e.campaign_id = ${campaign.id}::uuid group by s.key, s.value`),
  );
  const total = zero();
  let executionCount = 0;
  for (const row of byState) {
    total[keyOf[row.state]] += row.total;
    executionCount += row.total;
  }
  const steps: StepExecutionStatistics[] = campaign.steps.map((step, index) => ({
    step_number: index + 1,
    type: step.type,
    ...zero(),
  }));
  for (const row of byStep) {
    const entry = steps[Number(row.step) - 1];
    if (entry) entry[keyOf[row.state]] += row.total;
  }
  for (const entry of steps) {
    const reached = Object.entries(keyOf).reduce(
      (sum, [state, key]) => (state === 'NotStarted' ? sum : sum + entry[key]),
      0,
    );
    entry.not_started += Math.max(0, executionCount - reached);
  }
  return { total, steps };
}
