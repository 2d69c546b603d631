import { describe, expect, it } from 'vitest';
import type { Comparison, EngineRecord } from '../types';
import { memberIndexes, ShownTable } from './shown-table';

const comparisons = [
  { properties: ['firstname'] },
  { properties: ['address', 'city'] },
] as unknown as Comparison[];
const record = (i: number): EngineRecord => ({ id: `r-${i}`, properties: { firstname: `Name ${i}`, address: `${i} Main St`, city: i % 2 === 0 ? 'Leeds' : '' } });

describe('ShownTable', () => {
  it('shows every member read a slice at a time, as typed, and nothing of other records', () => {
    const members = memberIndexes([{ members: [40, 3] }, { members: [7, 12, 25] }]);
    expect(Array.from(members)).toEqual([3, 7, 12, 25, 40]);
    const table = new ShownTable(members, comparisons, 2);
    expect(table.properties).toEqual(['firstname', 'address', 'city']);
    const slices: number[][] = [];
    for (let from = 0; from < members.length; from += table.slice) {
      const slice = table.indexesFrom(from);
      slices.push(slice);
      table.add(from, slice.map(record));
    }
    expect(slices).toEqual([[3, 7], [12, 25], [40]]);
    expect(table.shown(25, 0)).toBe('Name 25');
    expect(table.shown(12, 1)).toBe('12 Main St / Leeds');
    expect(table.shown(7, 1)).toBe('7 Main St');
    expect(() => table.shown(8, 0)).toThrow('Record 8 is in no group');
  });

  it('refuses a slice read short: a member would show nothing', () => {
    const table = new ShownTable(Int32Array.of(1, 2, 3), comparisons, 2);
    expect(() => table.add(0, [record(1)])).toThrow('Read 1 records again where 2 were asked for');
  });
});
