import type { EngineRecord } from '../../src/engine';
import type { ObjectType } from '../../src/shared/object-types';
import { mapColumns, type ColumnMapping } from './column-mapping';
import { csvRowBatches } from './csv-rows';

export interface SkippedRow {
  line: number;
  reason: string;
}

export interface CsvRecords {
  records: EngineRecord[];
  mapping: ColumnMapping;
  header: string[];
  skipped: SkippedRow[];
}

/**
 * Reads a CSV into engine records. A malformed row (wrong number of fields, a quote that
 * never closes, a repeated id) is skipped and reported with its line number; the run goes on.
 */
export async function readCsvRecords(file: string, objectType: ObjectType, options: { map: Record<string, string>; idColumn?: string; onRow?: (count: number) => void }): Promise<CsvRecords> {
  const skipped: SkippedRow[] = [];
  let header: string[] | undefined;
  let mapping: ColumnMapping | undefined;
  const records: EngineRecord[] = [];
  const seenIds = new Set<string>();
  for await (const batch of csvRowBatches(file, () => header?.length)) for (const row of batch) {
    if ('error' in row) {
      skipped.push({ line: row.line, reason: row.error });
      continue;
    }
    if (!header) {
      header = row.fields.map((title) => title.trim());
      mapping = mapColumns(header, objectType, options.map, options.idColumn);
      continue;
    }
    if (row.fields.length !== header.length) {
      skipped.push({ line: row.line, reason: `has ${row.fields.length} fields where the header has ${header.length}` });
      continue;
    }
    const properties: Record<string, string> = {};
    for (const [property, index] of mapping!.properties) properties[property] = row.fields[index]!;
    const id = (mapping!.idColumn >= 0 ? row.fields[mapping!.idColumn]!.trim() : '') || `line-${row.line}`;
    if (seenIds.has(id)) {
      skipped.push({ line: row.line, reason: `repeats the id ${id}` });
      continue;
    }
    seenIds.add(id);
    records.push({ id, properties });
    if (records.length % 100_000 === 0) options.onRow?.(records.length);
  }
  if (!header || !mapping) throw new Error(`${file} is empty: expected a header row and records`);
  return { records, mapping, header, skipped };
}
