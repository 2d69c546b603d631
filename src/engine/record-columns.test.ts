import { describe, expect, it } from 'vitest';
import { RecordColumns } from './record-columns';
import type { EngineRecord } from './types';

const record = (i: number): EngineRecord => ({
  id: `r-${i}`,
  properties: { firstname: `Name ${i}`, ...(i % 3 === 0 ? { phone: null } : { phone: `+1415555${String(i).padStart(4, '0')}` }), ...(i % 4 === 0 ? { zip: 94107 } : {}) },
  updatedAt: i % 5 === 0 ? null : 1_700_000_000_000 + i,
});

describe('RecordColumns', () => {
  const records = Array.from({ length: 250 }, (_, i) => record(i));
  const columns = new RecordColumns();
  for (let at = 0; at < records.length; at += 60) columns.add(records.slice(at, at + 60));
  columns.add([]);

  it('gives back every record as it went in, by index and in order, across pages', () => {
    expect(columns.length).toBe(250);
    expect([...columns]).toEqual(records.map((r) => ({ ...r })));
    // Out of order: each read finds its page.
    for (const i of [249, 0, 61, 59, 60, 180, 3]) expect(columns.at(i)).toEqual(records[i]);
    expect(columns.at(250)).toBeUndefined();
    expect(columns.at(-1)).toBeUndefined();
  });

  it('reads records by index from their cells alone, as the pages give them whole', () => {
    const odd = Array.from({ length: 130 }, (_, i): EngineRecord =>
      i % 9 === 0 ? { id: `o-${i}`, properties: { note: `a\u0000b\u001fc ${i}`, tags: { first: i }, zip: -0, empty: '' } } : record(i),
    );
    const mixed = new RecordColumns();
    for (let at = 0; at < odd.length; at += 50) mixed.add(odd.slice(at, at + 50));
    const wanted = [0, 1, 9, 49, 50, 51, 99, 100, 117, 129];
    expect(mixed.recordsAt(wanted)).toEqual(wanted.map((i) => mixed.at(i)));
    expect(mixed.recordsAt(wanted).map((r) => r.properties.note)).toContain('a\u0000b\u001fc 9');
    // Only the properties asked for; a record without them keeps none.
    expect(mixed.recordsAt([9, 10], ['firstname', 'note'])).toEqual([
      { id: 'o-9', properties: { note: 'a\u0000b\u001fc 9' }, updatedAt: undefined },
      { id: 'r-10', properties: { firstname: 'Name 10' }, updatedAt: null },
    ]);
    expect(mixed.recordsAt([])).toEqual([]);
    expect(() => mixed.recordsAt([130])).toThrow(RangeError);
  });

  it('takes pages packed elsewhere as they were sent, cloned across threads', () => {
    const received = new RecordColumns();
    for (const page of columns.packedPages()) {
      received.addPacked(structuredClone(page));
      // An empty page adds nothing, and no page that reads as one.
      received.addPacked({ ...page, count: 0 });
    }
    expect(received.length).toBe(250);
    expect([...received]).toEqual([...columns]);
    expect(received.recordsAt([0, 119, 120, 249], ['phone'])).toEqual(columns.recordsAt([0, 119, 120, 249], ['phone']));
  });

  it('keeps only the properties it is told to', () => {
    const some = new RecordColumns();
    some.add(records.slice(0, 10), ['firstname']);
    expect(some.at(4)).toEqual({ id: 'r-4', properties: { firstname: 'Name 4' }, updatedAt: 1_700_000_000_004 });
  });

  it('reads as batches, a page each, and reads members again by index', async () => {
    const source = columns.batches();
    expect(source.total).toBe(250);
    const sizes: number[] = [];
    for await (const batch of source.batches) sizes.push(batch.length);
    expect(sizes).toEqual([60, 60, 60, 60, 10]);
    expect(await source.recordsAt([2, 70, 249])).toEqual([records[2], records[70], records[249]]);
  });
});
