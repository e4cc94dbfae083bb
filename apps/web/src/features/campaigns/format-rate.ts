/** A list rate (§2): rounded to a whole percent; a missing rate shows '...'. */
export function formatRate(rate: number | null): string {
  return rate === null ? '...' : `${Math.round(rate)}%`;
}

/** The row's progress (started_count over target_audience_count) as a 0-100 value for the bar. */
export function progressPercent(started: number, target: number): number {
  if (target <= 0) return 0;
  return Math.min(100, (started / target) * 100);
}
