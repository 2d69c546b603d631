import { NULL_LEVEL, type Comparison, type EngineRecord } from '../types';
import { bothNamesExact, fullNameAdjustment, termFrequencyAdjustment } from '../score/score-pairs';
import type { FullNames, ValueCounts } from '../score/term-frequency';
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

/** What an explanation shows of record i for comparison c: its values as typed (see `shown`). */
export type ShownValues = (i: number, c: number) => string;

/**
 * Explains candidate pairs field by field. What depends on the model alone (each level's
 * weight and label) is worked out once: a scan of a million records explains a few
 * hundred thousand pairs.
 */
export function pairExplainer(
  comparisons: readonly Comparison[],
  model: TrainedModel,
  frequencies: readonly (ValueCounts | null)[],
  /** The records by index, or what each shows; null when explanations show no values (see FindDuplicatesOptions.values). */
  records: readonly EngineRecord[] | ShownValues | null,
  ids: readonly string[],
  /** How common the full names are: a common one's loss is shown on the names. */
  names: FullNames | null = null,
): (levels: ArrayLike<number>, i: number, j: number) => PairExplanation {
  const priorWeight = Math.log2(model.lambda / (1 - model.lambda));
  const roundedPrior = round(priorWeight);
  const levelWeights = comparisons.map((comparison, c) => comparison.levels.map((_, level) => Math.log2(model.m[c]![level]! / model.u[c]![level]!)));
  const levelLabels = comparisons.map((comparison) => comparison.levels.map((level) => level.label));
  // What a level adds, rounded as shown, once per level rather than per pair.
  const roundedWeights = levelWeights.map((weights) => weights.map((weight) => round(weight)));
  const shownOf: ShownValues | null = typeof records === 'function' ? records : records === null ? null : (i, c) => shown(records[i]!, comparisons[c]!.properties);
  return (levels, i, j) => {
    let weight = priorWeight;
    const fields = new Array<FieldContribution>(comparisons.length);
    // A common full name's loss, shown on the last name down to nothing and the rest on the
    // first: an exact match is never shown counting against a pair unless both names do.
    let lastLoss = 0;
    let firstLoss = 0;
    if (bothNamesExact(names, levels)) {
      const loss = fullNameAdjustment(names, comparisons, model, frequencies, i, j);
      if (loss < 0) {
        const codes = comparisons[names.last]!.termFrequency!.column.codes;
        const last = levelWeights[names.last]![names.lastLevel]! + termFrequencyAdjustment(model.u[names.last]![names.lastLevel]!, frequencies[names.last], codes[i]!, codes[j]!);
        lastLoss = Math.max(loss, -Math.max(0, last));
        firstLoss = loss - lastLoss;
      }
    }
    for (let c = 0; c < comparisons.length; c++) {
      const comparison = comparisons[c]!;
      const level = levels[c]!;
      let contribution = 0;
      let rounded = 0;
      if (level !== NULL_LEVEL) {
        contribution = levelWeights[c]![level]!;
        rounded = roundedWeights[c]![level]!;
        const tf = comparison.termFrequency;
        if (tf && tf.level === level) {
          contribution += termFrequencyAdjustment(model.u[c]![level]!, frequencies[c], tf.column.codes[i]!, tf.column.codes[j]!);
          if (c === names?.last) contribution += lastLoss;
          else if (c === names?.first) contribution += firstLoss;
          rounded = round(contribution);
        }
      }
      weight += contribution;
      fields[c] = {
        field: comparison.name,
        label: comparison.label,
        level: level === NULL_LEVEL ? 'missing on one side' : levelLabels[c]![level]!,
        exact: level === 0,
        weight: rounded,
        valueA: shownOf === null ? '' : shownOf(i, c),
        valueB: shownOf === null ? '' : shownOf(j, c),
      };
    }
    const odds = 2 ** weight;
    return { a: ids[i]!, b: ids[j]!, weight: round(weight), probability: round(odds / (1 + odds), 4), priorWeight: roundedPrior, fields };
  };
}

/** A record's values of some properties, as the user typed them, joined by " / ". */
export function shown(record: EngineRecord, properties: readonly string[]): string {
  const values = record.properties;
  if (!values) return '';
  if (properties.length === 1) return asText(values[properties[0]!]);
  // Joined once, into one flat string: adding value to value makes a tree of partial strings
  // that lives as long as the explanation (a few million of them at five million records).
  let first = '';
  let parts: string[] | null = null;
  for (const property of properties) {
    const value = asText(values[property]);
    if (value === '') continue;
    if (first === '') first = value;
    else (parts ??= [first]).push(value);
  }
  return parts ? parts.join(' / ') : first;
}

function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
