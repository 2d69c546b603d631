import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { computeHealth, duplicationByField, findDuplicatesInParallel, type DuplicateDetectionResult, type EngineRecord, type EngineSettingsInput, type PairOfIds } from '../../../engine';
import { SETTINGS_DEFAULTS } from '../../../shared/defaults';
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { duplicateGroups, scanHistory, scanRuns, userSettings, type UserSettings } from '../../db/schema';
import { defineJob, type JobContext } from '../../jobs/define-job';
import { secretBoxFor } from '../../security/secret-box';
import { effectivePlan } from '../accounts/plan-access';
import { findUserById } from '../accounts/users';
import { connectionTokens, findConnection } from '../hubspot/connections';
import { HubSpotApi, HubSpotError } from '../hubspot/hubspot-api';
import { MIRRORED_PROPERTIES } from '../hubspot/hubspot-properties';
import { portalLimiter } from '../hubspot/portal-limiter';
import { syncObjectType, type SyncResult } from '../hubspot/sync-records';
import { ScanCancelledError, ScanProgressReporter } from './scan-progress';
import { loadScanRecords, type ScanSelection } from './scan-records';

/** Groups stored per statement: a large portal has tens of thousands. */
const GROUP_BATCH = 500;
/** Ids per UPDATE or DELETE ... WHERE id IN (...). */
const ID_BATCH = 5_000;

/**
 * A scan run: sync each object type's mirror, find duplicates, score health, store it all.
 * A worker that dies mid-scan stops sending heartbeats (every 5 s, pg-boss's refresh at half
 * the 10 s interval); the job is retried and picks up
 * where the run was (finished object types are skipped, the sync resumes at its cursor).
 */
export const scanJob = defineJob({
  name: 'scan',
  payload: z.object({ runId: z.number().int().positive() }),
  retryLimit: 3,
  expireInSeconds: 4 * 3600,
  heartbeatSeconds: 10,
  // Someone pressed Scan now and watches the progress bar.
  pollingIntervalSeconds: 0.5,
  handler: ({ runId }, context) => runScan(context, runId),
});

export async function runScan(context: JobContext, runId: number): Promise<void> {
  const { db, log } = context;
  const [run] = await db.select().from(scanRuns).where(eq(scanRuns.id, runId)).limit(1);
  if (!run || !['queued', 'running'].includes(run.status)) return;
  const objectTypes = run.objectTypes.filter((t): t is ObjectType => (OBJECT_TYPES as readonly string[]).includes(t));
  const reporter = new ScanProgressReporter(db, runId, objectTypes.length);
  try {
    if (run.cancelRequested) throw new ScanCancelledError();
    await db.update(scanRuns).set({ status: 'running', startedAt: run.startedAt ?? new Date() }).where(eq(scanRuns.id, runId));
    const user = await findUserById(db, run.userId);
    const connection = await findConnection(db, run.userId);
    if (!user) throw new Error('The account no longer exists.');
    if (!connection?.isConnected || !connection.accessToken) throw new HubSpotError('auth', 'HubSpot is not connected. Connect HubSpot in Settings, then scan again.');
    const plan = effectivePlan(user);
    if (!plan) throw new HubSpotError('invalid', 'Your free trial has ended. Choose a plan to run scans again.');
    const [stored] = await db.select().from(userSettings).where(eq(userSettings.userId, user.id)).limit(1);
    const settings = { ...SETTINGS_DEFAULTS, ...stored };
    const api = new HubSpotApi({
      config: context.config,
      tokens: connectionTokens({ db, config: context.config, secrets: await secretBoxFor(context.config) }, connection),
      limiter: portalLimiter(connection.hubId ?? `connection-${connection.id}`, connection.authType === 'oauth' ? 'oauth' : 'private_app'),
      log,
    });
    const done = new Set((await db.select({ objectType: scanHistory.objectType }).from(scanHistory).where(and(eq(scanHistory.runId, runId), eq(scanHistory.status, 'completed')))).map((r) => r.objectType));
    const recordLimit = Math.min(settings.maxRecordsLimit * 1000, plan.recordLimit ?? Number.POSITIVE_INFINITY);

    for (const [index, objectType] of objectTypes.entries()) {
      if (done.has(objectType)) continue;
      const clock = stopwatch();
      await reporter.set({ phase: 'syncing', objectType, completedTypes: index, recordsFetched: 0, recordsExpected: null, pairsCompared: 0, message: `Fetching ${objectType} from HubSpot` }, 0);
      const sync = await syncObjectType(
        {
          db,
          api,
          connection,
          log,
          signal: reporter.signal,
          onProgress: (p) => reporter.update({ recordsFetched: p.fetched, recordsExpected: p.expected }, p.expected ? Math.min(1, p.fetched / p.expected) * 0.6 : 0.3),
        },
        objectType,
      );
      const syncMs = clock();
      await reporter.set({ phase: 'analyzing', message: `Looking for duplicate ${objectType}` }, 0.6);
      const selection = await loadScanRecords(db, connection.id, objectType, {
        samplingRate: settings[`${objectType}SamplingRate`],
        recordLimit: Number.isFinite(recordLimit) ? recordLimit : null,
      });
      const loadMs = clock();
      const feedback = await userFeedback(db, user.id, objectType);
      const engineSettings = engineSettingsOf(settings);
      const result = await findDuplicatesInParallel(selection.records, objectType, {
        settings: engineSettings,
        ...feedback,
        onProgress: (stage, _done, total) => {
          if (stage === 'compare') reporter.update({ pairsCompared: total }, 0.8);
        },
      });
      reporter.throwIfCancelled();
      const engineMs = clock();
      await reporter.set({ phase: 'saving', pairsCompared: result.pairsCompared, message: `Saving the ${objectType} results` }, 0.95);
      await saveResults(db, { runId, userId: user.id, objectType, selection, result, sync, engineSettings, recordLimit, samplingRate: settings[`${objectType}SamplingRate`], timingsMs: { sync: syncMs, load: loadMs, engine: engineMs }, clock });
    }
    await reporter.finish({ status: 'completed', message: 'Scan complete' });
  } catch (error) {
    const cancelled = error instanceof ScanCancelledError || reporter.signal.aborted;
    const message = cancelled ? 'The scan was cancelled.' : error instanceof HubSpotError ? error.message : `The scan failed: ${error instanceof Error ? error.message : String(error)}`;
    if (!cancelled && !(error instanceof HubSpotError)) log.error({ err: error, runId }, 'scan failed');
    await reporter.finish({ status: cancelled ? 'cancelled' : 'failed', message, errorMessage: cancelled ? null : message });
  }
}

/** The engine-relevant settings, whether stored by the user or still the defaults. */
type EffectiveSettings = Pick<UserSettings, 'duplicateDetectionSensitivity' | 'fuzzyMatchingThreshold' | 'enablePhoneticMatching' | 'enableFuzzyMatching' | 'normalizeBusinessNames' | 'normalizeEmails' | 'normalizePhoneNumbers'>;

function engineSettingsOf(settings: EffectiveSettings): EngineSettingsInput {
  return {
    duplicateDetectionSensitivity: settings.duplicateDetectionSensitivity as EngineSettingsInput['duplicateDetectionSensitivity'],
    fuzzyMatchingThreshold: settings.fuzzyMatchingThreshold,
    enablePhoneticMatching: settings.enablePhoneticMatching,
    enableFuzzyMatching: settings.enableFuzzyMatching,
    normalizeBusinessNames: settings.normalizeBusinessNames,
    normalizeEmails: settings.normalizeEmails,
    normalizePhoneNumbers: settings.normalizePhoneNumbers,
  };
}

/** What the user decided on earlier groups: dismissed pairs are never proposed again, merged ones teach the model. */
async function userFeedback(db: Db, userId: number, objectType: ObjectType): Promise<{ notDuplicates: PairOfIds[]; confirmedDuplicates: PairOfIds[] }> {
  const decided = await db
    .select({ status: duplicateGroups.status, records: duplicateGroups.records })
    .from(duplicateGroups)
    .where(and(eq(duplicateGroups.userId, userId), eq(duplicateGroups.objectType, objectType), inArray(duplicateGroups.status, ['dismissed', 'merged'])))
    .limit(10_000);
  const pairsOf = (records: unknown[]): PairOfIds[] => {
    const ids = records.map((r) => String((r as { id: unknown }).id));
    return ids.flatMap((a, i) => ids.slice(i + 1).map((b) => [a, b] as const));
  };
  return {
    notDuplicates: decided.filter((g) => g.status === 'dismissed').flatMap((g) => pairsOf(g.records)),
    confirmedDuplicates: decided.filter((g) => g.status === 'merged').flatMap((g) => pairsOf(g.records)),
  };
}

interface ScanOutcome {
  runId: number;
  userId: number;
  objectType: ObjectType;
  selection: ScanSelection;
  result: DuplicateDetectionResult;
  sync: SyncResult;
  engineSettings: EngineSettingsInput;
  recordLimit: number;
  samplingRate: number;
  /** Milliseconds each phase took so far, for scanData. */
  timingsMs: { sync: number; load: number; engine: number };
  clock: () => number;
}

async function saveResults(db: Db, outcome: ScanOutcome): Promise<void> {
  const { runId, userId, objectType, selection, result } = outcome;
  const now = Date.now();
  const health = computeHealth(selection.records, objectType, { now, duplicateRecordCount: result.duplicateRecordCount });
  const byField = duplicationByField(selection.records, objectType, outcome.engineSettings);
  const healthMs = outcome.clock();
  const byId = new Map(selection.records.map((record) => [record.id, record]));
  const scanData = {
    sync: outcome.sync,
    selection: { inMirror: selection.inMirror, scanned: selection.records.length, limitedBy: selection.limitedBy, samplingRate: outcome.samplingRate, recordLimit: Number.isFinite(outcome.recordLimit) ? outcome.recordLimit : null },
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
    },
    formulas: health.formulas,
    timingsMs: { ...outcome.timingsMs, health: healthMs },
  };
  await db.transaction(async (tx) => {
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
        completedAt: new Date(),
      })
      .returning({ id: scanHistory.id });
    // A newer scan's groups replace the pending ones of older scans; decided groups stay as
    // history. A group found again unchanged keeps its row: only its scan moves on.
    const fresh = result.groups.map((group) => ({ group, fingerprint: groupFingerprint(group, byId) }));
    const pending = await tx
      .select({ id: duplicateGroups.id, fingerprint: duplicateGroups.fingerprint })
      .from(duplicateGroups)
      .where(and(eq(duplicateGroups.userId, userId), eq(duplicateGroups.objectType, objectType), eq(duplicateGroups.status, 'pending')));
    const wanted = new Set(fresh.map((f) => f.fingerprint));
    const kept = new Set<string>();
    const keep: number[] = [];
    const drop: number[] = [];
    for (const row of pending) {
      if (row.fingerprint && wanted.has(row.fingerprint) && !kept.has(row.fingerprint)) {
        kept.add(row.fingerprint);
        keep.push(row.id);
      } else drop.push(row.id);
    }
    for (let from = 0; from < drop.length; from += ID_BATCH) await tx.delete(duplicateGroups).where(inArray(duplicateGroups.id, drop.slice(from, from + ID_BATCH)));
    for (let from = 0; from < keep.length; from += ID_BATCH) {
      await tx.update(duplicateGroups).set({ scanId: row!.id, updatedAt: new Date() }).where(inArray(duplicateGroups.id, keep.slice(from, from + ID_BATCH)));
    }
    const added = fresh.filter((f) => !kept.has(f.fingerprint));
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
        })),
      );
    }
  });
}

/** What makes a stored group still right: the same members, unchanged since, matched the same way. */
function groupFingerprint(group: DuplicateDetectionResult['groups'][number], byId: ReadonlyMap<string, EngineRecord>): string {
  const members = group.recordIds.map((id) => {
    const updated = byId.get(id)?.updatedAt;
    return `${id}@${updated instanceof Date ? updated.getTime() : String(updated ?? '')}`;
  });
  return createHash('sha1').update(JSON.stringify([members, group.matchKey, group.confidence, group.primaryId])).digest('base64url');
}

/** Milliseconds since the last call (or since it was made). */
function stopwatch(): () => number {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const elapsed = Math.round(now - last);
    last = now;
    return elapsed;
  };
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

