import { codeCounts } from '../text-column';
import type { Comparison } from '../types';
import { largeFloat64Array, largeInt32Array } from '../large-arrays';

/** How many records hold each value (by code), and how many hold any. */
export interface ValueCounts {
  counts: Int32Array;
  total: number;
}

/**
 * Counts of each value for comparisons with a term-frequency level, so that two records
 * sharing a rare surname ("Oyelaran") count as more evidence than two sharing a common
 * one ("Smith").
 */
export function termFrequencies(comparisons: readonly Comparison[], size: number): (ValueCounts | null)[] {
  return comparisons.map((comparison) => {
    const tf = comparison.termFrequency;
    if (!tf) return null;
    const counts = codeCounts(tf.column, size);
    let total = 0;
    for (let code = 1; code < counts.length; code++) total += counts[code]!;
    return { counts, total };
  });
}

/**
 * How many records hold each record's first and last name together. First and last names
 * run together through families and countries ("Jean Bernard" in France, "Michael Müller"
 * in Germany), so a full name is often far commoner than its two names' frequencies apart
 * make it, and two namesakes of one city then outweigh what else they disagree on.
 */
export interface FullNames {
  /** The comparisons of the first and the last name. */
  first: number;
  last: number;
  /** The levels of those comparisons that their frequencies adjust (exact agreement). */
  firstLevel: number;
  lastLevel: number;
  /** Records with both names. */
  total: number;
  /** Records that hold record i's two names (i included); 0 when it lacks one. */
  countOf(i: number): number;
}

/**
 * The full names of the first `size` records, from the codes of the two name comparisons'
 * term-frequency columns, or null when the model names no first and last name. The codes
 * are sorted once as numbers; a record's count is found by binary search and kept. A
 * record past `size` (the probe of a match index) is counted against the first `size`.
 */
export function fullNames(comparisons: readonly Comparison[], size: number, nameFields: readonly string[] | undefined): FullNames | null {
  if (nameFields?.length !== 2) return null;
  const first = comparisons.findIndex((c) => c.name === nameFields[0]);
  const last = comparisons.findIndex((c) => c.name === nameFields[1]);
  const firstTf = comparisons[first]?.termFrequency;
  const lastTf = comparisons[last]?.termFrequency;
  if (!firstTf || !lastTf) return null;
  const a = firstTf.column.codes;
  const b = lastTf.column.codes;
  let width = 1;
  for (let i = 0; i < size; i++) if (b[i]! >= width) width = b[i]! + 1;
  const keys = largeFloat64Array(size);
  let total = 0;
  for (let i = 0; i < size; i++) if (a[i] !== 0 && b[i] !== 0) keys[total++] = a[i]! * width + b[i]!;
  // A copy when some lack a name: the rest of the buffer goes, not kept to the end of the scan.
  const sorted = (total === size ? keys : keys.slice(0, total)).sort();
  const known = largeInt32Array(size);
  // First position whose key is at least `key`.
  const from = (key: number) => {
    let lo = 0;
    let hi = total;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    first,
    last,
    firstLevel: firstTf.level,
    lastLevel: lastTf.level,
    total,
    countOf(i) {
      if (i < size && known[i] !== 0) return known[i]!;
      // A code past the widest is a name no counted record holds (a probe's own).
      if (a[i] === 0 || b[i] === 0 || b[i]! >= width) return 0;
      const key = a[i]! * width + b[i]!;
      const count = from(key + 0.5) - from(key);
      if (i < size) known[i] = count;
      return count;
    },
  };
}
