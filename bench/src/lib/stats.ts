import { runs } from './env.ts';

/** Small statistics helpers: medians and ranges of runs, percentiles of samples. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

/** Samples each timed call makes per run. */
export const samplesPerRun = 20;

/**
 * The p95 of `samples` calls of each of `calls`, after 3 warm-up calls each, once per run. The calls
 * take turns sample by sample, so a burst of load on this shared 2-core machine falls on all of them
 * alike, and a ratio between them compares calls made at the same moments.
 */
export async function interleavedP95Runs(
  calls: readonly (() => Promise<unknown>)[],
  samples = samplesPerRun,
): Promise<number[][]> {
  const result = calls.map((): number[] => []);
  for (let run = 0; run < runs; run += 1) {
    for (let warm = 0; warm < 3; warm += 1) for (const call of calls) await call();
    const timings = calls.map((): number[] => []);
    for (let sample = 0; sample < samples; sample += 1) {
      for (const [index, call] of calls.entries()) timings[index]?.push((await timed(call)).ms);
    }
    for (const [index, series] of timings.entries()) result[index]?.push(percentile(series, 95));
  }
  return result;
}

/** p95 of `samplesPerRun` calls after 3 warm-up calls, once per run. */
export async function p95Runs(call: () => Promise<unknown>): Promise<number[]> {
  const [series] = await interleavedP95Runs([call]);
  return series ?? [];
}
