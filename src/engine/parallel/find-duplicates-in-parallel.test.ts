import { describe, expect, it } from 'vitest';
import { findDuplicates } from '../find-duplicates';
import { backgroundContacts } from '../test/fixtures';
import type { EngineRecord } from '../types';
import { findDuplicatesInParallel } from './find-duplicates-in-parallel';

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
    const shared = await findDuplicatesInParallel(people, 'contacts', { threads, minParallelRecords: 50 });
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

  it('rejects with the engine\'s own error', async () => {
    await expect(findDuplicatesInParallel(people, 'widgets' as 'contacts', { threads: 2, minParallelRecords: 50 })).rejects.toThrow(/Unknown object type widgets/);
  });
});
