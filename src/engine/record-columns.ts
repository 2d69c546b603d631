import { packRecords, unpackCells, unpackRecords, unpackRecordsAt, type PackedRecords } from './parallel/transfer';
import type { EngineRecord, RecordBatches, RecordPage } from './types';

/** Records by index, however they are held: an array, or columns page by page (RecordColumns). */
export interface RecordList extends Iterable<EngineRecord> {
  readonly length: number;
  at(index: number): EngineRecord | undefined;
}

/**
 * Records held as columns, a page at a time: each page one joined string per property
 * (see packRecords), a few hundred bytes a record where the records as objects take over
 * a kilobyte. A scan of a large portal reads the mirror into these, and each reader (the
 * engine, health, duplication by field) turns a page back into records as it goes, one
 * page at a time.
 */
export class RecordColumns implements RecordList {
  private readonly pages: PackedRecords[] = [];
  /** Index of each page's first record, and one past the last page's. */
  private readonly starts: number[] = [0];
  /** The page last turned back into records, for reads by index in order. */
  private cached: { page: number; records: EngineRecord[] } | null = null;

  get length(): number {
    return this.starts.at(-1)!;
  }

  /** Adds a page of records, keeping `properties` of them (every one any record has, when not given). */
  add(records: readonly EngineRecord[], properties?: readonly string[]): void {
    if (records.length === 0) return;
    const names = properties ?? [...new Set(records.flatMap((record) => Object.keys(record.properties ?? {})))];
    this.pages.push(packRecords(records, 0, records.length, names));
    this.starts.push(this.length + records.length);
  }

  /** Adds a page packed elsewhere (another thread's, as it was sent): its ids resolved already. */
  addPacked(page: PackedRecords): void {
    if (page.count === 0) return;
    this.pages.push(page);
    this.starts.push(this.length + page.count);
  }

  at(index: number): EngineRecord | undefined {
    if (index < 0 || index >= this.length) return undefined;
    let page = this.cached && index >= this.starts[this.cached.page]! && index < this.starts[this.cached.page + 1]! ? this.cached.page : -1;
    if (page === -1) {
      // The last page whose first record is at or before the index.
      let low = 0;
      let high = this.pages.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (this.starts[middle]! <= index) low = middle;
        else high = middle - 1;
      }
      page = low;
      this.cached = { page, records: unpackRecords(this.pages[page]!) };
    }
    return this.cached!.records[index - this.starts[page]!];
  }

  *[Symbol.iterator](): Iterator<EngineRecord> {
    for (const page of this.pages) yield* unpackRecords(page);
  }

  /**
   * The records at `indexes` (increasing), with `properties` of theirs (every one, when not
   * given): only their cells are read from each page, where `at` turns a whole page back into
   * records (the members of a large scan's groups are a third of its records or fewer).
   */
  recordsAt(indexes: readonly number[], properties?: readonly string[]): EngineRecord[] {
    const records: EngineRecord[] = [];
    let page = 0;
    for (let k = 0; k < indexes.length; ) {
      const index = indexes[k]!;
      if (index < 0 || index >= this.length) throw new RangeError(`No record ${index} of ${this.length}`);
      while (this.starts[page + 1]! <= index) page++;
      // This page's rows among the indexes.
      const start = this.starts[page]!;
      const end = this.starts[page + 1]!;
      const rows: number[] = [];
      for (; k < indexes.length && indexes[k]! < end; k++) rows.push(indexes[k]! - start);
      for (const record of unpackRecordsAt(this.pages[page]!, rows, properties)) records.push(record);
    }
    return records;
  }

  /** The pages as held, every property packed: to send whole to another thread (see addPacked). */
  packedPages(): readonly PackedRecords[] {
    return this.pages;
  }

  /** The records page by page, as the engine reads them in batches. */
  batches(): RecordBatches {
    const pages = this.pages;
    return {
      total: this.length,
      batches: (async function* () {
        for (const page of pages) yield unpackRecords(page);
      })(),
      pages: async function* () {
        for (const page of pages) yield asRecordPage(page);
      },
      recordsAt: async (indexes, properties) => this.recordsAt(indexes, properties),
    };
  }
}

/** A page held packed, sent to a worker as it is but for the properties its model does not read. */
function asRecordPage(page: PackedRecords): RecordPage {
  return {
    count: page.count,
    ids: () => unpackCells(page.ids, page.count) as string[],
    packed(reads) {
      const properties: PackedRecords['properties'] = {};
      for (const name of reads) if (page.properties[name]) properties[name] = page.properties[name];
      return { ...page, properties };
    },
    records: () => unpackRecords(page),
  };
}
