import { describe, expect, it } from 'vitest';
import { findDuplicates } from '../find-duplicates';
import { backgroundContacts } from '../test/fixtures';
import type { EngineRecord, RecordBatches } from '../types';
import { findDuplicatesInParallel } from './find-duplicates-in-parallel';
import { RecordColumns } from '../record-columns';

/** Everything but the clock. */
const comparable = ({ timingsMs: _timings, ...result }: ReturnType<typeof findDuplicates>) => result;

const people: EngineRecord[] = [
  ...backgroundContacts(400),
  { id: 'r-1', properties: { firstname: 'Robert', lastname: 'Smith', email: 'robert.smith@acme.com', phone: '(415) 555-2671', company: 'Acme Inc' } },
  { id: 'r-2', properties: { firstname: 'Bob', lastname: 'Smith', email: 'Robert.Smith@acme.com ', phone: '415.555.2671', company: 'ACME LLC', zip: 94107 } },
  { id: 'r-3', properties: { firstname: 'Rob', lastname: 'Smyth', phone: 4155552671, city: null } },
  { properties: { firstname: 'Jane', lastname: 'Doe', email: 'jane@doe.org' } } as unknown as EngineRecord,
  { id: 'j-2', properties: { firstname: 'Jane', lastname: 'Doe', email: 'JANE@doe.org', company: { odd: 'value' } } },
];

describe('findDuplicatesInParallel', () => {
  it.each([2, 3])('gives exactly what one thread gives, with %i threads', async (threads) => {
    const alone = findDuplicates(people, 'contacts');
    // Pairs claimed 16 at a time: every thread compares some of every rule's.
    const shared = await findDuplicatesInParallel(people, 'contacts', { threads, minParallelRecords: 50, compareChunk: 16 });
    expect(comparable(shared)).toEqual(comparable(alone));
    expect(shared.groups.map((g) => g.recordIds)).toContainEqual(['r-1', 'r-2', 'r-3']);
  });

  it('gives the same for companies, with labels', async () => {
    const companies = Array.from({ length: 300 }, (_, i): EngineRecord => ({
      id: `co-${i}`,
      properties: { name: `${['Northwind', 'Contoso', 'Fabrikam', 'Initech'][i % 4]} ${i % 150}`, domain: `site${i % 150}.com`, city: ['Boston', 'Austin'][i % 2] },
    }));
    const options = { notDuplicates: [['co-0', 'co-150']] as [string, string][], confirmedDuplicates: [['co-1', 'co-151']] as [string, string][] };
    const alone = findDuplicates(companies, 'companies', options);
    const shared = await findDuplicatesInParallel(companies, 'companies', { ...options, threads: 2, minParallelRecords: 50 });
    expect(comparable(shared)).toEqual(comparable(alone));
    expect(shared.groups.some((g) => g.recordIds.includes('co-0') && g.recordIds.includes('co-150'))).toBe(false);
  });

  it('runs scans side by side on the same workers without mixing them up', async () => {
    const [a, b] = await Promise.all([
      findDuplicatesInParallel(people, 'contacts', { threads: 2, minParallelRecords: 50 }),
      findDuplicatesInParallel(people.slice(0, 300), 'contacts', { threads: 2, minParallelRecords: 50 }),
    ]);
    expect(comparable(a)).toEqual(comparable(findDuplicates(people, 'contacts')));
    expect(comparable(b)).toEqual(comparable(findDuplicates(people.slice(0, 300), 'contacts')));
  });

  it('names records without an id by their place in the whole dataset, in every chunk', async () => {
    // Chunks of 60: this thread prepares several, and record 60 is not record 0 again.
    const anonymous = people.map(({ id: _id, ...record }) => record as EngineRecord);
    const alone = findDuplicates(anonymous, 'contacts');
    const shared = await findDuplicatesInParallel(anonymous, 'contacts', { threads: 2, minParallelRecords: 50, prepareChunk: 60 });
    expect(comparable(shared)).toEqual(comparable(alone));
    expect(new Set(shared.groups.flatMap((g) => g.recordIds)).size).toBe(shared.duplicateRecordCount);
  });

  it('reads a value that cannot cross threads as empty, as one thread does', async () => {
    const odd = people.map((record, i) => (i % 7 === 0 ? { ...record, properties: { ...record.properties, company: { name: 'Acme', toJSON() {} } } } : record));
    const alone = findDuplicates(odd, 'contacts');
    const shared = await findDuplicatesInParallel(odd, 'contacts', { threads: 2, minParallelRecords: 50 });
    expect(comparable(shared)).toEqual(comparable(alone));
  });

  describe('with records read in batches', () => {
    /** Batches of `size`, with a record of what was read again and when. */
    const inBatches = (records: readonly EngineRecord[], size: number) => {
      const log = { yielded: 0, readAgain: [] as number[][] };
      const source: RecordBatches = {
        total: records.length,
        batches: (async function* () {
          for (let at = 0; at < records.length; at += size) {
            // Handed out as the reading goes: a batch is not there before it is read.
            await new Promise((resolve) => setImmediate(resolve));
            log.yielded += Math.min(size, records.length - at);
            yield records.slice(at, at + size).map((record) => structuredClone(record));
          }
        })(),
        recordsAt: async (indexes) => {
          log.readAgain.push([...indexes]);
          return indexes.map((i) => records[i]!);
        },
      };
      return { source, log };
    };

    it.each([
      ['two threads, chunks from both', { threads: 2, prepareChunk: 45, compareChunk: 16 }, 37],
      ['three threads, one batch for all', { threads: 3, prepareChunk: 50, compareChunk: 16 }, people.length],
      ['one thread', { threads: 1 }, 100],
    ])('gives exactly what one thread gives of the array: %s', async (_name, options, batch) => {
      const plain = people.slice(0, 400).concat(people.slice(400).filter((record) => record.id));
      const { source, log } = inBatches(plain, batch);
      const alone = findDuplicates(plain, 'contacts');
      const streamed = await findDuplicatesInParallel(source, 'contacts', { ...options, minParallelRecords: 50 });
      expect(comparable(streamed)).toEqual(comparable(alone));
      expect(log.yielded).toBe(plain.length);
      // Only the groups' members are read again, once, in order.
      const members = alone.groups.flatMap((g) => g.recordIds).map((id) => plain.findIndex((record) => record.id === id));
      expect(log.readAgain).toEqual([members.sort((a, b) => a - b)]);
    });

    it('gives the same from pages packed for the workers (RecordColumns), each page a worker takes sent as it is', async () => {
      // Pages of 60 with a property no model reads; one of three threads' pages prepared here.
      const plain = people.filter((record) => record.id).map((record, i) => ({ ...record, properties: { ...record.properties, notes: `note ${i}` } }));
      const columns = new RecordColumns();
      for (let at = 0; at < plain.length; at += 60) columns.add(plain.slice(at, at + 60));
      const source = columns.batches();
      let pages = 0;
      const counted: RecordBatches = {
        ...source,
        batches: {
          [Symbol.asyncIterator]: () => {
            throw new Error('read as records: the pages were there');
          },
        },
        pages: async function* () {
          for await (const page of source.pages!()) {
            pages++;
            yield page;
          }
        },
      };
      for (const threads of [2, 3]) {
        const streamed = await findDuplicatesInParallel(counted, 'contacts', { threads, minParallelRecords: 50, prepareChunk: 25 });
        expect(comparable(streamed)).toEqual(comparable(findDuplicates(plain, 'contacts')));
        expect(streamed.groups.map((g) => g.recordIds)).toContainEqual(['r-1', 'r-2', 'r-3']);
      }
      expect(pages).toBe(2 * Math.ceil(plain.length / 60));
    });

    it('reads no record again when explanations show no values', async () => {
      const plain = people.filter((record) => record.id);
      const { source, log } = inBatches(plain, 50);
      const streamed = await findDuplicatesInParallel(source, 'contacts', { threads: 2, minParallelRecords: 50, values: false });
      expect(comparable(streamed)).toEqual(comparable(findDuplicates(plain, 'contacts', { values: false })));
      expect(streamed.groups.map((g) => g.recordIds)).toContainEqual(['r-1', 'r-2', 'r-3']);
      expect(log.readAgain).toEqual([]);
    });

    it('names records without an id by their place among all the batches', async () => {
      const anonymous = people.map(({ id: _id, ...record }) => record as EngineRecord);
      const { source } = inBatches(anonymous, 33);
      const streamed = await findDuplicatesInParallel(source, 'contacts', { threads: 2, minParallelRecords: 50, prepareChunk: 40 });
      expect(comparable(streamed)).toEqual(comparable(findDuplicates(anonymous, 'contacts')));
    });

    it('fails with the error of a batch that could not be read', async () => {
      const source: RecordBatches = {
        batches: (async function* () {
          yield people.slice(0, 100);
          throw new Error('The file went away');
        })(),
        recordsAt: async () => [],
      };
      await expect(findDuplicatesInParallel(source, 'contacts', { threads: 2, minParallelRecords: 50, prepareChunk: 30 })).rejects.toThrow('The file went away');
    });
  });

  it('rejects with the engine\'s own error', async () => {
    await expect(findDuplicatesInParallel(people, 'widgets' as 'contacts', { threads: 2, minParallelRecords: 50 })).rejects.toThrow(/Unknown object type widgets/);
  });
});
