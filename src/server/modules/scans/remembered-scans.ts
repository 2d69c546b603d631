import {
  bookkeepingOf,
  findDuplicatesInParallel,
  freshBookkeeping,
  RecordColumns,
  rescan,
  rescanRefusal,
  scanKeepingState,
  type DuplicateDetectionResult,
  type EngineRecord,
  type EngineStage,
  type EngineState,
  type FindDuplicatesOptions,
  type KeptModel,
  type ModelCarriedOver,
} from '../../../engine';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import type { StoredModelParameters } from '../../db/schema';
import type { FastifyBaseLogger } from 'fastify';
import { loadRecordsById, loadScanRecords, loadSelectionVersionsSince, selectionSince, type ScanSelection, type SelectionOptions } from './scan-records';
import { carriedFromStore, findStoredModel, parametersOf, type ModelToStore, type PortalOf } from './stored-models';

/** A portal's last scan of one object type, kept by the process that ran it. */
interface RememberedScan {
  state: EngineState;
  /** The last scan's selection and result: an unchanged rescan gives them again. */
  selection: ScanSelection;
  result: DuplicateDetectionResult;
  /** The feedback the result was grouped with. */
  feedbackKey: string;
  /** The selection's records by id, with their last modification as the mirror has it. */
  versions: Map<string, number>;
}

export type ScanMode = 'full' | 'changes' | 'unchanged';

export interface ScanOfSelection {
  selection: ScanSelection;
  result: DuplicateDetectionResult;
  mode: ScanMode;
  /** Records new, changed or gone since the kept scan (a full scan: all of them). */
  changed: number;
  /** Why a full scan ran when a kept scan was there. */
  fullBecause?: string;
  /** Where the model came from: trained by this scan, kept by this process, or stored for the portal by an earlier scan. */
  modelFrom: 'trained' | 'kept' | 'stored';
  /** What to store of the model with the results (see stored-models.ts). */
  model: ModelToStore;
  loadMs: number;
}

/** Per database: tests run several apps, each with a database of its own, in one process. */
const rememberedIn = new WeakMap<Db, Map<string, RememberedScan>>();
const keyOf = (connectionId: number, objectType: ObjectType) => `${connectionId}:${objectType}`;
const feedbackKeyOf = (options: FindDuplicatesOptions) => JSON.stringify([options.notDuplicates ?? [], options.confirmedDuplicates ?? []]);
const versionOf = (updatedAt: EngineRecord['updatedAt']) => (updatedAt instanceof Date ? updatedAt.getTime() : updatedAt === null || updatedAt === undefined ? Number.NaN : new Date(updatedAt).getTime());
const sameVersion = (a: number | undefined, b: number) => a !== undefined && (a === b || (Number.isNaN(a) && Number.isNaN(b)));

/**
 * Finds the duplicates of a portal's records of one type, redoing only what changed since
 * this process last scanned them: the mirror's (id, last modified) list is compared with the
 * kept one, the changed records alone are read and prepared, and the engine rescans them
 * (see engine/rescan/engine-state.ts); nothing changed and the same feedback gives the last
 * result again. A first scan, other settings, a tenth of the records changed or much new
 * feedback run a full scan (training the model again), and keep it for next time.
 */
export async function scanSelection(
  db: Db,
  portal: PortalOf,
  objectType: ObjectType,
  selectionOptions: SelectionOptions,
  options: FindDuplicatesOptions,
  /**
   * `memoryRecords`: most records this process keeps scans of, over all portals (config
   * SCAN_MEMORY_RECORDS); a kept scan of 100,000 contacts holds a few hundred megabytes.
   */
  keeping: { memoryRecords: number; log?: Pick<FastifyBaseLogger, 'error'> },
): Promise<ScanOfSelection> {
  const { memoryRecords, log } = keeping;
  const remembered = rememberedIn.get(db) ?? new Map<string, RememberedScan>();
  rememberedIn.set(db, remembered);
  const connectionId = portal.id;
  const key = keyOf(connectionId, objectType);
  const remember = (scan: RememberedScan) => keep(remembered, key, scan, memoryRecords);
  let fullBecause: string | undefined;
  const held = remembered.get(key);
  // Taken out while in use: a failed or cancelled scan leaves nothing half-updated behind.
  remembered.delete(key);
  // The model stored with the portal's last results is the portal's: one another process
  // trained since this one kept its scan replaces the kept scan, so both score alike.
  const stored = await findStoredModel(db, portal, objectType);
  const kept = held && (!stored || sameModel(stored.parameters, held.state.kept.model)) ? held : undefined;
  if (held && !kept) fullBecause = 'another scan stored a model since';
  const started = performance.now();
  let carried: ModelCarriedOver | undefined;
  if (kept) {
    const listed = await loadSelectionVersionsSince(db, connectionId, objectType, selectionOptions, kept.versions);
    const upsertedIds: string[] = [];
    for (const [id, version] of listed.versions) if (!sameVersion(kept.versions.get(id), version)) upsertedIds.push(id);
    const removed: string[] = [];
    for (const id of kept.versions.keys()) if (!listed.versions.has(id)) removed.push(id);
    const changed = upsertedIds.length + removed.length;
    const feedbackKey = feedbackKeyOf(options);
    const refusal = rescanRefusal(kept.state, changed, options);
    if (!refusal && changed === 0 && feedbackKey === kept.feedbackKey) {
      const selection = { ...kept.selection, inMirror: listed.inMirror, limitedBy: listed.limitedBy };
      remember({ ...kept, selection });
      const model = { ...bookkeepingOf(kept.state), records: listed.versions.size, newestVersion: newestOf(listed.versions) };
      return { selection, result: { ...kept.result, timingsMs: zeroTimings() }, mode: 'unchanged', changed: 0, modelFrom: 'kept', model, loadMs: Math.round(performance.now() - started) };
    }
    if (!refusal) {
      const upserted = await loadRecordsById(db, connectionId, objectType, upsertedIds);
      // A record archived between the two reads is gone, not changed.
      if (upserted.length < upsertedIds.length) {
        const read = new Set(upserted.map((record) => record.id));
        for (const id of upsertedIds) {
          if (read.has(id)) continue;
          listed.versions.delete(id);
          if (kept.versions.has(id)) removed.push(id);
        }
      }
      const loadMs = Math.round(performance.now() - started);
      let result: DuplicateDetectionResult | null = null;
      try {
        result = rescan(kept.state, { upserted, removed }, options);
        fullBecause = 'a field filled for the first time';
      } catch (error) {
        // A scan must not fail for its shortcut: the full scan below stands on its own.
        log?.error({ err: error, connectionId, objectType }, 'rescan failed; scanning in full');
        fullBecause = 'the rescan failed';
      }
      if (result) {
        const records = [...listed.versions.keys()].map((id) => kept.state.kept.records[kept.state.indexOf.get(id)!]!);
        const selection: ScanSelection = { records, inMirror: listed.inMirror, limitedBy: listed.limitedBy };
        remember({ state: kept.state, selection, result, feedbackKey, versions: listed.versions });
        const model = { ...bookkeepingOf(kept.state), records: listed.versions.size, newestVersion: newestOf(listed.versions) };
        return { selection, result, mode: 'changes', changed, modelFrom: 'kept', model, loadMs };
      }
    } else {
      fullBecause = refusal.reason;
      if (!refusal.retrain) carried = { model: kept.state.kept.model, changedSinceTraining: kept.state.changedSinceTraining + changed, labelsAtTraining: kept.state.labelsAtTraining };
    }
  }
  // Nothing kept here (another process scanned it, or this one restarted): the model stored with the portal's last results, while it stands.
  const since = await selectionSince(db, connectionId, objectType, selectionOptions, stored?.newestVersion ?? null);
  if (stored && !kept) {
    const verdict = carriedFromStore(stored, since, options);
    if ('carried' in verdict) carried = verdict.carried;
  }
  // Too large to keep beside others: read as columns, scanned a page at a time, let go at once.
  const selection = await loadScanRecords(db, connectionId, objectType, selectionOptions, { above: memoryRecords / 2 });
  const loadMs = Math.round(performance.now() - started);
  const records = selection.records;
  const full = { selection, mode: 'full' as const, changed: records.length, ...(fullBecause ? { fullBecause } : {}), loadMs };
  // A model carried over is the kept scan's when there was one, else the stored one.
  const carriedFrom = kept ? ('kept' as const) : ('stored' as const);
  const modelOf = (stood: boolean, bookkeeping: ModelToStore) => ({ modelFrom: stood ? carriedFrom : ('trained' as const), model: bookkeeping });
  const sized = { records: records.length, newestVersion: since.newestVersion };
  if (records instanceof RecordColumns) {
    const result = await findDuplicatesInParallel(records.batches(), objectType, { ...options, ...(carried ? { model: carried.model } : {}) });
    // The carried model stands unless the fields changed (then the pipeline trained another).
    const stood = carried !== undefined && sameModel(parametersOf(result.model), carried.model);
    const bookkeeping = stood ? { ...freshBookkeeping(options), changedSinceTraining: carried!.changedSinceTraining, labelsAtTraining: carried!.labelsAtTraining } : freshBookkeeping(options);
    return { ...full, result, ...modelOf(stood, { ...bookkeeping, ...sized }) };
  }
  const { result, state } = await scanKeepingState(records as EngineRecord[], objectType, options, carried);
  const versions = new Map((records as EngineRecord[]).map((record) => [record.id, versionOf(record.updatedAt)]));
  remember({ state, selection, result, feedbackKey: feedbackKeyOf(options), versions });
  const stood = carried !== undefined && state.kept.model.trained === carried.model.trained;
  return { ...full, result, ...modelOf(stood, { ...bookkeepingOf(state), ...sized }) };
}

/** Whether stored (or a result's) parameters are a kept model's. */
function sameModel(stored: StoredModelParameters, kept: KeptModel): boolean {
  const { m, u, lambda } = kept.trained;
  return JSON.stringify([stored.fields, stored.lambda, stored.m, stored.u]) === JSON.stringify([kept.fields, lambda, m, u]);
}

function newestOf(versions: ReadonlyMap<string, number>): number | null {
  let newest: number | null = null;
  for (const version of versions.values()) if (!Number.isNaN(version) && (newest === null || version > newest)) newest = version;
  return newest;
}

/** Keeps a scan, letting the least recently used others go while the total is over `most` records. */
function keep(remembered: Map<string, RememberedScan>, key: string, scan: RememberedScan, most: number): void {
  remembered.delete(key);
  remembered.set(key, scan);
  let total = 0;
  for (const kept of remembered.values()) total += kept.state.kept.records.length;
  for (const [other, kept] of remembered) {
    if (total <= most || other === key) break;
    remembered.delete(other);
    total -= kept.state.kept.records.length;
  }
}

function zeroTimings(): Record<EngineStage, number> {
  return { prepare: 0, block: 0, compare: 0, train: 0, score: 0, cluster: 0, explain: 0 };
}

/** Lets go of every scan kept for this database, as a restart would (tests of what another process finds). */
export function forgetKeptScans(db: Db): void {
  rememberedIn.delete(db);
}
