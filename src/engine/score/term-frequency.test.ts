import { describe, expect, it } from 'vitest';
import type { Comparison } from '../types';
import { fullNames } from './term-frequency';

/** Just what fullNames reads of a comparison: its name and the codes of its term-frequency column. */
const named = (name: string, codes: number[]) => ({ name, termFrequency: { level: 0, column: { codes: Int32Array.from(codes) } } }) as unknown as Comparison;

describe('fullNames', () => {
  // Records 0-3: (1, 1) three times and (1, 2) once; record 4 has no last name; record 5 is past
  // the counted records (a match index's probe), with a last name code no counted record has.
  const comparisons = [named('firstname', [1, 1, 1, 1, 2, 1]), named('lastname', [1, 1, 2, 1, 0, 3])];
  const names = fullNames(comparisons, 5, ['firstname', 'lastname'])!;

  it('counts the records holding both names, each record included', () => {
    expect([0, 1, 2, 3].map((i) => names.countOf(i))).toEqual([3, 3, 1, 3]);
    expect(names.total).toBe(4);
  });

  it('counts nothing for a record without both names, and a new name past the counted records as held by none', () => {
    expect(names.countOf(4)).toBe(0);
    expect(names.countOf(5)).toBe(0);
  });

  it('counts a record past the counted ones against them', () => {
    const probe = fullNames([named('firstname', [1, 1, 1, 1]), named('lastname', [1, 1, 2, 1])], 3, ['firstname', 'lastname'])!;
    expect(probe.countOf(3)).toBe(2);
  });

  it("does not take a new last name past the counted ones for another's", () => {
    // Last names up to 2 counted: (1, 4) would pack as (2, 1) does, 1 * 3 + 4 = 2 * 3 + 1.
    const probe = fullNames([named('firstname', [2, 1, 1]), named('lastname', [1, 2, 4])], 2, ['firstname', 'lastname'])!;
    expect(probe.countOf(0)).toBe(1);
    expect(probe.countOf(2)).toBe(0);
  });

  it('is not there for a model without a first and last name', () => {
    expect(fullNames(comparisons, 5, undefined)).toBeNull();
    expect(fullNames(comparisons, 5, ['firstname'])).toBeNull();
    expect(fullNames([named('name', [1])], 1, ['firstname', 'lastname'])).toBeNull();
  });
});
