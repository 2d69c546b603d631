import type { ObjectType } from '../../shared/object-types';
import { blockPairs } from '../block/block-pairs';
import { dismissedPairs, groupDuplicates, stageClock, type DuplicateDetectionResult, type FindDuplicatesOptions, type KeptModel, type KeptScan } from '../find-duplicates';
import { objectModel } from '../models';
import { findDuplicatesInParallel, type ParallelOptions } from '../parallel/find-duplicates-in-parallel';
import { concatDatasets, prepareSlice } from '../parallel/transfer';
import { compareRange, levelArrays } from '../score/comparison-vectors';
import { termFrequencies } from '../score/term-frequency';
import { resolveEngineSettings } from '../settings';
import type { EngineRecord, PreparedDataset } from '../types';
import { PairTable } from './pair-table';

/**
 * What a scan keeps so that the next scan of the same records redoes only what changed:
 * the prepared records (with those since gone blanked out), the candidate pairs with their
 * levels, and the trained model. A rescan prepares the changed records, blocks again from
 * the kept keys (cheap), compares only the pairs it has not compared before, and scores and
 * groups every pair with the kept model: its groups are a full scan's with that model.
 */
export interface EngineState {
  objectType: ObjectType;
  /** The engine settings it was built with, resolved: other settings need a full scan. */
  settingsKey: string;
  /** Index of each record still there, by id. */
  indexOf: Map<string, number>;
  /** The scan's records by index (those since gone included: they are in no pair), columns, pairs, levels and model. */
  kept: KeptScan & { records: EngineRecord[] };
  /** Records changed, added or gone since the model was trained. */
  changedSinceTraining: number;
  /** The labelled pairs (dismissed or merged) the model was trained with. */
  labelsAtTraining: number;
}

export interface RecordChanges {
  /** New records, and new versions of records already there. */
  upserted: readonly EngineRecord[];
  /** Ids of records gone (archived, merged away, left out). */
  removed: readonly string[];
}

/** Share of the records a rescan may change before a full scan is cheaper and the model is trained again. */
export const RETRAIN_SHARE = 0.1;
/** Share of gone records the kept arrays may carry before a full scan compacts them. */
const GONE_SHARE = 0.25;
/** More labelled pairs than this since training: the model is trained again with them. */
const NEW_LABELS = 10;

/** The resolved engine settings as text: a model trained with other settings is another model. */
export const settingsKeyOf = (options: Pick<FindDuplicatesOptions, 'settings'>) => JSON.stringify(resolveEngineSettings(options.settings));
const labelCount = (options: FindDuplicatesOptions) => (options.notDuplicates?.length ?? 0) + (options.confirmedDuplicates?.length ?? 0);

/** A model still good for a full scan that compacts a state, and what it has seen since training. */
export interface ModelCarriedOver {
  model: KeptModel;
  changedSinceTraining: number;
  labelsAtTraining: number;
}

/** What a model has seen since training, as a scan leaves it (stored per portal and type with the model). */
export interface ModelBookkeeping {
  /** The resolved settings it was trained with (settingsKeyOf). */
  settingsKey: string;
  changedSinceTraining: number;
  labelsAtTraining: number;
}

/**
 * Why a model trained with `kept`'s settings and labels, `changed` records changed since,
 * must be trained again for a scan of `live` records with these options; null: it stands.
 */
export function retrainReason(kept: Pick<ModelBookkeeping, 'settingsKey' | 'labelsAtTraining'>, changed: number, live: number, options: FindDuplicatesOptions): string | null {
  if (kept.settingsKey !== settingsKeyOf(options)) return 'settings changed';
  if (changed > RETRAIN_SHARE * Math.max(live, 1)) return 'many records changed';
  if (Math.abs(labelCount(options) - kept.labelsAtTraining) > NEW_LABELS) return 'new feedback to learn from';
  return null;
}

/** What the state's model has seen since training. */
export function bookkeepingOf(state: EngineState): ModelBookkeeping {
  return { settingsKey: state.settingsKey, changedSinceTraining: state.changedSinceTraining, labelsAtTraining: state.labelsAtTraining };
}

/** What a model trained by a full scan with these options has seen: nothing since. */
export function freshBookkeeping(options: FindDuplicatesOptions): ModelBookkeeping {
  return { settingsKey: settingsKeyOf(options), changedSinceTraining: 0, labelsAtTraining: labelCount(options) };
}

/**
 * A full scan that keeps its state. With a model carried over (a compaction of a state
 * whose model is still good), the model is used as it is; otherwise one is trained.
 */
export async function scanKeepingState(
  records: readonly EngineRecord[],
  objectType: ObjectType,
  options: ParallelOptions,
  carried?: ModelCarriedOver,
): Promise<{ result: DuplicateDetectionResult; state: EngineState }> {
  let kept: KeptScan | undefined;
  const result = await findDuplicatesInParallel(records, objectType, { ...options, ...(carried ? { model: carried.model } : {}), keep: (k) => (kept = k) });
  if (!kept) throw new Error('The engine kept nothing of the scan');
  const k: KeptScan = kept;
  const indexOf = new Map<string, number>();
  k.data.ids.forEach((id, i) => indexOf.set(id, i));
  // The carried model stands unless the fields changed (then the pipeline trained another).
  const stood = carried !== undefined && k.model.trained === carried.model.trained;
  return {
    result,
    state: {
      objectType,
      settingsKey: settingsKeyOf(options),
      indexOf,
      // A copy: rescans add to it, and the pipeline's may be the caller's array.
      kept: { ...k, records: k.records.slice() },
      changedSinceTraining: stood ? carried.changedSinceTraining : 0,
      labelsAtTraining: stood ? carried.labelsAtTraining : labelCount(options),
    },
  };
}

/** Why a state cannot take these changes: the caller runs a full scan (training again when `retrain`). */
export type RescanRefusal = { retrain: boolean; reason: string };

/**
 * Whether `state` can be rescanned with these options and this many changed records, and
 * if not, whether the full scan should train a new model.
 */
export function rescanRefusal(state: EngineState, changed: number, options: FindDuplicatesOptions): RescanRefusal | null {
  const live = state.indexOf.size;
  const reason = retrainReason(state, state.changedSinceTraining + changed, live, options);
  if (reason) return { retrain: true, reason };
  if (state.kept.records.length - live + changed > GONE_SHARE * Math.max(live, 1)) return { retrain: false, reason: 'compaction' };
  return null;
}

/**
 * The scan of the state's records with `changes` applied, on this thread; the state is
 * updated in place. Returns null when the changes make the kept model another model's (a
 * field filled for the first time): the state is then spent and the caller runs a full scan.
 */
export function rescan(state: EngineState, changes: RecordChanges, options: FindDuplicatesOptions = {}): DuplicateDetectionResult | null {
  const settings = resolveEngineSettings(options.settings);
  const model = objectModel(state.objectType);
  const progress = options.onProgress ?? (() => {});
  const { timings, lap } = stageClock();
  progress('prepare', 0, changes.upserted.length);
  const previous = state.kept.data;
  const oldSize = previous.size;
  const fresh = uniqueById(changes.upserted);
  // A record changed is a record gone and a new one: its old self leaves every block and pair.
  const removed = changes.removed.filter((id) => state.indexOf.has(id));
  const gone = [...removed, ...fresh.map((record) => record.id)].flatMap((id) => (state.indexOf.has(id) ? [state.indexOf.get(id)!] : []));
  const part = fresh.length > 0 ? prepareSlice(model, fresh, settings, state.kept.context) : null;
  const data = part ? concatDatasets([previous, { ...part, ids: fresh.map((r) => r.id) }], 0) : previous;
  for (const i of gone) blankOut(data, i);
  const comparisons = model.comparisons(data, settings);
  const { fields, trained } = state.kept.model;
  if (comparisons.length !== fields.length || comparisons.some((c, i) => c.name !== fields[i])) return null;
  const apart = model.apart?.(data, settings);
  for (const id of removed) state.indexOf.delete(id);
  fresh.forEach((record, k) => state.indexOf.set(record.id, oldSize + k));
  const records = state.kept.records;
  for (const record of fresh) records.push(record);
  lap('prepare');

  progress('block', 0, 1);
  const rules = model.blockingRules(data);
  const dismissed = dismissedPairs(options.notDuplicates, state.indexOf);
  const pairs = blockPairs(data.size, rules, settings.maxBlockSize, dismissed.excluded(data.size), data.blockingKeys, { liveSize: state.indexOf.size, ids: data.ids });
  lap('block');

  // Pairs of two records that were there before and are still: compared then, their levels stand.
  progress('compare', 0, pairs.count);
  const before = new PairTable(state.kept.pairs.left, state.kept.pairs.right, state.kept.pairs.count);
  const levels = levelArrays(comparisons.length, pairs.count, false);
  const oldLevels = state.kept.levels;
  const toCompare: number[] = [];
  for (let k = 0; k < pairs.count; k++) {
    const a = pairs.left[k]!;
    const b = pairs.right[k]!;
    const was = b < oldSize ? before.find(a, b) : -1;
    if (was < 0) toCompare.push(k);
    else for (let c = 0; c < levels.length; c++) levels[c]![k] = oldLevels[c]![was]!;
  }
  const left = Int32Array.from(toCompare, (k) => pairs.left[k]!);
  const right = Int32Array.from(toCompare, (k) => pairs.right[k]!);
  const compared = compareRange(comparisons, left, right, 0, toCompare.length);
  toCompare.forEach((k, n) => {
    for (let c = 0; c < levels.length; c++) levels[c]![k] = compared[c]![n]!;
  });
  progress('compare', pairs.count, pairs.count);
  lap('compare');
  const frequencies = termFrequencies(comparisons, data.size);
  timings.train = 0;

  state.kept = { ...state.kept, data, pairs: { left: pairs.left, right: pairs.right, count: pairs.count }, levels };
  state.changedSinceTraining += removed.length + fresh.length;
  return groupDuplicates({
    objectType: state.objectType, model, settings, records, data, comparisons, apart, trained, frequencies,
    vectors: { count: pairs.count, levels }, pairs, dismissed: dismissed.pairs, recordCount: state.indexOf.size, repeatedIds: 0, progress, lap, timings,
  });
}

/** The last version of each record. */
function uniqueById(records: readonly EngineRecord[]): EngineRecord[] {
  const byId = new Map<string, EngineRecord>();
  for (const record of records) byId.set(String(record.id), { ...record, id: String(record.id) });
  return [...byId.values()];
}

/** Record i no longer exists: no value, no blocking key, so it is in no pair and no count. */
function blankOut(data: PreparedDataset, i: number): void {
  for (const column of Object.values(data.columns)) column.codes[i] = 0;
  for (const values of Object.values(data.numbers ?? {})) values[i] = Number.NaN;
  for (const values of Object.values(data.flags ?? {})) values[i] = 0;
  data.completeness[i] = 0;
  const keys = data.blockingKeys!;
  const R = keys.length / data.size;
  keys.fill(-1, i * R, (i + 1) * R);
}
