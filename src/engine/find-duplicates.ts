import type { ObjectType } from '../shared/object-types';
import { blockPairs, type BlockingReport, type CandidatePairs, type FoundPairs } from './block/block-pairs';
import { clusterPairs, type Cluster, type ClusterReport } from './cluster/cluster-pairs';
import { ExplainedLinks, pairWeigher, type PairExplanation, type ShownValues } from './explain/explain-pair';
import { memberIndexes, ShownTable } from './explain/shown-table';
import { matchKeyOf } from './explain/match-key';
import { objectModel } from './models';
import { recordId } from './models/prepare-helpers';
import { compareRange, type ComparisonVectors } from './score/comparison-vectors';
import { estimateU, uSamplePairs } from './score/estimate-u';
import { namesakeTest } from './score/namesakes';
import { levelWeights, priorWeight, scorePairs } from './score/score-pairs';
import { fullNames, termFrequencies } from './score/term-frequency';
import { trainM, type TrainedModel, type TrainingLabels, type TrainingSession } from './score/train-m';
import { decisionThreshold, resolveEngineSettings, weightToProbability, type EngineSettings, type EngineSettingsInput } from './settings';
import { Dictionary, PrepareContext } from './text-column';
import { computeKeys } from './block/keys';
import { NULL_LEVEL, type ApartRule, type BlockingRule, type Comparison, type EngineRecord, type ObjectModel, type PreparedDataset, type RecordBatches } from './types';
import { largeFloat64Array, largeInt32Array, largeUint32Array, largeUint8Array } from './large-arrays';

export type PairOfIds = readonly [string, string];

export interface FindDuplicatesOptions {
  settings?: EngineSettingsInput;
  /** Pairs a user marked "not duplicates": never proposed again, and they teach the model. */
  notDuplicates?: readonly PairOfIds[];
  /** Pairs a user merged: confirmed duplicates that teach the model. */
  confirmedDuplicates?: readonly PairOfIds[];
  onProgress?: (stage: EngineStage, done: number, total: number) => void;
  /**
   * Whether explanations show the two records' values (the default). Without, every field's
   * valueA and valueB are empty (levels, weights and match keys are the same), and records
   * read in batches are never read again: for callers that show no explanation (the CLI's CSV).
   */
  values?: boolean;
  /**
   * A model an earlier scan of these records trained: used as it is, not trained again,
   * while its fields are still the comparisons' (see rescan/engine-state.ts).
   */
  model?: KeptModel;
  /**
   * Receives what a rescan builds on (see rescan/engine-state.ts); the pipeline then keeps
   * the values, keys and levels it would otherwise let go of as soon as it can.
   */
  keep?: (kept: KeptScan) => void;
}

/** A trained model and the comparisons it was trained on, by name. */
export interface KeptModel {
  fields: readonly string[];
  trained: TrainedModel;
}

/** A scan's prepared records, candidate pairs and their levels, and its model. */
export interface KeptScan {
  records: readonly EngineRecord[];
  data: PreparedDataset;
  /** The dictionaries the records were prepared with: records prepared later share them. */
  context: PrepareContext;
  pairs: { left: Int32Array; right: Int32Array; count: number };
  levels: Uint8Array[];
  model: KeptModel;
}

export type EngineStage = 'prepare' | 'block' | 'compare' | 'train' | 'score' | 'cluster' | 'explain';

export interface DuplicateGroup {
  /** Stable id: the group's smallest record id. */
  id: string;
  recordIds: string[];
  /** Suggested survivor: the most complete record, then the most recently updated. */
  primaryId: string;
  /** Mean match probability of the group's pairs. */
  confidence: number;
  /** What the records share, e.g. "email" or "firstname+lastname+phone". */
  matchKey: string;
  /** Each link that joined the group, explained: built anew at each read (read it once and keep the array). */
  pairs: PairExplanation[];
}

export interface DuplicateDetectionResult {
  objectType: ObjectType;
  recordCount: number;
  /** Records left out because an earlier record had the same id (the first one counts). */
  repeatedIds: number;
  pairsCompared: number;
  groups: DuplicateGroup[];
  /** Records in some group. */
  duplicateRecordCount: number;
  blocking: BlockingReport;
  clustering: ClusterReport;
  threshold: { probability: number; weight: number };
  model: {
    lambda: number;
    lambdaCandidates: number;
    iterations: number;
    converged: boolean;
    fields: { field: string; levels: { label: string; m: number; u: number; weight: number }[] }[];
  };
  settings: EngineSettings;
  timingsMs: Record<EngineStage, number>;
}

/**
 * The stages that can run on several threads. Each returns its result at once, or a
 * promise of it when worker threads do the work.
 */
export interface StageRunner {
  prepare(model: ObjectModel, records: readonly EngineRecord[], settings: EngineSettings, context?: PrepareContext): PreparedDataset | Promise<PreparedDataset>;
  /** Records that come in batches (see RecordBatches), prepared as they come; ids are the dataset's. */
  prepareBatches?(model: ObjectModel, source: RecordBatches, settings: EngineSettings): Promise<PreparedDataset>;
  /** Levels of pairs (left[k], right[k]) on every comparison. */
  compare(comparisons: readonly Comparison[], left: Int32Array, right: Int32Array): Uint8Array[] | Promise<Uint8Array[]>;
  /**
   * Levels of pairs compared by worker threads while this thread goes on (blocking), or
   * null when there are none to do it.
   */
  compareMeanwhile?(comparisons: readonly Comparison[], left: Int32Array, right: Int32Array): Promise<Uint8Array[]> | null;
  /**
   * Comparing that starts while blocking goes on: worker threads compare each rule's pairs
   * as blocking hands them over. Null when there are no workers to do it.
   */
  compareAsFound?(comparisons: readonly Comparison[]): PairsAsFound | null;
  /** No more comparing in this scan: what it kept for that can go. */
  release?(): void;
}

/** See StageRunner.compareAsFound. */
export interface PairsAsFound {
  /** The next pairs blocking found (they follow the last ones added). */
  add(pairs: FoundPairs): void;
  /** Levels of every pair added, in the order added: this thread compares what no worker has got to. */
  levels(): Promise<Uint8Array[]>;
}

/** Everything on the calling thread. */
export const inThisThread: StageRunner = {
  prepare: (model, records, settings, context) => model.prepare(records, settings, context),
  compare: (comparisons, left, right) => compareRange(comparisons, left, right, 0, left.length),
};

/** The whole engine on the calling thread: records in, explained duplicate groups out. Pure: no I/O. */
export function findDuplicates(records: readonly EngineRecord[], objectType: ObjectType, options: FindDuplicatesOptions = {}): DuplicateDetectionResult {
  const steps = duplicatePipeline(records, objectType, options, inThisThread);
  let step = steps.next();
  while (!step.done) step = steps.next(step.value);
  return step.value;
}

/** Waits for a stage, whether it ran here or on worker threads. */
function* stage<T>(result: T | Promise<T>): Generator<T | Promise<T>, T, unknown> {
  return (yield result) as T;
}

/**
 * The pipeline as a generator that yields each stage's result: the caller runs it to the
 * end at once, or awaits each result when stages run on worker threads. Everything else
 * is the same code, so the result cannot depend on the number of threads.
 */
export function* duplicatePipeline(
  input: readonly EngineRecord[] | RecordBatches,
  objectType: ObjectType,
  options: FindDuplicatesOptions,
  runner: StageRunner,
): Generator<unknown, DuplicateDetectionResult, unknown> {
  const source = isBatches(input) ? input : null;
  if (source && (options.keep || !runner.prepareBatches)) throw new Error('Records read in batches are prepared on the way and not kept: pass them as an array');
  const records = source ? null : withUniqueIds(input as readonly EngineRecord[]);
  const settings = resolveEngineSettings(options.settings);
  const model = objectModel(objectType);
  const progress = options.onProgress ?? (() => {});
  const { timings, lap } = stageClock();

  const keep = options.keep;
  const context = keep ? new PrepareContext() : undefined;
  progress('prepare', 0, records?.length ?? source!.total ?? 0);
  const data = yield* stage(records ? runner.prepare(model, records, settings, context) : runner.prepareBatches!(model, source!, settings));
  // A kept dataset takes more records later: its dictionaries stay open.
  if (!keep) Dictionary.seal(Object.values(data.columns));
  const comparisons = model.comparisons(data, settings);
  const apart = model.apart?.(data, settings);
  const given = options.model && sameFields(options.model, comparisons) ? options.model.trained : null;
  // Record indexes by id, for the labelled pairs alone: a map of a million ids costs time and memory.
  const labelled = new Set((options.notDuplicates ?? []).concat(options.confirmedDuplicates ?? []).flat());
  const indexOf = new Map<string, number>();
  if (labelled.size > 0) data.ids.forEach((id, i) => labelled.has(id) && indexOf.set(id, i));
  lap('prepare');

  progress('block', 0, 1);
  const dismissed = dismissedPairs(options.notDuplicates, indexOf);
  // The random pairs for u need no blocking: worker threads may compare them meanwhile.
  const sample = given ? null : uSamplePairs(data.size, settings.uSampleSize, settings.seed);
  const sampleLevels = sample && runner.compareMeanwhile?.(comparisons, sample.left, sample.right);
  const rules = model.blockingRules(data);
  if (keep) data.blockingKeys ??= computeKeys(rules, data.size);
  const asFound = runner.compareAsFound?.(comparisons) ?? null;
  const pairs = blockPairs(data.size, rules, settings.maxBlockSize, dismissed.excluded(data.size), data.blockingKeys, { ids: data.ids, ...(asFound ? { found: (found) => asFound.add(found) } : {}) });
  // Memory held to the end of a scan of a million records counts: what a stage no longer needs goes.
  if (!keep) delete data.blockingKeys;
  lap('block');

  progress('compare', 0, pairs.count);
  const vectors: ComparisonVectors = { count: pairs.count, levels: yield* stage(asFound ? asFound.levels() : runner.compare(comparisons, pairs.left, pairs.right)) };
  progress('compare', pairs.count, pairs.count);
  lap('compare');

  progress('train', 0, 1);
  const frequencies = termFrequencies(comparisons, data.size);
  let trained: TrainedModel;
  if (given) {
    if (!keep) releaseValues(data);
    runner.release?.();
    trained = given;
  } else {
    // Drawn whenever no model is given.
    const random = sample!;
    const u = estimateU(comparisons, { count: random.count, levels: yield* stage(sampleLevels ?? runner.compare(comparisons, random.left, random.right)) });
    const labels: TrainingLabels = {
      ...(options.confirmedDuplicates?.length ? { matches: labelledVectors(comparisons, options.confirmedDuplicates, indexOf) } : {}),
      ...(options.notDuplicates?.length ? { nonMatches: labelledVectors(comparisons, options.notDuplicates, indexOf) } : {}),
    };
    const allPairs = (data.size * (data.size - 1)) / 2;
    const sessions = trainingSessions(rules, comparisons, pairs);
    // Nothing is compared from here on: the distinct values go (the records keep what explanations show).
    if (!keep) releaseValues(data);
    runner.release?.();
    trained = trainM(comparisons, vectors, u, sessions, labels, allPairs);
  }
  lap('train');
  keep?.({ records: records!, data, context: context!, pairs, levels: vectors.levels, model: { fields: comparisons.map((c) => c.name), trained } });

  return yield* groupingSteps({
    objectType, model, settings, records: records ?? source!.recordsAt, data, comparisons, apart, trained, frequencies, vectors, pairs,
    dismissed: dismissed.pairs, recordCount: data.size, repeatedIds: records ? (input as readonly EngineRecord[]).length - records.length : 0, progress, lap, timings,
    values: options.values !== false,
  });
}

/** What grouping needs of a pipeline run: everything up to the levels of the candidate pairs. */
export interface GroupingInput {
  objectType: ObjectType;
  model: ObjectModel;
  settings: EngineSettings;
  /**
   * The records by index, as prepared (a rescan's include some since gone, in no pair); or,
   * for records read in batches and let go, how to read again the members of the groups.
   */
  records: readonly EngineRecord[] | RecordBatches['recordsAt'];
  data: PreparedDataset;
  comparisons: readonly Comparison[];
  apart: ApartRule | undefined;
  trained: TrainedModel;
  frequencies: ReturnType<typeof termFrequencies>;
  vectors: ComparisonVectors;
  pairs: Pick<CandidatePairs, 'left' | 'right' | 'count' | 'report'>;
  dismissed: readonly (readonly [number, number])[];
  recordCount: number;
  repeatedIds: number;
  progress: (stage: EngineStage, done: number, total: number) => void;
  lap: (stage: EngineStage) => void;
  timings: Record<EngineStage, number>;
  /** See FindDuplicatesOptions.values: true unless false. */
  values?: boolean;
}

/** Scores the candidate pairs, groups the matches and explains each group: the end of every run, full or rescan. */
export function groupDuplicates(input: GroupingInput & { records: readonly EngineRecord[] }): DuplicateDetectionResult {
  const step = groupingSteps(input).next();
  if (!step.done) throw new Error('Grouping waited for records it was given');
  return step.value;
}

/** groupDuplicates as steps: it waits (yields) only to read again records let go of. */
function* groupingSteps(input: GroupingInput): Generator<unknown, DuplicateDetectionResult, unknown> {
  const { model, settings, data, comparisons, apart, trained, frequencies, vectors, pairs, progress, lap } = input;
  progress('score', 0, pairs.count);
  // Built here, from the codes alone, so its sort buffer lives from scoring on, not from training.
  const names = fullNames(comparisons, data.size, model.nameFields);
  const weights = scorePairs(comparisons, vectors, trained, frequencies, pairs.left, pairs.right, names);
  const threshold = decisionThreshold(settings);
  const namesakes = namesakeTest(comparisons, levelWeights(trained), model.nameFields);
  const pairLevels = new Uint8Array(comparisons.length);
  // Per pair, 1 when accepted: each pair judged once.
  const acceptedFlags = largeUint8Array(pairs.count);
  let acceptedCount = 0;
  for (let k = 0; k < pairs.count; k++) {
    if (weights[k]! < threshold.weight) continue;
    if (namesakes) {
      for (let c = 0; c < comparisons.length; c++) pairLevels[c] = vectors.levels[c]![k]!;
      if (namesakes(pairLevels)) continue;
    }
    acceptedFlags[k] = 1;
    acceptedCount++;
  }
  const accepted = largeUint32Array(acceptedCount);
  for (let k = 0, a = 0; a < acceptedCount; k++) if (acceptedFlags[k] === 1) accepted[a++] = k;
  lap('score');

  progress('cluster', 0, 1);
  const together = apart ? allowedApart(apart, comparisons, trained, vectors, pairs.left, pairs.right, acceptedFlags) : undefined;
  const { clusters, report: clustering } = clusterPairs(data.ids, pairs.left, pairs.right, weights, accepted, settings.maxGroupSize, priorWeight(trained), input.dismissed, together);
  lap('cluster');

  progress('explain', 0, clusters.length);
  let shownOf: ShownValues | null = null;
  if (input.values !== false) {
    const members = memberIndexes(clusters);
    const table = new ShownTable(members, comparisons);
    // A slice of the members at a time, so that the records read die young: read at once, the
    // million or more of a large scan lived until the last was shown and were copied twice.
    for (let from = 0; from < members.length; from += table.slice) {
      const slice = table.indexesFrom(from);
      const read = typeof input.records === 'function' ? yield* stage(input.records(slice, table.properties)) : slice.map((i) => (input.records as readonly EngineRecord[])[i]!);
      table.add(from, read);
    }
    shownOf = table.shown;
  }
  const links = new ExplainedLinks(comparisons, trained, clusters.reduce((sum, cluster) => sum + cluster.links.length, 0), shownOf);
  const weigh = pairWeigher(comparisons, trained, frequencies, names);
  const levels = new Uint8Array(comparisons.length);
  const gathered = gatheredLinks(clusters, vectors, pairs.left, pairs.right);
  const C = comparisons.length;
  const groups = clusters.map((cluster) => {
    const from = links.count;
    let probabilities = 0;
    for (let n = 0; n < cluster.links.length; n++) {
      const link = from + n;
      for (let c = 0; c < C; c++) levels[c] = gathered.levels[link * C + c]!;
      const i = gathered.left[link]!;
      const j = gathered.right[link]!;
      links.add(levels, i, j, data.ids[i]!, data.ids[j]!, weigh);
      probabilities += weightToProbability(links.weight(links.count - 1));
    }
    const recordIds = idsInOrder(cluster.members, data.ids);
    const primary = cluster.members.reduce((best, i) =>
      data.completeness[i]! > data.completeness[best]! ||
      (data.completeness[i] === data.completeness[best] && (data.updatedAt[i]! > data.updatedAt[best]! || (data.updatedAt[i] === data.updatedAt[best] && data.ids[i]! < data.ids[best]!)))
        ? i
        : best,
    );
    const to = links.count;
    return explainedGroup(
      {
        id: recordIds[0]!,
        recordIds,
        primaryId: data.ids[primary]!,
        confidence: Math.round((probabilities / cluster.links.length) * 10_000) / 10_000,
        matchKey: matchKeyOf(links, from, to),
      },
      links,
      from,
      to,
      cluster.members,
    );
  });
  // Most confident first, then by id: the keys read from arrays side by side, not from the groups.
  const confidences = Float64Array.from(groups, (group) => group.confidence);
  const groupIds = groups.map((group) => group.id);
  const order = Array.from(groups, (_, g) => g).sort((x, y) => confidences[y]! - confidences[x]! || (groupIds[x]! < groupIds[y]! ? -1 : 1));
  const sorted = order.map((g) => groups[g]!);
  lap('explain');

  return {
    objectType: input.objectType,
    recordCount: input.recordCount,
    repeatedIds: input.repeatedIds,
    pairsCompared: pairs.count,
    groups: sorted,
    duplicateRecordCount: sorted.reduce((sum, g) => sum + g.recordIds.length, 0),
    blocking: pairs.report,
    clustering,
    threshold,
    model: describeModel(comparisons, trained),
    settings,
    timingsMs: input.timings,
  };
}

function isBatches(input: readonly EngineRecord[] | RecordBatches): input is RecordBatches {
  return !Array.isArray(input);
}

/**
 * The grouped links' levels (`levels.length` a link) and records, in the clusters' order,
 * read from the pairs' arrays in the pairs' order: read link by link, every link was a miss
 * of the processor's cache in each comparison's array of tens of millions of pairs.
 */
function gatheredLinks(clusters: readonly Cluster[], vectors: ComparisonVectors, left: Int32Array, right: Int32Array): { levels: Uint8Array; left: Int32Array; right: Int32Array } {
  const total = clusters.reduce((sum, cluster) => sum + cluster.links.length, 0);
  // Each link as its pair times `slots` plus its place, sorted as numbers: exact while under 2^53.
  const slots = 2 ** Math.ceil(Math.log2(total + 1));
  const keyed = largeFloat64Array(total);
  let at = 0;
  for (const cluster of clusters) for (const k of cluster.links) keyed[at] = k * slots + at++;
  keyed.sort();
  const C = vectors.levels.length;
  const out = { levels: largeUint8Array(total * C), left: largeInt32Array(total), right: largeInt32Array(total) };
  for (let x = 0; x < total; x++) {
    const k = Math.floor(keyed[x]! / slots);
    const place = keyed[x]! - k * slots;
    for (let c = 0; c < C; c++) out.levels[place * C + c] = vectors.levels[c]![k]!;
    out.left[place] = left[k]!;
    out.right[place] = right[k]!;
  }
  return out;
}

/** The ids of these records, sorted; a pair (most groups) without calling sort. */
function idsInOrder(members: readonly number[], ids: readonly string[]): string[] {
  if (members.length === 2) {
    const a = ids[members[0]!]!;
    const b = ids[members[1]!]!;
    return a < b ? [a, b] : [b, a];
  }
  return members.map((i) => ids[i]!).sort();
}

/**
 * A group whose `pairs` are explained when read (see ExplainedLinks): an own, enumerable
 * property like the rest, so JSON, spreading and structured cloning see it; every read
 * builds them anew.
 */
function explainedGroup(group: Omit<DuplicateGroup, 'pairs'>, links: ExplainedLinks, from: number, to: number, members: readonly number[]): DuplicateGroup {
  Object.defineProperty(group, GROUP_LINKS, { value: { links, from, to, members } });
  Object.defineProperty(group, 'pairs', { get: groupPairs, enumerable: true, configurable: true });
  return group as DuplicateGroup;
}

const GROUP_LINKS = Symbol('group links');

// One getter for every group (its links found through `this`), so that groups share one shape.
function groupPairs(this: { [GROUP_LINKS]: { links: ExplainedLinks; from: number; to: number } }): PairExplanation[] {
  const { links, from, to } = this[GROUP_LINKS];
  return links.explain(from, to);
}

/**
 * Where a group's members stand in the dataset the scan compared, ascending: for a full scan,
 * among the records it was given, in order, less any repeated id (a rescan's dataset still
 * holds the records removed since it was built). For a caller that holds the records in that
 * order and would otherwise look each id up again. Undefined for a group that did not come
 * from a scan (a copy, or one read back from storage).
 */
export function memberPlaces(group: DuplicateGroup): readonly number[] | undefined {
  return (group as { [GROUP_LINKS]?: { members: readonly number[] } })[GROUP_LINKS]?.members;
}

/** Each stage's milliseconds, taken by `lap` as the stage ends. */
export function stageClock() {
  const timings = {} as Record<EngineStage, number>;
  let clock = performance.now();
  const lap = (stage: EngineStage) => {
    const now = performance.now();
    timings[stage] = Math.round(now - clock);
    clock = now;
  };
  return { timings, lap };
}

/**
 * Whether a kept model was trained on these comparisons: a field filled since (or emptied)
 * makes it another model, and so does a comparison given other levels (a stored model from
 * an earlier version of the engine).
 */
function sameFields(kept: KeptModel, comparisons: readonly Comparison[]): boolean {
  return kept.fields.length === comparisons.length && comparisons.every((c, i) => c.name === kept.fields[i] && kept.trained.m[i]?.length === c.levels.length && kept.trained.u[i]?.length === c.levels.length);
}

/** Dismissed pairs as record indexes, found once: blocking skips them, clustering never joins them. */
export function dismissedPairs(notDuplicates: readonly PairOfIds[] | undefined, indexOf: ReadonlyMap<string, number>) {
  const pairs = (notDuplicates ?? []).flatMap(([a, b]) => (indexOf.has(a) && indexOf.has(b) ? [[indexOf.get(a)!, indexOf.get(b)!] as const] : []));
  return {
    pairs,
    excluded(size: number): ((a: number, b: number) => boolean) | undefined {
      const keys = new Set(pairs.map(([a, b]) => Math.min(a, b) * size + Math.max(a, b)));
      return keys.size > 0 ? (a, b) => keys.has(a * size + b) : undefined;
    },
  };
}

/**
 * Empties every column's distinct values in place, which the comparisons hold too: after
 * the last comparison only codes (term frequencies) are read. At a million records these
 * strings are a few hundred megabytes, and groups and explanations are built after.
 */
function releaseValues(data: PreparedDataset): void {
  for (const column of Object.values(data.columns)) column.values.length = Math.min(column.values.length, 1);
}

/** Records with ids not seen before: a second record claiming an id would make groups ambiguous. */
function withUniqueIds(records: readonly EngineRecord[]): readonly EngineRecord[] {
  const seen = new Set<string>();
  let repeated = false;
  for (let i = 0; i < records.length; i++) {
    const id = recordId(records[i]!, i);
    if (seen.has(id)) repeated = true;
    seen.add(id);
  }
  if (!repeated) return records;
  seen.clear();
  const unique: EngineRecord[] = [];
  records.forEach((record, i) => {
    const id = recordId(record, i);
    if (seen.has(id)) return;
    seen.add(id);
    // A record named by its place keeps that name, though the records after a repeat move up.
    unique.push(record.id === id ? record : { ...record, id });
  });
  return unique;
}

/**
 * Which records the model keeps apart (see ObjectModel.apart) may still share a group: the
 * candidate pairs that agree exactly on one of `unlessSame` with no other field against
 * them. Returns the test clustering applies to two records of one would-be group.
 */
function allowedApart(
  apart: ApartRule,
  comparisons: readonly Comparison[],
  trained: TrainedModel,
  vectors: ComparisonVectors,
  left: Int32Array,
  right: Int32Array,
  /** Per pair, 1 when the scan accepted it. */
  accepted: Uint8Array,
): (a: number, b: number) => boolean {
  const weights = levelWeights(trained);
  const field = comparisons.findIndex((c) => c.name === apart.field);
  const identities = comparisons.flatMap((c, index) => (apart.unlessSame.includes(c.name) ? [index] : []));
  const exempt = new Set<number>();
  const key = (a: number, b: number) => (a < b ? a * 2 ** 26 + b : b * 2 ** 26 + a);
  const ids = comparisons.flatMap((c, index) => (apart.unlessSameId?.[c.name] !== undefined ? [[index, apart.unlessSameId[c.name]!] as const] : []));
  // Read per pair as arrays and plain loops: callbacks and destructuring there made some
  // 150 bytes of garbage a pair (1.4 GB over two million contacts' 9 million pairs).
  const idLevels = ids.map(([c]) => vectors.levels[c]!);
  const idHighest = Uint8Array.from(ids, ([, highest]) => highest);
  const identityLevels = identities.map((c) => vectors.levels[c]!);
  for (let k = 0; k < vectors.count; k++) {
    let sameId = false;
    for (let x = 0; x < idLevels.length && !sameId; x++) sameId = idLevels[x]![k]! <= idHighest[x]!;
    let sameIdentity = false;
    for (let x = 0; x < identityLevels.length && !sameIdentity; x++) sameIdentity = identityLevels[x]![k] === 0;
    if ((!sameId && !sameIdentity) || !apart.test(left[k]!, right[k]!)) continue;
    if (sameId && accepted[k]) {
      exempt.add(key(left[k]!, right[k]!));
      continue;
    }
    // The rest agrees: the identities exactly (or one is missing), every other field at a level that counts for the pair.
    let against = false;
    for (let c = 0; c < comparisons.length && !against; c++) {
      const level = vectors.levels[c]![k]!;
      if (c === field || level === NULL_LEVEL) continue;
      against = identities.includes(c) ? level !== 0 : weights[c]![level]! < 0 || comparisons[c]!.levels[level]!.neutral === true;
    }
    if (!against) exempt.add(key(left[k]!, right[k]!));
  }
  return (a, b) => !apart.test(a, b) || exempt.has(key(a, b));
}

/** Most pairs a training session looks at: m estimates settle long before this. */
const SESSION_SAMPLE = 200_000;

/** One EM session per blocking rule, over (a sample of) the candidate pairs that share its block. */
export function trainingSessions(rules: readonly BlockingRule[], comparisons: readonly Comparison[], pairs: CandidatePairs): TrainingSession[] {
  const stride = Math.max(1, Math.floor(pairs.count / SESSION_SAMPLE));
  const shared = pairs.sharedRules;
  // Each sampled pair's rules read once: counted, then placed in every session it belongs to.
  const counts = new Int32Array(rules.length);
  for (let k = 0; k < pairs.count; k += stride) for (let bits = shared[k]!; bits !== 0; bits &= bits - 1) counts[31 - Math.clz32(bits & -bits)]!++;
  const selected = Array.from(counts, (count) => new Uint32Array(count));
  const filled = new Int32Array(rules.length);
  for (let k = 0; k < pairs.count; k += stride) {
    for (let bits = shared[k]!; bits !== 0; bits &= bits - 1) {
      const r = 31 - Math.clz32(bits & -bits);
      selected[r]![filled[r]!++] = k;
    }
  }
  return rules.map((rule, r) => ({
    pairs: selected[r]!,
    excluded: comparisons.map((comparison) => rule.fields.includes(comparison.name) || (comparison.learntFrom !== undefined && !rule.fields.some((field) => comparison.learntFrom!.includes(field)))),
  }));
}

function labelledVectors(comparisons: readonly Comparison[], pairs: readonly PairOfIds[], indexOf: Map<string, number>): ComparisonVectors {
  const known = pairs.filter(([a, b]) => indexOf.has(a) && indexOf.has(b) && a !== b);
  const left = Int32Array.from(known, ([a]) => indexOf.get(a)!);
  const right = Int32Array.from(known, ([, b]) => indexOf.get(b)!);
  return { count: known.length, levels: compareRange(comparisons, left, right, 0, known.length) };
}

function describeModel(comparisons: readonly Comparison[], trained: TrainedModel): DuplicateDetectionResult['model'] {
  return {
    lambda: trained.lambda,
    lambdaCandidates: trained.lambdaCandidates,
    iterations: trained.iterations,
    converged: trained.converged,
    fields: comparisons.map((comparison, c) => ({
      field: comparison.name,
      levels: comparison.levels.map((level, l) => ({
        label: level.label,
        m: trained.m[c]![l]!,
        u: trained.u[c]![l]!,
        weight: Math.log2(trained.m[c]![l]! / trained.u[c]![l]!),
      })),
    })),
  };
}

