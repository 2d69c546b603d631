/**
 * Engine accuracy, default settings, no labels: the public labelled datasets in
 * ../shared/data, and synthetic contacts, companies, tickets and deals with known truth (tickets and
 * deals from a generated portal, as the HubSpot sandbox serves them; "as mirrored" keeps
 * only the properties the product's mirror fetches today). Prints one table row per
 * dataset and size: pairwise precision, recall and F1, B-cubed F1, pairs compared, and
 * the share of records the engine puts in a group beside the true share (what the
 * dashboard would report as duplicates). The worst 10 false groups and 10 missed pairs of
 * each dataset go to bench/results/accuracy-details.md (git-ignored: rewritten every run).
 *
 * Run: npm run bench:accuracy [-- name-filter]
 *      BENCH_SYNTHETIC_SIZES=300,5000 (tickets and deals), BENCH_CONTACT_SIZES=5000, BENCH_COMPANY_SIZES=10000
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findDuplicates, type EngineRecord } from '../src/engine';
import { MIRRORED_PROPERTIES } from '../src/server/modules/hubspot';
import type { ObjectType } from '../src/shared/object-types';
import { describeRecord, falseGroups, missedPairs } from './lib/accuracy-details';
import { DATASETS, loadDataset } from './lib/datasets';
import { measureAccuracy, predictedClusters } from './lib/metrics';
import { syntheticCompanies, syntheticContacts, syntheticPortalRecords, type LabelledRecords } from './lib/synthetic-sets';

interface Row {
  name: string;
  objectType: ObjectType;
  load: () => LabelledRecords;
}

const sizes = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',').filter(Boolean).map(Number);
const rows: Row[] = [
  ...DATASETS.map((dataset): Row => ({ name: dataset.name, objectType: dataset.objectType, load: () => loadDataset(dataset) })),
  ...sizes('BENCH_CONTACT_SIZES', '5000').map((size): Row => ({ name: `synthetic contacts ${size}`, objectType: 'contacts', load: () => syntheticContacts(size) })),
  ...sizes('BENCH_COMPANY_SIZES', '10000').map((size): Row => ({ name: `synthetic companies ${size}`, objectType: 'companies', load: () => syntheticCompanies(size) })),
  ...(['tickets', 'deals'] as const).flatMap((type) =>
    sizes('BENCH_SYNTHETIC_SIZES', '300,5000').flatMap((size): Row[] => [
      { name: `synthetic ${type} ${size}`, objectType: type, load: () => syntheticPortalRecords(type, size) },
      { name: `synthetic ${type} ${size} as mirrored`, objectType: type, load: () => syntheticPortalRecords(type, size, { properties: MIRRORED_PROPERTIES[type] }) },
    ]),
  ),
];

const only = process.argv[2];
const details: string[] = [
  '# Accuracy details',
  '',
  `Written by \`npm run bench:accuracy${only ? ` -- ${only}` : ''}\`. Per dataset: the worst false groups (records of more than one true entity, most wrong pairs first) and a spread of missed true pairs. \`entity\` is the true label.`,
];
const header = `${'dataset'.padEnd(38)} ${'records'.padStart(7)} ${'pairs'.padStart(8)} ${'groups'.padStart(6)}  precision  recall  F1      B3-F1   grouped  truly dup  ms`;
console.log(header);
console.log('-'.repeat(header.length));
for (const row of rows) {
  if (only && !row.name.includes(only)) continue;
  const { records, truth } = row.load();
  const started = performance.now();
  const result = findDuplicates(records, row.objectType);
  const ms = performance.now() - started;
  const accuracy = measureAccuracy(truth, predictedClusters(records, result.groups));
  console.log(
    `${row.name.padEnd(38)} ${String(records.length).padStart(7)} ${String(result.pairsCompared).padStart(8)} ${String(result.groups.length).padStart(6)}  ${accuracy.precision.toFixed(4)}     ${accuracy.recall.toFixed(4)}  ${accuracy.f1.toFixed(4)}  ${accuracy.bcubedF1.toFixed(4)}  ${percent(result.duplicateRecordCount, records.length)}  ${percent(trulyDuplicated(truth), records.length)}    ${ms.toFixed(0)}`,
  );
  if (process.env.VERBOSE) console.log(JSON.stringify({ lambda: result.model.lambda, fields: result.model.fields.map((f) => [f.field, f.levels.map((l) => `${l.label}:${l.weight.toFixed(1)}`)]) }));
  details.push('', `## ${row.name}`, '', `${records.length} records; precision ${accuracy.precision.toFixed(4)}, recall ${accuracy.recall.toFixed(4)}, F1 ${accuracy.f1.toFixed(4)}.`);
  details.push(...detailsOf(records, truth, result.groups));
}
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'accuracy-details.md');
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, `${details.join('\n')}\n`);
console.log(`\nworst false groups and missed pairs: ${path.relative(process.cwd(), file)}`);

function detailsOf(records: readonly EngineRecord[], truth: readonly string[], groups: Parameters<typeof falseGroups>[2]): string[] {
  const lines: string[] = ['', '### Worst false groups', ''];
  const indexOf = new Map(records.map((record, i) => [record.id, i]));
  const wrong = falseGroups(records, truth, groups);
  if (wrong.length === 0) lines.push('None.');
  wrong.forEach(({ group, wrongPairs }, k) => {
    lines.push(`${k + 1}. ${group.recordIds.length} records, ${wrongPairs} wrong pairs, confidence ${group.confidence}, match key ${group.matchKey}`);
    for (const id of group.recordIds) lines.push(`   - ${describeRecord(records[indexOf.get(id)!]!, truth[indexOf.get(id)!]!)}`);
    const pair = group.pairs[0];
    if (pair) lines.push(`   - strongest link ${pair.a}~${pair.b}: ${pair.fields.filter((f) => f.weight !== 0).map((f) => `${f.field} ${f.level} (${f.weight})`).join(', ')}`);
  });
  lines.push('', '### Missed pairs', '');
  const missed = missedPairs(records, truth, groups);
  if (missed.length === 0) lines.push('None.');
  missed.forEach(([a, b], k) => {
    lines.push(`${k + 1}. ${describeRecord(records[a]!, truth[a]!)}`, `   ${describeRecord(records[b]!, truth[b]!)}`);
  });
  return lines;
}

function trulyDuplicated(truth: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const entity of truth) counts.set(entity, (counts.get(entity) ?? 0) + 1);
  return truth.filter((entity) => counts.get(entity)! > 1).length;
}

function percent(part: number, whole: number): string {
  return `${((100 * part) / Math.max(1, whole)).toFixed(1).padStart(6)}%`;
}
