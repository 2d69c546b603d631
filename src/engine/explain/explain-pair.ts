import { NULL_LEVEL, type Comparison, type EngineRecord } from '../types';
import { termFrequencyAdjustment } from '../score/score-pairs';
import type { ValueCounts } from '../score/term-frequency';
import type { TrainedModel } from '../score/train-m';
import { asText } from '../normalize/text';

export interface FieldContribution {
  field: string;
  label: string;
  /** What the two values reached, e.g. "exact match" or "similar (Jaro-Winkler ≥ 0.95)". */
  level: string;
  /** The strongest level of agreement (exact match, same number, same date). */
  exact: boolean;
  /** Match weight this field added, in bits (log2 of its Bayes factor); 0 when a value is missing. */
  weight: number;
  valueA: string;
  valueB: string;
}

export interface PairExplanation {
  a: string;
  b: string;
  /** Total match weight in bits: prior plus every field's contribution. */
  weight: number;
  probability: number;
  priorWeight: number;
  fields: FieldContribution[];
}

export function explainPair(
  comparisons: readonly Comparison[],
  levels: readonly number[],
  model: TrainedModel,
  frequencies: readonly (ValueCounts | null)[],
  records: readonly EngineRecord[],
  i: number,
  j: number,
  ids: readonly string[],
): PairExplanation {
  const priorWeight = Math.log2(model.lambda / (1 - model.lambda));
  let weight = priorWeight;
  const fields = comparisons.map((comparison, c) => {
    const level = levels[c]!;
    const show = (k: number) => comparison.properties.map((p) => asText(records[k]!.properties?.[p])).filter(Boolean).join(' / ');
    let contribution = 0;
    if (level !== NULL_LEVEL) {
      contribution = Math.log2(model.m[c]![level]! / model.u[c]![level]!);
      const tf = comparison.termFrequency;
      if (tf && tf.level === level) contribution += termFrequencyAdjustment(model.u[c]![level]!, frequencies[c], tf.value(i), tf.value(j));
    }
    weight += contribution;
    return {
      field: comparison.name,
      label: comparison.label,
      level: level === NULL_LEVEL ? 'missing on one side' : comparison.levels[level]!.label,
      exact: level === 0,
      weight: round(contribution),
      valueA: show(i),
      valueB: show(j),
    };
  });
  const odds = 2 ** weight;
  return { a: ids[i]!, b: ids[j]!, weight: round(weight), probability: round(odds / (1 + odds), 4), priorWeight: round(priorWeight), fields };
}

function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
