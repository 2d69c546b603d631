import { Dictionary, packColumns, type EngineRecord, type RecordBatches, type RecordPage } from '../../src/engine';
import type { ObjectType } from '../../src/shared/object-types';
import { mapColumns, type ColumnMapping } from './column-mapping';
import { csvRowBatches, csvRowsAt, type CsvRow } from './csv-rows';

export interface SkippedRow {
  line: number;
  reason: string;
}

export interface CsvRecordOptions {
  map: Record<string, string>;
  idColumn?: string;
  onRow?: (count: number) => void;
}

/**
 * A CSV's records as the engine reads them in batches (see RecordBatches), once its header
 * is known: a record is held only until it is prepared, and only the members of groups are
 * read again from the file, by where their rows lie in it. A malformed row (wrong number of
 * fields, a quote that never closes, a repeated id) is skipped and reported with its line
 * number; the run goes on.
 */
export interface CsvRecordStream {
  mapping: ColumnMapping;
  header: string[];
  /** Rows skipped so far: all of them once the batches are read. */
  skipped: SkippedRow[];
  /** Every record's id, in order, as read so far. */
  ids: string[];
  /** The index in `ids` of a record's id, -1 for none. */
  indexOf(id: string): number;
  source: RecordBatches;
}

export async function openCsvRecords(file: string, objectType: ObjectType, options: CsvRecordOptions): Promise<CsvRecordStream> {
  const skipped: SkippedRow[] = [];
  const rows = csvRowBatches(file, () => header?.length)[Symbol.asyncIterator]();
  let header: string[] | undefined;
  let first: CsvRow[] = [];
  // The header is the first row that parses; the rest of its batch are records.
  while (!header) {
    const next = await rows.next();
    if (next.done) throw new Error(`${file} is empty: expected a header row and records`);
    const at = next.value.findIndex((row) => !('error' in row));
    for (const row of next.value.slice(0, at === -1 ? undefined : at)) skipped.push({ line: row.line, reason: (row as { error: string }).error });
    if (at === -1) continue;
    header = (next.value[at] as { fields: string[] }).fields.map((title) => title.trim());
    first = next.value.slice(at + 1);
  }
  const width = header.length;
  const mapping = mapColumns(header, objectType, options.map, options.idColumn);
  const ids: string[] = [];
  // Each id's code is its record's index plus one: ids are looked up again when the results
  // are written. A Set (and the writer's Map) of a million ids spent over a second probing.
  const seenIds = new Dictionary();
  // Where each record's row lies in the file, by record index.
  const starts: number[] = [];
  const ends: number[] = [];
  const toRecord = (id: string, fields: readonly string[]): EngineRecord => {
    const properties: Record<string, string> = {};
    for (const [property, index] of mapping.properties) properties[property] = fields[index]!;
    return { id, properties };
  };
  /** The batch's rows that make records (the rest skipped and reported), each counted once. */
  const accepted = (batch: readonly CsvRow[]): { id: string; fields: readonly string[] }[] => {
    const rows: { id: string; fields: readonly string[] }[] = [];
    for (const row of batch) {
      if ('error' in row) {
        skipped.push({ line: row.line, reason: row.error });
        continue;
      }
      if (row.fields.length !== width) {
        skipped.push({ line: row.line, reason: `has ${row.fields.length} fields where the header has ${width}` });
        continue;
      }
      const id = (mapping.idColumn >= 0 ? row.fields[mapping.idColumn]!.trim() : '') || `line-${row.line}`;
      if (seenIds.code(id) <= ids.length) {
        skipped.push({ line: row.line, reason: `repeats the id ${id}` });
        continue;
      }
      ids.push(id);
      starts.push(row.start);
      ends.push(row.end);
      rows.push({ id, fields: row.fields });
      if (ids.length % 100_000 === 0) options.onRow?.(ids.length);
    }
    return rows;
  };
  async function* rowBatches(): AsyncGenerator<{ id: string; fields: readonly string[] }[]> {
    yield accepted(first);
    first = [];
    for (let next = await rows.next(); !next.done; next = await rows.next()) yield accepted(next.value);
  }
  async function* batches(): AsyncGenerator<EngineRecord[]> {
    for await (const batch of rowBatches()) yield batch.map((row) => toRecord(row.id, row.fields));
  }
  // A worker's rows are packed straight from the fields, and only this thread's become records.
  async function* pages(): AsyncGenerator<RecordPage> {
    for await (const batch of rowBatches()) {
      const ids = batch.map((row) => row.id);
      yield {
        count: batch.length,
        ids: () => ids,
        packed(reads) {
          const columns: Record<string, string[]> = {};
          for (const [property, index] of mapping.properties) if (reads.includes(property)) columns[property] = batch.map((row) => row.fields[index]!);
          return packColumns(ids, columns);
        },
        records: () => batch.map((row) => toRecord(row.id, row.fields)),
      };
    }
  }
  const source: RecordBatches = {
    batches: batches(),
    pages,
    async recordsAt(indexes) {
      const fields = await csvRowsAt(file, indexes.map((i) => ({ start: starts[i]!, end: ends[i]! })));
      return fields.map((row, k) => toRecord(ids[indexes[k]!]!, row));
    },
  };
  return { mapping, header, skipped, ids, indexOf: (id) => Math.max(-1, seenIds.codeOf(id) - 1), source };
}

