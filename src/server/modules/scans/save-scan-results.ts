import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { computeHealth, duplicationByField, type DuplicateDetectionResult, type EngineRecord, type EngineSettingsInput, type RecordList } from '../../../engine';
import type { ObjectType } from '../../../shared/object-types';
import type { PlanTier } from '../../../shared/plans';
import type { Db } from '../../db/client';
import { duplicateGroups, merges, scanHistory, scanRuns } from '../../db/schema';
import { MIRRORED_PROPERTIES, type SyncResult } from '../hubspot';
import { recordScanEvents } from '../notifications';
import { bumpResultsVersion } from './results-version';
import { ScanSupersededError } from './scan-progress';
import type { ScanSelection } from './scan-records';
import { storeModel, type ModelToStore, type PortalOf } from './stored-models';

/** Groups stored per statement: a large portal has tens of thousands. */
const GROUP_BATCH = 500;
/** Ids per UPDATE or DELETE ... WHERE id IN (...). */
const ID_BATCH = 5_000;

export interface ScanOutcome {
  /** The scan run; null for results no run made (the demo portal's history). */
  runId: number | null;
  /** The run's job attempt saving them: nothing is saved once a newer attempt holds the run. */
  attempt?: number;
  userId: number;
  objectType: ObjectType;
  selection: ScanSelection;
  result: DuplicateDetectionResult;
  /** What the sync fetched; null when the records did not come from HubSpot. */
  sync: SyncResult | null;
  /** When the scan happened: now, unless results are replayed for a past date. */
  scannedAt?: Date;
  engineSettings: EngineSettingsInput;
  recordLimit: number;
  /** The plan the scan ran on, kept with its results (the dashboard's upgrade offer reads it). */
  plan?: PlanTier;
  samplingRate: number;
  /** Milliseconds each phase took so far, for scanData. */
  timingsMs: { sync: number; load: number; engine: number };
  /** How much of the engine's work was redone: all of it, the changed records', or none (nothing changed). */
  rescan?: { mode: 'full' | 'changes' | 'unchanged'; changed: number; modelFrom?: 'trained' | 'kept' | 'stored' };
  clock: () => number;
  /** Whether the outbox tells of these results (default true); replayed results (the demo's history) tell no one. */
  notify?: boolean;
  /** The model the scan scored with, stored for the portal with its results (a real portal's scans only). */
  model?: { portal: PortalOf; kept: ModelToStore };
}

/**
 * One object type's results in one transaction: the scan_history row (scores and scanData) and
 * the duplicate groups, replacing the pending groups of earlier scans. Returns the scan id.
 */
export async function saveResults(db: Db, outcome: ScanOutcome): Promise<number> {
  const { runId, userId, objectType, selection, result } = outcome;
  const scannedAt = outcome.scannedAt ?? new Date();
  const now = scannedAt.getTime();
  const health = computeHealth(selection.records, objectType, { now, duplicateRecordCount: result.duplicateRecordCount });
  const byField = duplicationByFieldOf(selection.records, objectType, outcome.engineSettings);
  const healthMs = outcome.clock();
  // The groups' members alone: a large selection is held as columns, not objects.
  const memberIds = new Set(result.groups.flatMap((group) => group.recordIds));
  const byId = new Map<string, EngineRecord>();
  for (const record of selection.records) if (memberIds.has(record.id)) byId.set(record.id, record);
  const scanData = {
    sync: outcome.sync,
    selection: {
      inMirror: selection.inMirror,
      scanned: selection.records.length,
      limitedBy: selection.limitedBy,
      samplingRate: outcome.samplingRate,
      recordLimit: Number.isFinite(outcome.recordLimit) ? outcome.recordLimit : null,
      ...(outcome.plan ? { plan: outcome.plan } : {}),
    },
    fillRates: health.fillRates,
    duplicationByField: byField,
    topIssues: topIssues(health.fillRates, result, selection.records.length),
    engine: {
      settings: result.settings,
      threshold: result.threshold,
      pairsCompared: result.pairsCompared,
      groups: result.groups.length,
      blocking: { pairCount: result.blocking.pairCount, cappedBlocks: result.blocking.cappedBlocks, pairsSkipped: result.blocking.pairsSkipped },
      model: { lambda: result.model.lambda, iterations: result.model.iterations, converged: result.model.converged },
      timingsMs: result.timingsMs,
      ...(outcome.rescan ? { rescan: outcome.rescan } : {}),
    },
    formulas: health.formulas,
    timingsMs: { ...outcome.timingsMs, health: healthMs },
  };
  return db.transaction(async (tx) => {
    if (runId !== null && outcome.attempt !== undefined) {
      // Locks the run until commit: a newer attempt's claim waits, then sees these results as done.
      const [held] = await tx.select({ id: scanRuns.id }).from(scanRuns).where(and(eq(scanRuns.id, runId), eq(scanRuns.attempt, outcome.attempt))).for('update');
      if (!held) throw new ScanSupersededError();
    }
    const [row] = await tx
      .insert(scanHistory)
      .values({
        userId,
        runId,
        objectType,
        status: 'completed',
        totalRecords: health.totalRecords,
        duplicateRecords: health.duplicateRecords,
        healthScore: health.healthScore,
        emptyFieldsPercentage: health.emptyFieldsPercentage,
        avgDataAgeInDays: health.avgDataAgeInDays,
        updateFrequencyScore: health.updateFrequencyScore,
        duplicateScore: health.duplicateScore,
        completenessScore: health.completenessScore,
        freshnessScore: health.freshnessScore,
        updateFrequencyScoreComponent: health.updateFrequencyScoreComponent,
        scanData: JSON.stringify(scanData),
        timestamp: scannedAt,
        completedAt: scannedAt,
      })
      .returning({ id: scanHistory.id });
    if (outcome.model) await storeModel(tx, outcome.model.portal, objectType, result.model, outcome.model.kept);
    // A newer scan's groups replace the pending ones of older scans; decided groups stay as
    // history. A group found again unchanged keeps its row as it is (its scan is the one that
    // first found it so): rewriting thousands of rows on every rescan would cost seconds.
    const fresh = result.groups.map((group) => ({ group, fingerprint: groupFingerprint(group, byId) }));
    const pending = await tx
      .select({ id: duplicateGroups.id, fingerprint: duplicateGroups.fingerprint })
      .from(duplicateGroups)
      .where(and(eq(duplicateGroups.userId, userId), eq(duplicateGroups.objectType, objectType), eq(duplicateGroups.status, 'pending')));
    // A group being merged right now stays as it is (the merge marks it when done), and a
    // fresh group overlapping its records waits for the next scan, when the merge shows.
    const merging = new Set(
      (
        await tx
          .select({ groupId: merges.groupId })
          .from(merges)
          .where(and(eq(merges.userId, userId), eq(merges.objectType, objectType), inArray(merges.status, ['queued', 'running'])))
      ).flatMap((m) => (m.groupId === null ? [] : [m.groupId])),
    );
    const wanted = new Set(fresh.map((f) => f.fingerprint));
    const kept = new Set<string>();
    const drop: number[] = [];
    for (const row of pending) {
      if (merging.has(row.id)) continue;
      if (row.fingerprint && wanted.has(row.fingerprint) && !kept.has(row.fingerprint)) {
        kept.add(row.fingerprint);
      } else drop.push(row.id);
    }
    // Members only of the rows that go and of those being merged: the rest stand as they are.
    const members = new Map<number, { records: unknown[]; createdAt: Date }>();
    const read = [...drop, ...merging];
    for (let from = 0; from < read.length; from += ID_BATCH) {
      const rows = await tx
        .select({ id: duplicateGroups.id, records: duplicateGroups.records, createdAt: duplicateGroups.createdAt })
        .from(duplicateGroups)
        .where(inArray(duplicateGroups.id, read.slice(from, from + ID_BATCH)));
      for (const row of rows) members.set(row.id, row);
    }
    const idsOf = (id: number) => ((members.get(id)?.records ?? []) as { id: string }[]).map((r) => String(r.id));
    const busyRecords = new Set([...merging].flatMap(idsOf));
    for (let from = 0; from < drop.length; from += ID_BATCH) await tx.delete(duplicateGroups).where(inArray(duplicateGroups.id, drop.slice(from, from + ID_BATCH)));
    const added = fresh.filter((f) => !kept.has(f.fingerprint) && !f.group.recordIds.some((id) => busyRecords.has(id)));
    // A group found again with the same members (changed since) keeps when it was first found: "new since" stays true.
    const firstFound = new Map(drop.map((id) => [memberKey(idsOf(id)), members.get(id)!.createdAt]));
    for (let from = 0; from < added.length; from += GROUP_BATCH) {
      await tx.insert(duplicateGroups).values(
        added.slice(from, from + GROUP_BATCH).map(({ group, fingerprint }) => ({
          userId,
          objectType,
          scanId: row!.id,
          matchKey: group.matchKey,
          confidence: group.confidence,
          primaryRecordId: group.primaryId,
          records: group.recordIds.map((id) => groupRecord(byId.get(id), id, objectType, group.primaryId)),
          explanations: group.pairs,
          fingerprint,
          createdAt: firstFound.get(memberKey(group.recordIds)) ?? scannedAt,
          updatedAt: scannedAt,
        })),
      );
    }
    // New means no earlier scan had these records pending as one group, whatever changed in them since.
    const newGroupSizes = added.filter((f) => !firstFound.has(memberKey(f.group.recordIds))).map((f) => f.group.recordIds.length);
    if (runId !== null && outcome.notify !== false) {
      await recordScanEvents(tx, {
        userId,
        runId,
        scanId: row!.id,
        objectType,
        totalRecords: health.totalRecords,
        duplicateRecords: health.duplicateRecords,
        healthScore: health.healthScore,
        duplicateGroups: kept.size + added.length + merging.size,
        newGroupSizes,
        scannedAt,
      });
    }
    await bumpResultsVersion(tx, userId);
    return row!.id;
  });
}

/** The last answer per selection: an unchanged rescan gives the same records (the same array) again. */
const byFieldOf = new WeakMap<RecordList, { key: string; byField: ReturnType<typeof duplicationByField> }>();

function duplicationByFieldOf(records: RecordList, objectType: ObjectType, settings: EngineSettingsInput) {
  const key = JSON.stringify([objectType, settings]);
  const known = byFieldOf.get(records);
  if (known?.key === key) return known.byField;
  const byField = duplicationByField(records, objectType, settings);
  byFieldOf.set(records, { key, byField });
  return byField;
}

function memberKey(ids: readonly string[]): string {
  return [...ids].sort().join('\u0000');
}

/** What makes a stored group still right: the same members, unchanged since, matched the same way. */
function groupFingerprint(group: DuplicateDetectionResult['groups'][number], byId: ReadonlyMap<string, EngineRecord>): string {
  const members = group.recordIds.map((id) => {
    const updated = byId.get(id)?.updatedAt;
    return `${id}@${updated instanceof Date ? updated.getTime() : String(updated ?? '')}`;
  });
  return createHash('sha1').update(JSON.stringify([members, group.matchKey, group.confidence, group.primaryId])).digest('base64url');
}


/** A group member as the duplicates page shows it: the properties that matter, and when it changed. */
function groupRecord(record: EngineRecord | undefined, id: string, objectType: ObjectType, primaryId: string) {
  const properties: Record<string, unknown> = {};
  for (const name of MIRRORED_PROPERTIES[objectType]) {
    const value = record?.properties[name];
    if (value !== null && value !== undefined && value !== '') properties[name] = value;
  }
  return { id, isPrimary: id === primaryId, properties, updatedAt: record?.updatedAt instanceof Date ? record.updatedAt.toISOString() : (record?.updatedAt ?? null) };
}

/** The few things most worth fixing, biggest first: duplicates, then the emptiest important fields. */
function topIssues(fillRates: ReturnType<typeof computeHealth>['fillRates'], result: DuplicateDetectionResult, total: number) {
  const issues: { kind: 'duplicates' | 'missing-values'; property?: string; label: string; records: number; share: number }[] = [];
  if (result.duplicateRecordCount > 0) {
    issues.push({ kind: 'duplicates', label: `${result.groups.length} groups of duplicate records`, records: result.duplicateRecordCount, share: total ? result.duplicateRecordCount / total : 0 });
  }
  for (const fill of [...fillRates].sort((a, b) => b.weight * (1 - b.rate) - a.weight * (1 - a.rate)).slice(0, 4)) {
    if (fill.rate >= 0.95) continue;
    issues.push({ kind: 'missing-values', property: fill.property, label: `${fill.label} missing`, records: total - fill.filled, share: 1 - fill.rate });
  }
  return issues;
}


/**
 * Results the engine produced from records already at hand (no sync, no sampling, no record
 * limit): the demo's replayed scans, benchmarks, tests. They tell no one (no outbox events).
 */
export function saveEngineResults(
  db: Db,
  { userId, objectType, records, result, runId = null, scannedAt }: { userId: number; objectType: ObjectType; records: EngineRecord[]; result: DuplicateDetectionResult; runId?: number | null; scannedAt?: Date },
): Promise<number> {
  return saveResults(db, {
    runId,
    userId,
    objectType,
    selection: { records, inMirror: records.length, limitedBy: null },
    result,
    sync: null,
    engineSettings: result.settings,
    recordLimit: Number.POSITIVE_INFINITY,
    samplingRate: 100,
    timingsMs: { sync: 0, load: 0, engine: Object.values(result.timingsMs).reduce((a, b) => a + b, 0) },
    clock: () => 0,
    notify: false,
    ...(scannedAt ? { scannedAt } : {}),
  });
}
