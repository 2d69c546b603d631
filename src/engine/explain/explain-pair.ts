import { NULL_LEVEL, type Comparison, type EngineRecord } from '../types';
import { bothNamesExact, fullNameAdjustment, termFrequencyAdjustment } from '../score/score-pairs';
import type { FullNames, ValueCounts } from '../score/term-frequency';
import type { TrainedModel } from '../score/train-m';
import { asText } from '../normalize/text';
import type { LinkFields } from './match-key';
import { largeFloat64Array, largeInt32Array, largeUint8Array } from '../large-arrays';

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
 * Each field's contribution to a pair, in hundredths of a bit as shown, and the pair's
 * whole weight. What depends on the model alone (each level's weight) is worked out once:
 * a scan of a million records explains a few hundred thousand pairs.
 */
export function pairWeigher(
  comparisons: readonly Comparison[],
  model: TrainedModel,
  frequencies: readonly (ValueCounts | null)[],
  /** How common the full names are: a common one's loss is shown on the names. */
  names: FullNames | null = null,
): (levels: ArrayLike<number>, i: number, j: number, hundredths: Int32Array, at: number) => number {
  const priorWeight = Math.log2(model.lambda / (1 - model.lambda));
  const levelWeights = comparisons.map((comparison, c) => comparison.levels.map((_, level) => Math.log2(model.m[c]![level]! / model.u[c]![level]!)));
  // What a level adds, rounded as shown, once per level rather than per pair.
  const roundedWeights = levelWeights.map((weights) => weights.map((weight) => Math.round(weight * 100)));
  return (levels, i, j, hundredths, at) => {
    let weight = priorWeight;
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
      const level = levels[c]!;
      let contribution = 0;
      let rounded = 0;
      if (level !== NULL_LEVEL) {
        contribution = levelWeights[c]![level]!;
        rounded = roundedWeights[c]![level]!;
        const tf = comparisons[c]!.termFrequency;
        if (tf && tf.level === level) {
          contribution += termFrequencyAdjustment(model.u[c]![level]!, frequencies[c], tf.column.codes[i]!, tf.column.codes[j]!);
          if (c === names?.last) contribution += lastLoss;
          else if (c === names?.first) contribution += firstLoss;
          rounded = Math.round(contribution * 100);
        }
      }
      weight += contribution;
      hundredths[at + c] = rounded;
    }
    return weight;
  };
}

/** What an explanation names of each comparison and its levels: a few strings, kept apart from the comparisons' columns. */
interface ExplanationShape {
  fields: string[];
  labels: string[];
  levelLabels: string[][];
  priorWeight: number;
}

function explanationShape(comparisons: readonly Comparison[], model: TrainedModel): ExplanationShape {
  return {
    fields: comparisons.map((comparison) => comparison.name),
    labels: comparisons.map((comparison) => comparison.label),
    levelLabels: comparisons.map((comparison) => comparison.levels.map((level) => level.label)),
    priorWeight: round(Math.log2(model.lambda / (1 - model.lambda))),
  };
}

/** One pair's explanation from its levels and its fields' weights in hundredths (read from `at`). */
function explanation(shape: ExplanationShape, levels: ArrayLike<number>, hundredths: Int32Array, at: number, weight: number, ids: readonly [string, string], shownOf: ShownValues | null, i: number, j: number): PairExplanation {
  const count = shape.fields.length;
  const fields = new Array<FieldContribution>(count);
  for (let c = 0; c < count; c++) {
    const level = levels[at + c]!;
    fields[c] = {
      field: shape.fields[c]!,
      label: shape.labels[c]!,
      level: level === NULL_LEVEL ? 'missing on one side' : shape.levelLabels[c]![level]!,
      exact: level === 0,
      weight: hundredths[at + c]! / 100,
      valueA: shownOf === null ? '' : shownOf(i, c),
      valueB: shownOf === null ? '' : shownOf(j, c),
    };
  }
  const odds = 2 ** weight;
  return { a: ids[0], b: ids[1], weight: round(weight), probability: round(odds / (1 + odds), 4), priorWeight: shape.priorWeight, fields };
}

/** Explains candidate pairs field by field (a probe's matches, a test's pairs; a scan's groups keep theirs in ExplainedLinks). */
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
  const weigh = pairWeigher(comparisons, model, frequencies, names);
  const shape = explanationShape(comparisons, model);
  const hundredths = new Int32Array(comparisons.length);
  const shownOf: ShownValues | null = typeof records === 'function' ? records : records === null ? null : (i, c) => shown(records[i]!, comparisons[c]!.properties);
  return (levels, i, j) => explanation(shape, levels, hundredths, 0, weigh(levels, i, j, hundredths, 0), [ids[i]!, ids[j]!], shownOf, i, j);
}

/**
 * A scan's grouped links, kept as numbers (levels and weights in typed arrays, the pair's
 * ids, what its members show) and made into explanations only when one is read: at five
 * million records a million links' explanations were 16 million objects that lived to the
 * end of the run, and collecting them (every young one copied twice) cost as much as
 * building them. A scan's result is saved a group at a time, so each group's explanations
 * now live no longer than its row takes to write, and a run that writes only the groups
 * (the CSV of `npm run dedupe`) builds none.
 */
export class ExplainedLinks implements LinkFields {
  private readonly shape: ExplanationShape;
  private readonly levels: Uint8Array;
  private readonly hundredths: Int32Array;
  private readonly weights: Float64Array;
  /** Each link's two records (to read what they show) and their ids. */
  private readonly records: Int32Array;
  private readonly ids: string[];
  private added = 0;

  constructor(
    comparisons: readonly Comparison[],
    model: TrainedModel,
    capacity: number,
    /** What each member shows; null when explanations show no values. */
    private readonly shownOf: ShownValues | null,
  ) {
    this.shape = explanationShape(comparisons, model);
    const count = comparisons.length;
    this.levels = largeUint8Array(capacity * count);
    this.hundredths = largeInt32Array(capacity * count);
    this.weights = largeFloat64Array(capacity);
    this.records = largeInt32Array(2 * capacity);
    this.ids = new Array<string>(2 * capacity);
  }

  get count(): number {
    return this.added;
  }

  get fields(): readonly string[] {
    return this.shape.fields;
  }

  /**
   * Adds the link of records i and j (ids a and b) at the levels given, weighed by `weigh`
   * (pairWeigher's: given at each call, not kept, as it holds the comparisons' columns,
   * which the result must not); its place is `count` before.
   */
  add(levels: ArrayLike<number>, i: number, j: number, a: string, b: string, weigh: ReturnType<typeof pairWeigher>): void {
    const link = this.added++;
    const at = link * this.shape.fields.length;
    for (let c = 0; c < this.shape.fields.length; c++) this.levels[at + c] = levels[c]!;
    this.weights[link] = weigh(levels, i, j, this.hundredths, at);
    this.records[2 * link] = i;
    this.records[2 * link + 1] = j;
    this.ids[2 * link] = a;
    this.ids[2 * link + 1] = b;
  }

  /** A link's whole weight, rounded as its explanation shows it. */
  weight(link: number): number {
    return round(this.weights[link]!);
  }

  /** The explanations of links from..to-1, built anew at each call. */
  explain(from: number, to: number): PairExplanation[] {
    const count = this.shape.fields.length;
    const shownOf = this.shownOf;
    const out = new Array<PairExplanation>(to - from);
    for (let link = from; link < to; link++) {
      const i = this.records[2 * link]!;
      const j = this.records[2 * link + 1]!;
      const ids = [this.ids[2 * link]!, this.ids[2 * link + 1]!] as const;
      out[link - from] = explanation(this.shape, this.levels, this.hundredths, link * count, this.weights[link]!, ids, shownOf, i, j);
    }
    return out;
  }

  /** Field c's weight on a link, as shown. */
  fieldWeight(link: number, c: number): number {
    return this.hundredths[link * this.shape.fields.length + c]! / 100;
  }

  /** Whether field c reached its strongest level on a link. */
  exact(link: number, c: number): boolean {
    return this.levels[link * this.shape.fields.length + c] === 0;
  }
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
