import type { Comparison } from '../types';

/**
 * Relative frequency of each value for comparisons with a term-frequency level, so that
 * two records sharing a rare surname ("Oyelaran") count as more evidence than two
 * sharing a common one ("Smith"). Values are counted over all records.
 */
export function termFrequencies(comparisons: readonly Comparison[], size: number): (Map<string, number> | null)[] {
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
    const frequencies = new Map<string, number>();
    for (const [value, n] of counts) frequencies.set(value, n / total);
    return frequencies;
  });
}
