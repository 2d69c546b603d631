/**
 * Engine accuracy on the public labelled datasets in ../shared/data, default settings,
 * no labels. Prints pairwise precision, recall, F1 and B-cubed F1 for each.
 * Run: npm run bench:accuracy
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { findDuplicates, type EngineRecord } from '../src/engine';
import type { ObjectType } from '../src/shared/object-types';
import { measureAccuracy } from './lib/metrics';

const dataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/data');

interface Dataset {
  name: string;
  files: string[];
  objectType: ObjectType;
  truth(row: Record<string, string>): string;
  id(row: Record<string, string>, index: number): string;
  properties(row: Record<string, string>): Record<string, string>;
}

const febrlProperties = (row: Record<string, string>) => ({
  firstname: row.given_name ?? '',
  lastname: row.surname ?? '',
  address: [row.street_number, row.address_1, row.address_2].filter(Boolean).join(' '),
  city: row.suburb ?? '',
  zip: row.postcode ?? '',
  state: row.state ?? '',
  date_of_birth: row.date_of_birth ?? '',
  external_id: row.soc_sec_id ?? '',
});
const febrlTruth = (row: Record<string, string>) => /^rec-(\d+)/.exec(row.rec_id ?? '')?.[1] ?? row.rec_id!;

const DATASETS: Dataset[] = [
  ...['dataset1', 'dataset2', 'dataset3'].map((name) => ({
    name: `febrl ${name}`,
    files: [`febrl/${name}.csv`],
    objectType: 'contacts' as const,
    truth: febrlTruth,
    id: (row: Record<string, string>) => row.rec_id!,
    properties: febrlProperties,
  })),
  {
    name: 'febrl dataset4a+4b',
    files: ['febrl/dataset4a.csv', 'febrl/dataset4b.csv'],
    objectType: 'contacts',
    truth: febrlTruth,
    id: (row, index) => `${index}:${row.rec_id}`,
    properties: febrlProperties,
  },
  {
    name: 'splink fake_1000',
    files: ['splink/fake_1000.csv'],
    objectType: 'contacts',
    truth: (row) => row.cluster!,
    id: (row) => row.unique_id!,
    properties: (row) => ({ firstname: row.first_name ?? '', lastname: row.surname ?? '', date_of_birth: row.dob ?? '', city: row.city ?? '', email: row.email ?? '' }),
  },
  {
    name: 'organisations',
    files: ['dedupe-examples/csv_example_input_with_true_ids.csv'],
    objectType: 'companies',
    truth: (row) => row['True Id']!,
    id: (row) => row.Id!,
    properties: (row) => ({ name: row['Site name'] ?? '', address: row.Address ?? '', zip: row.Zip ?? '', phone: row.Phone ?? '', website: row.Website ?? '' }),
  },
];

function readRows(file: string): Record<string, string>[] {
  return parse(fs.readFileSync(path.join(dataDir, file), 'utf8'), { columns: (h: string[]) => h.map((c) => c.trim()), trim: true, skip_empty_lines: true, relax_column_count: true });
}

const only = process.argv[2];
console.log('dataset                   records   pairs    groups  precision  recall   F1      B3-F1   ms');
for (const dataset of DATASETS) {
  if (only && !dataset.name.includes(only)) continue;
  const rows = dataset.files.flatMap(readRows);
  const records: EngineRecord[] = rows.map((row, i) => ({ id: dataset.id(row, i), properties: dataset.properties(row) }));
  const started = performance.now();
  const result = findDuplicates(records, dataset.objectType);
  const ms = performance.now() - started;
  const clusterOf = new Map<string, string>();
  for (const group of result.groups) for (const id of group.recordIds) clusterOf.set(id, group.id);
  const predicted = records.map((r) => clusterOf.get(r.id) ?? `single:${r.id}`);
  const accuracy = measureAccuracy(rows.map(dataset.truth), predicted);
  console.log(
    `${dataset.name.padEnd(25)} ${String(records.length).padStart(7)} ${String(result.pairsCompared).padStart(7)} ${String(result.groups.length).padStart(8)}  ${accuracy.precision.toFixed(4)}     ${accuracy.recall.toFixed(4)}  ${accuracy.f1.toFixed(4)}  ${accuracy.bcubedF1.toFixed(4)}  ${ms.toFixed(0)}`,
  );
  if (process.env.VERBOSE) console.log(JSON.stringify({ lambda: result.model.lambda, it: result.model.iterations, fields: result.model.fields.map((f) => [f.field, f.levels.map((l) => `${l.label}:${l.weight.toFixed(1)}`)]) }, null, 1));
}
