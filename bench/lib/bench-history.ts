/**
 * A benchmark's figures against its previous run's: each bench saves what it measured in
 * bench/results/<name>.json (committed with the change that moved them) and prints a table
 * of previous, now and the change, so a slower phase or a costlier record shows in review.
 * The machine's load at the start is saved too: on 2 cores a busy machine doubles times.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';

export interface Figure {
  /** What was measured, unique in the bench ("contacts 1M: compare"). */
  name: string;
  value: number;
  unit: 's' | 'ms' | 'MiB' | 'bytes/record' | 'ratio' | 'count';
  /** Which way is better: a change the other way beyond `noise` is flagged. */
  better: 'lower' | 'higher';
}

interface SavedRun {
  at: string;
  machine: { cores: number; loadAverage1m: number };
  figures: Figure[];
}

const RESULTS = path.join(import.meta.dirname, '..', 'results');
/** Times move by this much between quiet runs on this machine; accuracy figures should not move at all. */
const NOISE: Record<Figure['unit'], number> = { s: 0.15, ms: 0.15, MiB: 0.1, 'bytes/record': 0.1, ratio: 0.002, count: 0.05 };

/** The load when the bench began: read it before any work, so the bench's own load is not counted. */
export const loadAtStart = loadavg()[0]!;

const format = (figure: Figure | undefined) => {
  if (!figure) return '-';
  const { value, unit } = figure;
  const digits = unit === 'ratio' ? 4 : unit === 's' ? 2 : 0;
  return `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}${unit === 'ratio' || unit === 'count' ? '' : ` ${unit}`}`;
};

/** The change from `before` to `now`, and whether it is a regression beyond the unit's noise. */
export function changeOf(before: Figure | undefined, now: Figure): { text: string; worse: boolean } {
  if (!before || before.value === 0) return { text: 'new', worse: false };
  const relative = (now.value - before.value) / Math.abs(before.value);
  const worse = now.better === 'lower' ? relative > NOISE[now.unit] : -relative > NOISE[now.unit];
  const sign = relative > 0 ? '+' : '';
  return { text: `${sign}${(relative * 100).toFixed(1)}%${worse ? '  WORSE' : ''}`, worse };
}

/** Prints the table against the saved run and saves this one in its place. Returns how many figures got worse. */
export function compareWithPrevious(bench: string, figures: Figure[]): number {
  const file = path.join(RESULTS, `${bench}.json`);
  const previous: SavedRun | null = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SavedRun) : null;
  const before = new Map(previous?.figures.map((f) => [f.name, f]));
  const width = Math.max(6, ...figures.map((f) => f.name.length));
  console.log('');
  console.log(previous ? `against the previous run (${previous.at}, load ${previous.machine.loadAverage1m.toFixed(1)} on ${previous.machine.cores} cores; now load ${loadAtStart.toFixed(1)}):` : `first run saved (load ${loadAtStart.toFixed(1)}):`);
  console.log(`${'figure'.padEnd(width)}  ${'previous'.padStart(20)}  ${'now'.padStart(20)}  change`);
  let worse = 0;
  for (const figure of figures) {
    const change = changeOf(before.get(figure.name), figure);
    if (change.worse) worse++;
    console.log(`${figure.name.padEnd(width)}  ${format(before.get(figure.name)).padStart(20)}  ${format(figure).padStart(20)}  ${change.text}`);
  }
  mkdirSync(RESULTS, { recursive: true });
  const run: SavedRun = { at: new Date().toISOString(), machine: { cores: availableParallelism(), loadAverage1m: Math.round(loadAtStart * 100) / 100 }, figures };
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  console.log(`saved to bench/results/${bench}.json: commit it with the change that moved these figures${worse ? ` (${worse} worse than before)` : ''}`);
  return worse;
}
