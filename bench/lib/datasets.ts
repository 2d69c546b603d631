import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import type { EngineRecord } from '../../src/engine';
import type { ObjectType } from '../../src/shared/object-types';

/** The labelled public datasets beside the project (../shared/data, see its README). */
export const DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data');

export interface Dataset {
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

export const DATASETS: Dataset[] = [
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
  return parse(fs.readFileSync(path.join(DATA_DIR, file), 'utf8'), { columns: (h: string[]) => h.map((c) => c.trim()), trim: true, skip_empty_lines: true, relax_column_count: true });
}


/** A dataset's records and the entity of each. */
export function loadDataset(dataset: Dataset): { records: EngineRecord[]; truth: string[] } {
  const rows = dataset.files.flatMap(readRows);
  return { records: rows.map((row, i) => ({ id: dataset.id(row, i), properties: dataset.properties(row) })), truth: rows.map(dataset.truth) };
}
