import { namesakeTest } from '../score/namesakes';
import type { ObjectType } from '../../shared/object-types';
import { computeKeys } from '../block/keys';
import { pairExplainer, type PairExplanation } from '../explain/explain-pair';
import { findDuplicates } from '../find-duplicates';
import { objectModel } from '../models';
import { bothNamesExact, fullNameAdjustment, levelWeights, priorWeight, termFrequencyAdjustment } from '../score/score-pairs';
import { fullNames, termFrequencies, type FullNames, type ValueCounts } from '../score/term-frequency';
import type { TrainedModel } from '../score/train-m';
import { decisionThreshold, resolveEngineSettings, type EngineSettings, type EngineSettingsInput } from '../settings';
import { PrepareContext, type TextColumn } from '../text-column';
import { NULL_LEVEL, type BlockingRule, type Comparison, type EngineRecord, type ObjectModel, type PreparedDataset } from '../types';

/** The trained parameters a scan reports (DuplicateDetectionResult['model'] fits): enough to score like it. */
export interface MatchModel {
  lambda: number;
  fields: readonly { field: string; levels: readonly { m: number; u: number }[] }[];
}

export interface MatchCandidate {
  id: string;
  probability: number;
  /** Match weight in bits. */
  weight: number;
  /** The indexed record's properties. */
  properties: Readonly<Record<string, unknown>>;
  explanation: PairExplanation;
}

/**
 * A portal's records of one type prepared once, blocked by every rule, with the model a
 * scan trained: a new record is compared only with the records sharing one of its blocking
 * keys, scored and explained exactly as a scan would score and explain that pair.
 */
export interface MatchIndex {
  objectType: ObjectType;
  size: number;
  settings: EngineSettings;
  threshold: { probability: number; weight: number };
  /** Milliseconds the build took (preparing, blocking and training when no model was given). */
  buildMs: number;
  /** Whether the model came from the caller (a scan) or was trained from the records here. */
  trained: boolean;
  /** @internal */
  state: IndexState;
}

interface IndexState {
  model: ObjectModel;
  context: PrepareContext;
  data: PreparedDataset;
  records: EngineRecord[];
  comparisons: Comparison[];
  weights: number[][];
  prior: number;
  trainedModel: TrainedModel;
  frequencies: (ValueCounts | null)[];
  names: FullNames | null;
  rules: BlockingRule[];
  blocks: Blocks[];
  /** Per unique column: the code reserved for the probe's value. */
  reserved: Map<string, number>;
  /** Columns whose probe batch does not share the index's dictionary: text -> code. */
  lookups: Map<string, Map<string, number>>;
  stamp: Int32Array;
  generation: number;
}

const PROBE_ID = '\u0000probe';

/**
 * One rule's blocks in three flat arrays rather than a map of lists: a few typed arrays
 * instead of a million small objects for the collector to walk on every major GC.
 */
interface Blocks {
  /** Distinct keys, ascending. */
  keys: Int32Array;
  /** Block b's records are members[starts[b]] up to members[starts[b + 1]]. */
  starts: Int32Array;
  /** Record indexes by key; within a block past the cap, by the rule's sortKey. */
  members: Int32Array;
}

function blocksOf(rule: BlockingRule, r: number, ruleCount: number, keys: Int32Array, n: number, maxBlockSize: number): Blocks {
  const keyOf = new Int32Array(n);
  let keyed = 0;
  for (let i = 0; i < n; i++) if ((keyOf[i] = keys[i * ruleCount + r]!) !== -1) keyed++;
  const members = new Int32Array(keyed);
  for (let i = 0, k = 0; i < n; i++) if (keyOf[i] !== -1) members[k++] = i;
  members.sort((a, b) => keyOf[a]! - keyOf[b]! || a - b);
  const distinct: number[] = [];
  const starts: number[] = [];
  for (let k = 0; k < keyed; k++) {
    if (k === 0 || keyOf[members[k]!] !== keyOf[members[k - 1]!]) {
      distinct.push(keyOf[members[k]!]!);
      starts.push(k);
    }
  }
  starts.push(keyed);
  const sortKey = rule.sortKey;
  if (sortKey) {
    for (let b = 0; b < distinct.length; b++) {
      if (starts[b + 1]! - starts[b]! <= maxBlockSize) continue;
      const block = members.subarray(starts[b]!, starts[b + 1]!);
      const sorted = Array.from(block, (i) => ({ i, k: sortKey(i) })).sort((x, y) => (x.k < y.k ? -1 : x.k > y.k ? 1 : x.i - y.i));
      sorted.forEach((entry, at) => (block[at] = entry.i));
    }
  }
  return { keys: Int32Array.from(distinct), starts: Int32Array.from(starts), members };
}

/** The records of the block with this key (empty without one). */
function blockWith(blocks: Blocks, key: number): Int32Array {
  let low = 0;
  let high = blocks.keys.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = blocks.keys[middle]!;
    if (at === key) return blocks.members.subarray(blocks.starts[middle]!, blocks.starts[middle + 1]!);
    if (at < key) low = middle + 1;
    else high = middle - 1;
  }
  return EMPTY;
}

const EMPTY = new Int32Array(0);

/** Prepares, blocks and (without a model) trains on the records; the last slot is kept for the record being matched. */
export function buildMatchIndex(records: readonly EngineRecord[], objectType: ObjectType, settingsInput: EngineSettingsInput = {}, model?: MatchModel): MatchIndex {
  const started = performance.now();
  const settings = resolveEngineSettings(settingsInput);
  const objModel = objectModel(objectType);
  const unique = uniqueById(records);
  const trained = model ?? findDuplicates(unique, objectType, { settings }).model;
  const context = new PrepareContext();
  const all = [...unique, { id: PROBE_ID, properties: {} }];
  const data = objModel.prepare(all, settings, context);
  const n = unique.length;
  const reserved = new Map<string, number>();
  for (const [name, column] of Object.entries(data.columns)) {
    if (!column.unique) continue;
    const code = column.values.push('') - 1;
    const hashes = new Int32Array(Math.max(code + 1, column.hashes?.length ?? 0));
    if (column.hashes) hashes.set(column.hashes);
    column.hashes = hashes;
    reserved.set(name, code);
  }
  // Comparisons without values in the records are dropped, as a scan drops them (the probe slot is empty here).
  const comparisons = objModel.comparisons(data, settings);
  const trainedModel = asTrainedModel(comparisons, trained);
  const rules = objModel.blockingRules(data);
  const keys = computeKeys(rules, n);
  const blocks = rules.map((rule, r) => blocksOf(rule, r, rules.length, keys, n, settings.maxBlockSize));
  const state: IndexState = {
    model: objModel,
    context,
    data,
    records: all,
    comparisons,
    weights: levelWeights(trainedModel),
    prior: priorWeight(trainedModel),
    trainedModel,
    frequencies: termFrequencies(comparisons, n),
    names: fullNames(comparisons, n, objModel.nameFields),
    rules,
    blocks,
    reserved,
    lookups: new Map(),
    stamp: new Int32Array(n),
    generation: 0,
  };
  return { objectType, size: n, settings, threshold: decisionThreshold(settings), buildMs: Math.round(performance.now() - started), trained: model === undefined, state };
}

/**
 * The indexed records that the given record (not one of them) probably duplicates, best
 * first, at most `limit`, only those at or above the decision threshold.
 */
export function matchRecord(index: MatchIndex, properties: Readonly<Record<string, unknown>>, limit = 10): MatchCandidate[] {
  const s = index.state;
  const n = index.size;
  const probe = s.model.prepare([{ id: PROBE_ID, properties }], index.settings, s.context);
  placeProbe(s, probe, n);
  const probeRules = s.model.blockingRules(probe);
  const probeKeys = computeKeys(probeRules, 1);
  const generation = ++s.generation;
  const candidates: number[] = [];
  const window = Math.max(2, Math.floor(index.settings.maxBlockSize / 4));
  s.rules.forEach((rule, r) => {
    const key = probeKeys[r]!;
    if (key === -1) return;
    const block = blockWith(s.blocks[r]!, key);
    let from = 0;
    let to = block.length;
    if (block.length > index.settings.maxBlockSize) {
      // Too big to compare whole, as in a scan: the neighbours in the rule's order.
      if (!rule.sortKey || rule.broad) return;
      const at = lowerBound(block, probeRules[r]!.sortKey!(0), rule.sortKey);
      from = Math.max(0, at - window);
      to = Math.min(block.length, at + window);
    }
    const side = rule.side ? probeRules[r]!.side!(0) : -1;
    for (let k = from; k < to; k++) {
      const j = block[k]!;
      if (s.stamp[j] === generation) continue;
      if (side !== -1 && rule.side!(j) === side) continue;
      s.stamp[j] = generation;
      candidates.push(j);
    }
  });
  const levels = new Uint8Array(s.comparisons.length);
  const scored: { j: number; weight: number }[] = [];
  const namesakes = namesakeTest(s.comparisons, s.weights, s.model.nameFields);
  for (const j of candidates) {
    const weight = s.prior + scoreAgainst(s, n, j, levels);
    if (weight >= index.threshold.weight && !namesakes?.(levels)) scored.push({ j, weight });
  }
  scored.sort((a, b) => b.weight - a.weight || (s.data.ids[a.j]! < s.data.ids[b.j]! ? -1 : 1));
  s.records[n] = { id: PROBE_ID, properties };
  const explain = pairExplainer(s.comparisons, s.trainedModel, s.frequencies, s.records, s.data.ids, s.names);
  // The weight the candidate was ranked and kept by (its explanation adds up to the same).
  const out = scored.slice(0, limit).map(({ j, weight }) => {
    scoreAgainst(s, n, j, levels);
    const explanation = explain(levels, n, j);
    return { id: s.data.ids[j]!, probability: explanation.probability, weight: Math.round(weight * 100) / 100, properties: s.records[j]!.properties, explanation };
  });
  s.records[n] = { id: PROBE_ID, properties: {} };
  return out;
}

/** Fills `levels` for the pair (probe, j) and returns the fields' total weight. */
function scoreAgainst(s: IndexState, probe: number, j: number, levels: Uint8Array): number {
  let weight = 0;
  for (let c = 0; c < s.comparisons.length; c++) {
    const comparison = s.comparisons[c]!;
    const level = comparison.compare(probe, j);
    levels[c] = level;
    if (level === NULL_LEVEL) continue;
    weight += s.weights[c]![level]!;
    const tf = comparison.termFrequency;
    if (tf && tf.level === level) weight += termFrequencyAdjustment(s.trainedModel.u[c]![level]!, s.frequencies[c], tf.column.codes[probe]!, tf.column.codes[j]!);
  }
  if (bothNamesExact(s.names, levels)) weight += fullNameAdjustment(s.names, s.comparisons, s.trainedModel, s.frequencies, probe, j);
  return weight;
}

/** Writes the probe's prepared values into the index's last slot. */
function placeProbe(s: IndexState, probe: PreparedDataset, slot: number): void {
  for (const [name, column] of Object.entries(s.data.columns)) {
    const own = probe.columns[name];
    if (!own) continue;
    const code = own.codes[0]!;
    if (column.unique) {
      const reserved = s.reserved.get(name)!;
      column.values[reserved] = own.values[code]!;
      column.hashes![reserved] = own.hashes?.[code] ?? 0;
      column.codes[slot] = code === 0 ? 0 : reserved;
    } else if (own.values === column.values) column.codes[slot] = code;
    else column.codes[slot] = foreignCode(s, name, column, own.values[code]!);
  }
  for (const [name, flags] of Object.entries(s.data.flags ?? {})) flags[slot] = probe.flags?.[name]?.[0] ?? 0;
  for (const [name, numbers] of Object.entries(s.data.numbers ?? {})) numbers[slot] = probe.numbers?.[name]?.[0] ?? Number.NaN;
}

/** A code in a column the probe was not prepared into: found by its text, or added. */
function foreignCode(s: IndexState, name: string, column: TextColumn, value: string): number {
  if (value === '') return 0;
  let lookup = s.lookups.get(name);
  if (!lookup) s.lookups.set(name, (lookup = new Map(column.values.map((v, code) => [v, code]))));
  let code = lookup.get(value);
  if (code === undefined) lookup.set(value, (code = column.values.push(value) - 1));
  return code;
}

function lowerBound(block: Int32Array, key: string, sortKey: (i: number) => string): number {
  let low = 0;
  let high = block.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sortKey(block[middle]!) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A model given to buildMatchIndex lacks a comparison these records have (a field filled since it was trained). */
export class ModelFieldsError extends Error {
  constructor(readonly field: string) {
    super(`The model has no parameters for ${field}: train it on these records`);
    this.name = 'ModelFieldsError';
  }
}

function asTrainedModel(comparisons: readonly Comparison[], model: MatchModel): TrainedModel {
  const byField = new Map(model.fields.map((field) => [field.field, field.levels]));
  const m: number[][] = [];
  const u: number[][] = [];
  for (const comparison of comparisons) {
    const levels = byField.get(comparison.name);
    if (!levels || levels.length !== comparison.levels.length) throw new ModelFieldsError(comparison.name);
    m.push(levels.map((level) => level.m));
    u.push(levels.map((level) => level.u));
  }
  return { lambda: model.lambda, lambdaCandidates: model.lambda, m, u, iterations: 0, converged: true };
}

function uniqueById(records: readonly EngineRecord[]): EngineRecord[] {
  const seen = new Set<string>();
  return records.filter((record) => !seen.has(record.id) && (seen.add(record.id), true));
}
