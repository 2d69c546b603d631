import { codeCounts } from '../text-column';
import type { Comparison } from '../types';

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
