import type { Comparison } from '../types';

/** How often each value occurs, and among how many records with a value. */
export interface ValueCounts {
  counts: Map<string, number>;
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
    const counts = new Map<string, number>();
    let total = 0;
    for (let i = 0; i < size; i++) {
      const value = tf.value(i);
      if (value === '') continue;
      counts.set(value, (counts.get(value) ?? 0) + 1);
      total++;
    }
    return { counts, total };
  });
}
