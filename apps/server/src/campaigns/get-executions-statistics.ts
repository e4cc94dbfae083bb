import {
  type ExecutionState,
  type ExecutionsStatisticsResponse,
  executionStates,
  type StepExecutionStatistics,
} from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { CampaignTallies, readCampaignTallies } from './campaign-tallies.ts';
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
  const tallies =
    (await readCampaignTallies(deps.db, [campaign.id])).get(campaign.id) ?? new CampaignTallies();
  const total = zero();
  for (const state of executionStates) total[keyOf[state]] = tallies.executions(state);
  const executionCount = tallies.allExecutions();
  const steps: StepExecutionStatistics[] = campaign.steps.map((step, index) => ({
    step_number: index + 1,
    type: step.type,
    ...zero(),
  }));
  for (const { stepNumber, state, total: reached } of tallies.steps()) {
    const entry = steps[stepNumber - 1];
    const key = keyOf[state as ExecutionState];
    if (entry && key) entry[key] += reached;
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
