import { NULL_LEVEL, type Comparison } from '../types';

/** Level reached by each pair on each comparison: one byte per pair and comparison. */
export interface ComparisonVectors {
  count: number;
  /** levels[c][k]: level of pair k on comparison c, NULL_LEVEL when a value is missing. */
  levels: Uint8Array[];
}

export function compareRange(comparisons: readonly Comparison[], left: Int32Array, right: Int32Array, from: number, to: number): Uint8Array[] {
  const out = levelArrays(comparisons.length, to - from, false);
  compareInto(comparisons, left, right, from, to, out, 0);
  return out;
}

/** Levels of pairs from..to-1, written to out[c] from `at`. */
export function compareInto(comparisons: readonly Comparison[], left: Int32Array, right: Int32Array, from: number, to: number, out: readonly Uint8Array[], at: number): void {
  comparisons.forEach((comparison, c) => {
    const levels = out[c]!;
    for (let k = from; k < to; k++) levels[at + k - from] = comparison.compare(left[k]!, right[k]!);
  });
}

/** Pairs a thread claims at a time when threads share a range (see compareClaimed): a few milliseconds' work. */
export const CLAIMED_PAIRS = 8192;

/**
 * Levels of pairs 0..count-1 written to out[c] in place, `claim` at a time, each
 * claimed from `cursor` (shared memory, pairs handed out so far): every thread sharing the
 * range works until none is left, so none waits on another slower than itself.
 */
export function compareClaimed(comparisons: readonly Comparison[], left: Int32Array, right: Int32Array, count: number, out: readonly Uint8Array[], cursor: Int32Array, claim = CLAIMED_PAIRS): void {
  for (let from = Atomics.add(cursor, 0, claim); from < count; from = Atomics.add(cursor, 0, claim)) {
    const to = Math.min(count, from + claim);
    compareInto(comparisons, left, right, from, to, out, from);
  }
}

/**
 * One array of `count` levels per comparison, all in one buffer: one allocation rather
 * than one per comparison, and when `shared`, worker threads write their part in place.
 */
export function levelArrays(comparisons: number, count: number, shared: boolean): Uint8Array[] {
  const buffer = shared ? new SharedArrayBuffer(comparisons * count) : new ArrayBuffer(comparisons * count);
  return Array.from({ length: comparisons }, (_, c) => new Uint8Array(buffer, c * count, count));
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
