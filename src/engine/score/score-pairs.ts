import { NULL_LEVEL, type Comparison } from '../types';
import type { ComparisonVectors } from './comparison-vectors';
import type { FullNames, ValueCounts } from './term-frequency';
import type { TrainedModel } from './train-m';
import { largeFloat64Array } from '../large-arrays';

/** Bayes factors (log2 m/u) per comparison and level: what one level adds to a pair's weight. */
export function levelWeights(model: TrainedModel): number[][] {
  return model.m.map((levels, c) => levels.map((m, l) => Math.log2(m / model.u[c]![l]!)));
}

/** log2 of the prior odds that a candidate pair is a duplicate. */
export function priorWeight(model: TrainedModel): number {
  return Math.log2(model.lambda / (1 - model.lambda));
}

/** Most a rare value can add, and a common one take away, in bits. */
const MAX_TF_BONUS = 3;
const MAX_TF_PENALTY = 8;

/**
 * Term-frequency adjustment of a match on value v: the Bayes factor becomes m / u(v)
 * instead of m / u, where u(v) is the chance that some other record has v. The pair's
 * own two records are not counted, since duplicates inflate their own value's count: a
 * value found only in this pair is as rare as can be. When the two values only look
 * alike ("Springfield", "Springfeld") the more common one counts, whichever side it is on.
 */
export function termFrequencyAdjustment(u: number, values: ValueCounts | null | undefined, codeA: number, codeB: number): number {
  if (!values || values.total < 3) return 0;
  const count = Math.max(values.counts[codeA] || 2, values.counts[codeB] || 2);
  const others = Math.max(count - 2, 0) / (values.total - 2);
  if (others === 0) return MAX_TF_BONUS;
  return Math.min(MAX_TF_BONUS, Math.max(-MAX_TF_PENALTY, Math.log2(u / others)));
}

/**
 * Records of one person, beyond the pair itself, that a full name's count may hold before
 * the name counts as common: a person's own copies share their name too. Counting them all
 * cost labelled person datasets, where one person has up to ten records, true pairs (FEBRL
 * 3 recall 0.9846 -> 0.9838); from two up, none changes.
 */
const OWN_COPIES = 3;

/**
 * What a pair whose first and last names both agree exactly loses when its full name is
 * commoner than the two names apart make it (0 or less; see FullNames). The two names'
 * own adjustments assumed them independent; the full name's frequency among the other
 * records replaces their sum when it says less.
 */
export function fullNameAdjustment(names: FullNames, comparisons: readonly Comparison[], model: TrainedModel, frequencies: readonly (ValueCounts | null)[], i: number, j: number): number {
  const others = Math.max(names.countOf(i), names.countOf(j)) - 2 - OWN_COPIES;
  if (others <= 0 || names.total < 3) return 0;
  const { first, last, firstLevel, lastLevel } = names;
  const uFirst = model.u[first]![firstLevel]!;
  const uLast = model.u[last]![lastLevel]!;
  const firsts = comparisons[first]!.termFrequency!.column.codes;
  const lasts = comparisons[last]!.termFrequency!.column.codes;
  const apart = termFrequencyAdjustment(uFirst, frequencies[first], firsts[i]!, firsts[j]!) + termFrequencyAdjustment(uLast, frequencies[last], lasts[i]!, lasts[j]!);
  const together = Math.max(-2 * MAX_TF_PENALTY, Math.log2((uFirst * uLast * (names.total - 2)) / others));
  return Math.min(0, together - apart);
}

/** Whether fullNameAdjustment applies to a pair of these levels (one per comparison): both names at the level their frequency adjusts. */
export function bothNamesExact(names: FullNames | null, levels: ArrayLike<number>): names is FullNames {
  return names !== null && levels[names.first] === names.firstLevel && levels[names.last] === names.lastLevel;
}

/** Match weight of every candidate pair: prior plus each comparison's Bayes factor. */
export function scorePairs(
  comparisons: readonly Comparison[],
  vectors: ComparisonVectors,
  model: TrainedModel,
  frequencies: readonly (ValueCounts | null)[],
  left: Int32Array,
  right: Int32Array,
  names: FullNames | null = null,
): Float64Array {
  const weights = levelWeights(model);
  const weightTables = weights.map((levels) => {
    const table = new Float64Array(256);
    levels.forEach((w, l) => (table[l] = w));
    table[NULL_LEVEL] = 0;
    return table;
  });
  const prior = priorWeight(model);
  const out = largeFloat64Array(vectors.count).fill(prior);
  for (let c = 0; c < comparisons.length; c++) {
    const levels = vectors.levels[c]!;
    const table = weightTables[c]!;
    for (let k = 0; k < vectors.count; k++) out[k]! += table[levels[k]!]!;
    const tf = comparisons[c]!.termFrequency;
    const freq = frequencies[c];
    if (!tf || !freq) continue;
    const u = model.u[c]![tf.level]!;
    const codes = tf.column.codes;
    const counts = freq.counts;
    // The adjustment depends on the larger count alone: worked out once per count, not per pair.
    let most = 2;
    for (let code = 0; code < counts.length; code++) if (counts[code]! > most) most = counts[code]!;
    const byCount = new Float64Array(most + 1).fill(Number.NaN);
    for (let k = 0; k < vectors.count; k++) {
      if (levels[k] !== tf.level) continue;
      const codeA = codes[left[k]!]!;
      const codeB = codes[right[k]!]!;
      const count = Math.max(counts[codeA] || 2, counts[codeB] || 2);
      let adjustment = byCount[count]!;
      if (Number.isNaN(adjustment)) adjustment = byCount[count] = termFrequencyAdjustment(u, freq, codeA, codeB);
      out[k]! += adjustment;
    }
  }
  if (names) {
    const firsts = vectors.levels[names.first]!;
    const lasts = vectors.levels[names.last]!;
    for (let k = 0; k < vectors.count; k++) {
      if (firsts[k] !== names.firstLevel || lasts[k] !== names.lastLevel) continue;
      out[k]! += fullNameAdjustment(names, comparisons, model, frequencies, left[k]!, right[k]!);
    }
  }
  return out;
}
