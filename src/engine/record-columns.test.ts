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
