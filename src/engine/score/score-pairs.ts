import { NULL_LEVEL, type Comparison } from '../types';
import type { ComparisonVectors } from './comparison-vectors';
import type { TrainedModel } from './train-m';

/** Bayes factors (log2 m/u) per comparison and level: what one level adds to a pair's weight. */
export function levelWeights(model: TrainedModel): number[][] {
  return model.m.map((levels, c) => levels.map((m, l) => Math.log2(m / model.u[c]![l]!)));
}

/** log2 of the prior odds that a candidate pair is a duplicate. */
export function priorWeight(model: TrainedModel): number {
  return Math.log2(model.lambda / (1 - model.lambda));
}

/**
 * Term-frequency adjustment of an exact match on value v: m / tf(v) instead of m / u,
 * i.e. log2(u / tf(v)) added. tf is floored so one-off values do not count infinitely.
 */
export function termFrequencyAdjustment(u: number, frequency: number | undefined, size: number): number {
  if (frequency === undefined) return 0;
  return Math.log2(u / Math.max(frequency, 1 / Math.max(size, 1)));
}

/** Match weight of every candidate pair: prior plus each comparison's Bayes factor. */
export function scorePairs(
  comparisons: readonly Comparison[],
  vectors: ComparisonVectors,
  model: TrainedModel,
  frequencies: readonly (Map<string, number> | null)[],
  left: Int32Array,
  size: number,
): Float64Array {
  const weights = levelWeights(model);
  const weightTables = weights.map((levels) => {
    const table = new Float64Array(256);
    levels.forEach((w, l) => (table[l] = w));
    table[NULL_LEVEL] = 0;
    return table;
  });
  const prior = priorWeight(model);
  const out = new Float64Array(vectors.count).fill(prior);
  for (let c = 0; c < comparisons.length; c++) {
    const levels = vectors.levels[c]!;
    const table = weightTables[c]!;
    for (let k = 0; k < vectors.count; k++) out[k]! += table[levels[k]!]!;
    const tf = comparisons[c]!.termFrequency;
    const freq = frequencies[c];
    if (!tf || !freq) continue;
    const u = model.u[c]![tf.level]!;
    for (let k = 0; k < vectors.count; k++) {
      if (levels[k] === tf.level) out[k]! += termFrequencyAdjustment(u, freq.get(tf.value(left[k]!)), size);
    }
  }
  return out;
}
