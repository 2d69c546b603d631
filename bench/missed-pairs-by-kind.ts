/**
 * The true pairs a scan misses on a labelled person dataset, sorted by kind of difference
 * in each field (names swapped, an initial, typos, a date off by digits or by weeks, a
 * town misspelt, a field missing), and whether the two records were grouped at all.
 * Default settings. The kinds are told apart here, from the raw values, not by the engine.
 *
 * Run: npx tsx bench/missed-pairs-by-kind.ts [dataset-name-filter] [--pairs]
 *      (default fake_1000; --pairs lists every missed pair as well)
 */
import { findDuplicates } from '../src/engine';
import { DATASETS, loadDataset } from './lib/datasets';
import { predictedClusters } from './lib/metrics';

const filter = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'fake_1000';
const dataset = DATASETS.find((d) => d.name.includes(filter) && d.objectType === 'contacts');
if (!dataset) throw new Error(`No contacts dataset named like "${filter}"`);
const { records, truth } = loadDataset(dataset);
const result = findDuplicates(records, 'contacts');
const predicted = predictedClusters(records, result.groups);
const grouped = new Set(result.groups.flatMap((group) => group.recordIds));

const fold = (value: unknown) => String(value ?? '').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
const text = (i: number, property: string) => fold(records[i]!.properties?.[property]);

/** Letters wrong, missing, added or swapped with the next, up to `max` (then max + 1). */
function slips(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    rows.push(row);
  }
  return Math.min(rows[a.length]![b.length]!, max + 1);
}

function nameKind(a: string, b: string): string {
  if (a === '' || b === '') return a === b ? 'both missing' : 'missing on one side';
  if (a === b) return 'same';
  if (a.length === 1 || b.length === 1) return a[0] === b[0] ? 'an initial' : 'different';
  if (a.startsWith(b) || b.startsWith(a)) return 'a short form';
  const n = slips(a, b, 3);
  return n === 1 ? 'one slip' : n === 2 ? 'two slips' : [...a].sort().join('') === [...b].sort().join('') ? 'letters scrambled' : 'different';
}

/** YYYYMMDD from "1984-11-20" or "19841120"; '' otherwise. */
const ymd = (value: string) => (/^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10).replaceAll('-', '') : /^\d{8}$/.test(value) ? value : '');

function dateKind(x: string, y: string): string {
  const a = ymd(x);
  const b = ymd(y);
  if (a === '' || b === '') return 'missing on one side';
  if (a === b) return 'same';
  if (a.slice(0, 4) === b.slice(0, 4) && a.slice(4, 6) === b.slice(6, 8) && a.slice(6, 8) === b.slice(4, 6)) return 'day and month swapped';
  const n = slips(a, b, 3);
  if (n <= 2) return n === 1 ? 'one digit (or two swapped)' : 'two digits';
  const day = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8))) / 86_400_000;
  if (Math.abs(day(a) - day(b)) <= 35) return 'within 5 weeks';
  const season = Math.abs(day(a) - day(`${a.slice(0, 4)}${b.slice(4)}`));
  if (Math.min(season, 365 - season) <= 35 && (slips(a.slice(0, 4), b.slice(0, 4), 1) === 1 || [1, 10].includes(Math.abs(Number(a.slice(0, 4)) - Number(b.slice(0, 4)))))) {
    return 'year slipped, within 5 weeks of the day';
  }
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
    const swapped = text(i, 'firstname') !== '' && text(i, 'firstname') === text(j, 'lastname');
    const kinds = {
      'first name': swapped ? 'names swapped' : nameKind(text(i, 'firstname'), text(j, 'firstname')),
      'last name': swapped ? 'names swapped' : nameKind(text(i, 'lastname'), text(j, 'lastname')),
      'date of birth': dateKind(text(i, 'date_of_birth'), text(j, 'date_of_birth')),
      town: nameKind(text(i, 'city'), text(j, 'city')),
      email: nameKind(text(i, 'email'), text(j, 'email')),
    };
    for (const [field, kind] of Object.entries(kinds)) count(`${field}: ${kind}`);
    const ids = records[i]!.id;
    count(grouped.has(ids) && grouped.has(records[j]!.id) ? 'both in groups, not the same one' : 'one or both in no group');
    if (process.argv.includes('--pairs')) listed.push(`${ids} ~ ${records[j]!.id}: ${Object.values(kinds).join(' | ')}\n   ${JSON.stringify(records[i]!.properties)}\n   ${JSON.stringify(records[j]!.properties)}`);
  }
}
console.log(`${dataset.name}: ${missed} true pairs missed`);
for (const [kind, n] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1))) console.log(`  ${kind.padEnd(60)} ${n}`);
if (listed.length > 0) console.log(`\n${listed.join('\n')}`);
