import { type ExecutionsStatisticsResponse, pieChartLabelThresholdPercent } from '@outpilot/contracts';

type Totals = ExecutionsStatisticsResponse['total'];

/** The pie's slices in the order of the execution states (§4), with their display names. */
const sliceLabels: readonly [keyof Totals, string][] = [
  ['not_started', 'Not started'],
  ['in_queue', 'In queue'],
  ['in_progress', 'In progress'],
  ['succeed', 'Succeed'],
  ['ignored', 'Ignored'],
  ['skipped', 'Skipped'],
  ['cancelled', 'Cancelled'],
  ['failed', 'Failed'],
];

export type ChartSlice = {
  key: keyof Totals;
  name: string;
  value: number;
  percent: number;
  showsLabel: boolean;
};

/** Slices with executions only; a label only for slices of 5% or more (§2, §9). */
export function chartSlices(totals: Totals): ChartSlice[] {
  const all = sliceLabels.reduce((sum, [key]) => sum + totals[key], 0);
  if (all === 0) return [];
  return sliceLabels
    .filter(([key]) => totals[key] > 0)
    .map(([key, name]) => {
      const percent = (totals[key] / all) * 100;
      return { key, name, value: totals[key], percent, showsLabel: percent >= pieChartLabelThresholdPercent };
    });
}

/**
 * The line drawn between slices: white between two or more; none around a lone slice, whose
 * full circle would otherwise show the line as a radius where it starts and ends.
 */
export const sliceBorderOf = (slices: readonly ChartSlice[]): string => (slices.length > 1 ? '#fff' : 'none');

/**
 * Success rate = succeed / processed; processed = all executions minus not started (§2). Null when
 * nothing was processed yet. Rounded to one decimal (§9 completion percentages).
 */
export function successRate(totals: Totals): number | null {
  const all = sliceLabels.reduce((sum, [key]) => sum + totals[key], 0);
  const processed = all - totals.not_started;
  if (processed <= 0) return null;
  return Math.round((totals.succeed / processed) * 1000) / 10;
}
