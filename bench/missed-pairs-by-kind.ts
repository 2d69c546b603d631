/**
 * The true pairs a scan misses on a labelled person dataset, sorted by kind of difference
 * (swapped names, initials, nicknames, typos, dates off, towns misspelt, missing fields),
 * with whether blocking compared them and the weight they reached. Default settings.
 *
 * Run: npx tsx bench/missed-pairs-by-kind.ts [dataset-name-filter] [--pairs]
 *      (default: fake_1000; --pairs lists every missed pair too)
 */
import { editDistance } from '../src/engine/compare/similarity';
import { duplicatePipeline, type StageRunner } from '../src/engine/find-duplicates';
import { normalizeDate } from '../src/engine/normalize/date';
import { canonicalGivenName, normalizeNamePart } from '../src/engine/normalize/person-name';
import { compareRange } from '../src/engine/score/comparison-vectors';
import { scorePairs } from '../src/engine/score/score-pairs';
import { termFrequencies } from '../src/engine/score/term-frequency';
import { NULL_LEVEL, type Comparison } from '../src/engine/types';
import { DATASETS, loadDataset } from './lib/datasets';
import { predictedClusters } from './lib/metrics';

const filter = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'fake_1000';
const dataset = DATASETS.find((d) => d.name.includes(filter) && d.objectType === 'contacts');
if (!dataset) throw new Error(`No contacts dataset named like "${filter}"`);
const { records, truth } = loadDataset(dataset);

// The candidate pairs and their levels, as the scan compared them.
let candidates: { comparisons: readonly Comparison[]; left: Int32Array; right: Int32Array; levels: Uint8Array[]; frequencies: ReturnType<typeof termFrequencies> } | undefined;
const runner: StageRunner = {
  prepare: (model, prepared, settings) => model.prepare(prepared, settings),
  compare: (comparisons, left, right) => {
    const levels = compareRange(comparisons, left, right, 0, left.length);
    // Term frequencies now: the scan empties the columns' values after comparing.
    candidates ??= { comparisons, left, right, levels, frequencies: termFrequencies(comparisons, records.length) };
    return levels;
  },
};
const steps = duplicatePipeline(records, 'contacts', {}, runner);
let step = steps.next();
while (!step.done) step = steps.next(step.value);
const result = step.value;
const { comparisons, left, right, levels, frequencies } = candidates!;
const model = { ...result.model, lambdaCandidates: 0, m: result.model.fields.map((f) => f.levels.map((l) => l.m)), u: result.model.fields.map((f) => f.levels.map((l) => l.u)) };
const weights = scorePairs(comparisons, { count: left.length, levels }, model, frequencies, left, right);
const candidateOf = new Map<number, number>();
for (let k = 0; k < left.length; k++) candidateOf.set(left[k]! * records.length + right[k]!, k);
const predicted = predictedClusters(records, result.groups);

const text = (i: number, property: string) => String(records[i]!.properties?.[property] ?? '');

function nameKind(x: string, y: string): string {
  const a = normalizeNamePart(x);
  const b = normalizeNamePart(y);
  if (a === '' || b === '') return a === b ? 'both missing' : 'missing';
  if (a === b) return 'same';
  if (canonicalGivenName(a) === canonicalGivenName(b)) return 'nickname';
  if (a.length === 1 || b.length === 1) return a[0] === b[0] ? 'initial' : 'different';
  const distance = editDistance(a, b, 3);
  return distance <= 1 ? 'one typo' : distance <= 2 ? 'two typos' : 'different';
}

function dateKind(x: string, y: string): string {
  const a = normalizeDate(x);
  const b = normalizeDate(y);
  if (a === '' || b === '') return 'missing';
  if (a === b) return 'same';
  if (a.slice(0, 4) === b.slice(0, 4) && a.slice(4, 6) === b.slice(6, 8) && a.slice(6, 8) === b.slice(4, 6)) return 'day and month swapped';
  const distance = editDistance(a, b, 3);
  if (distance <= 2) return distance === 1 ? 'one digit (or two swapped)' : 'two digits';
  const day = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8))) / 86_400_000;
  if (Math.abs(day(a) - day(b)) <= 35) return 'within 5 weeks';
  return a.slice(0, 4) === b.slice(0, 4) ? 'same year' : 'different';
}

const counts = new Map<string, number>();
const count = (kind: string) => counts.set(kind, (counts.get(kind) ?? 0) + 1);
const listed: string[] = [];
let missed = 0;
for (let i = 0; i < records.length; i++) {
  for (let j = i + 1; j < records.length; j++) {
    if (truth[i] !== truth[j] || predicted[i] === predicted[j]) continue;
    missed++;
    const swapped = normalizeNamePart(text(i, 'firstname')) !== '' && normalizeNamePart(text(i, 'firstname')) === normalizeNamePart(text(j, 'lastname'));
    const kinds = {
      'first name': swapped ? 'names swapped' : nameKind(text(i, 'firstname'), text(j, 'firstname')),
      'last name': swapped ? 'names swapped' : nameKind(text(i, 'lastname'), text(j, 'lastname')),
      'date of birth': dateKind(text(i, 'date_of_birth'), text(j, 'date_of_birth')),
      town: nameKind(text(i, 'city'), text(j, 'city')),
      email: text(i, 'email') === '' || text(j, 'email') === '' ? 'missing' : text(i, 'email') === text(j, 'email') ? 'same' : 'different',
    };
    for (const [field, kind] of Object.entries(kinds)) count(`${field}: ${kind}`);
    const k = candidateOf.get(i * records.length + j);
    count(k === undefined ? 'blocking: never compared' : 'blocking: compared, weight below the threshold or kept apart');
    if (process.argv.includes('--pairs')) {
      const fields = k === undefined ? 'never compared' : `weight ${weights[k]!.toFixed(1)}: ${comparisons.flatMap((c, ci) => (levels[ci]![k] === NULL_LEVEL ? [] : [`${c.name} ${c.levels[levels[ci]![k]!]!.label}`])).join(', ')}`;
      listed.push(`${records[i]!.id} ~ ${records[j]!.id}: ${Object.values(kinds).join(' | ')}\n   ${JSON.stringify(records[i]!.properties)}\n   ${JSON.stringify(records[j]!.properties)}\n   ${fields}`);
    }
  }
}
console.log(`${dataset.name}: ${missed} true pairs missed; decision threshold ${result.threshold.weight.toFixed(2)} bits`);
for (const [kind, n] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1))) console.log(`  ${kind.padEnd(70)} ${n}`);
if (listed.length > 0) console.log(`\n${listed.join('\n')}`);
