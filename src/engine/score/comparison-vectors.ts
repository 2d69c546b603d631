import { NULL_LEVEL, type Comparison } from '../types';

/** Level reached by each pair on each comparison: one byte per pair and comparison. */
export interface ComparisonVectors {
  count: number;
  /** levels[c][k]: level of pair k on comparison c, NULL_LEVEL when a value is missing. */
  levels: Uint8Array[];
}

export function compareRange(comparisons: readonly Comparison[], left: Int32Array, right: Int32Array, from: number, to: number): Uint8Array[] {
  return comparisons.map((comparison) => {
    const out = new Uint8Array(to - from);
    for (let k = from; k < to; k++) out[k - from] = comparison.compare(left[k]!, right[k]!);
    return out;
  });
}

export function compareAll(comparisons: readonly Comparison[], left: Int32Array, right: Int32Array, count: number): ComparisonVectors {
  return { count, levels: compareRange(comparisons, left, right, 0, count) };
}

/** Counts of each level per comparison over some pairs (NULL_LEVEL not counted). */
export function levelCounts(comparisons: readonly Comparison[], vectors: ComparisonVectors): number[][] {
  return comparisons.map((comparison, c) => {
    const counts = new Array<number>(comparison.levels.length).fill(0);
    const levels = vectors.levels[c]!;
    for (let k = 0; k < vectors.count; k++) {
      const level = levels[k]!;
      if (level !== NULL_LEVEL) counts[level]!++;
    }
    return counts;
  });
}
