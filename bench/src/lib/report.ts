import { median } from './stats.ts';

/** A figure measured over several runs (each run one value), with how to print it. */
export type Figure = { runs: number[]; unit: string; digits?: number };

const format = (value: number, digits: number) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';

/** "1,234 ms [1,100–1,300]": the median and the range of the runs. */
export function describe(figure: Figure): string {
  const digits = figure.digits ?? 0;
  const { runs } = figure;
  if (runs.length === 0) return 'n/a';
  const low = Math.min(...runs);
  const high = Math.max(...runs);
  return `${format(median(runs), digits)} ${figure.unit} [${format(low, digits)}–${format(high, digits)}]`;
}

export type ScenarioLine = {
  name: string;
  ours: Figure;
  anchor?: { label: string; figure: Figure } | undefined;
  /** e.g. '2.1× COPY's time'; omitted when there is no anchor. */
  ratio?: string | undefined;
  target: string;
  /** null: no target verdict (informative figure). */
  met: boolean | null;
};

export function printScenario(line: ScenarioLine): void {
  console.log(`  ${line.name}`);
  console.log(`    ours:   ${describe(line.ours)}`);
  if (line.anchor) console.log(`    anchor: ${line.anchor.label}: ${describe(line.anchor.figure)}`);
  if (line.ratio) console.log(`    ratio:  ${line.ratio}`);
  const verdict = line.met === null ? '' : line.met ? ' → met' : ' → NOT met';
  console.log(`    target: ${line.target}${verdict}`);
}

export function heading(text: string): void {
  console.log('');
  console.log(text);
}
