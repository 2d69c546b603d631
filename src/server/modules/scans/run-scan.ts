import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { EngineSettingsInput } from '../../../engine';
import { SETTINGS_DEFAULTS } from '../../../shared/defaults';
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import { scanHistory, scanRuns, userSettings, type UserSettings } from '../../db/schema';
import { defineJob, type JobContext } from '../../jobs/define-job';
import { effectivePlan, findUserById, planTier } from '../accounts';
import { cleanUpAfterScheduledScan } from '../cleanup';
import { findConnection, hubspotApiFor, HubSpotError, fetchedSoFar, refreshValueLabels, syncObjectType } from '../hubspot';
import { ScanCancelledError, ScanProgressReporter, ScanSupersededError } from './scan-progress';
import { userFeedback } from '../duplicates';
import { dispatchNotificationsJob } from '../notifications';
import { saveResults } from './save-scan-results';
import { scanSelection } from './remembered-scans';

/**
 * A scan run: sync each object type's mirror, find duplicates, score health, store it all.
 * A worker that dies mid-scan stops sending heartbeats (every 5 s, pg-boss's refresh at half
 * the 10 s interval, its minimum); supervision (JOB_SUPERVISE_SECONDS) fails the job within
 * seconds of the heartbeat going stale, and it is retried 1-2 s later where the run was
 * (finished object types are skipped, the sync resumes at its cursor with its counts).
 * Each attempt claims the run by raising its attempt number: a stalled attempt that lost the job
 * stops at its next checkpoint (pg-boss aborts its signal) and, whatever it does before that,
 * its progress and results are fenced out, so the run's results are saved once.
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
  const [run] = await db
    .update(scanRuns)
    .set({ attempt: sql`${scanRuns.attempt} + 1`, status: 'running', startedAt: sql`coalesce(${scanRuns.startedAt}, now())` })
    .where(and(eq(scanRuns.id, runId), inArray(scanRuns.status, ['queued', 'running'])))
    .returning();
  if (!run) return;
  const objectTypes = run.objectTypes.filter((t): t is ObjectType => (OBJECT_TYPES as readonly string[]).includes(t));
  const reporter = new ScanProgressReporter(db, runId, run.attempt, objectTypes.length, context.signal);
  try {
    if (run.cancelRequested) throw new ScanCancelledError();
    const user = await findUserById(db, run.userId);
    const connection = await findConnection(db, run.userId);
    if (!user) throw new Error('The account no longer exists.');
    if (!connection?.isConnected || !connection.accessToken) throw new HubSpotError('auth', 'HubSpot is not connected. Connect HubSpot in Settings, then scan again.');
    const plan = effectivePlan(user);
    if (!plan) throw new HubSpotError('invalid', 'Your free trial has ended. Choose a plan to run scans again.');
    const [stored] = await db.select().from(userSettings).where(eq(userSettings.userId, user.id)).limit(1);
    const settings = { ...SETTINGS_DEFAULTS, ...stored };
    const api = await hubspotApiFor(context, connection);
    const done = new Set((await db.select({ objectType: scanHistory.objectType }).from(scanHistory).where(and(eq(scanHistory.runId, runId), eq(scanHistory.status, 'completed')))).map((r) => r.objectType));
    const recordLimit = Math.min(settings.maxRecordsLimit * 1000, plan.recordLimit ?? Number.POSITIVE_INFINITY);
    // The plan binds when its limit is at or under the cap of Settings: then an upgrade would scan more.
    const limitFromPlan = plan.recordLimit !== null && plan.recordLimit <= settings.maxRecordsLimit * 1000;
    const tier = planTier(user);
    // Names for owner ids, stage ids and option codes, fresh with every scan; a failure only leaves raw values showing.
    await refreshValueLabels({ db, api, connectionId: connection.id, log }, objectTypes);

    for (const [index, objectType] of objectTypes.entries()) {
      if (done.has(objectType)) continue;
      const clock = stopwatch();
      // A scan taken over from a dead worker goes on from what that worker saved, not from nothing.
      const recordsFetched = await fetchedSoFar(db, connection.id, objectType);
      await reporter.set({ phase: 'syncing', objectType, completedTypes: index, recordsFetched, recordsExpected: null, pairsCompared: 0, message: `Fetching ${objectType} from HubSpot` }, 0);
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
      clock();
      // The sync's own time, over every attempt: a resumed scan's sync took all of them.
      const syncMs = sync.elapsedMs;
      await reporter.set({ phase: 'analyzing', message: `Looking for duplicate ${objectType}` }, 0.6);
      const feedback = await userFeedback(db, user.id, objectType);
      const engineSettings = engineSettingsOf(settings);
      // Only what changed since this process last scanned the portal is read and compared (see remembered-scans.ts).
      const portal = { id: connection.id, hubId: connection.hubId };
      const { selection, result, mode, changed, fullBecause, modelFrom, model, loadMs } = await scanSelection(
        db,
        portal,
        objectType,
        { samplingRate: settings[`${objectType}SamplingRate`], recordLimit: Number.isFinite(recordLimit) ? recordLimit : null, limitFromPlan },
        {
          settings: engineSettings,
          ...feedback,
          onProgress: (stage, _done, total) => {
            if (stage === 'compare') reporter.update({ pairsCompared: total }, 0.8);
          },
        },
        { memoryRecords: context.config.SCAN_MEMORY_RECORDS, log },
      );
      log.info({ runId, objectType, mode, changed, fullBecause, modelFrom, loadMs }, 'duplicates found');
      reporter.throwIfCancelled();
      const engineMs = clock() - loadMs;
      await reporter.set({ phase: 'saving', pairsCompared: result.pairsCompared, message: `Saving the ${objectType} results` }, 0.95);
      await saveResults(db, { runId, attempt: run.attempt, userId: user.id, objectType, selection, result, sync, engineSettings, recordLimit, plan: tier, samplingRate: settings[`${objectType}SamplingRate`], timingsMs: { sync: syncMs, load: loadMs, engine: engineMs }, rescan: { mode, changed, modelFrom }, model: { portal, kept: model }, clock });
    }
    if (!(await reporter.finish({ status: 'completed', message: 'Scan complete' }))) throw new ScanSupersededError();
    await notifySoon(context, runId);
    // Automatic duplicate cleanup follows scheduled scans only (when the user turned it on).
    if (run.trigger === 'schedule') await cleanUpAfterScheduledScan(context, run.userId, runId).catch((error: unknown) => log.error({ err: error, runId }, 'automatic cleanup not queued'));
  } catch (error) {
    if (error instanceof ScanSupersededError || reporter.superseded) {
      log.info({ runId, attempt: run.attempt }, 'scan taken over by a newer attempt');
      return;
    }
    const cancelled = error instanceof ScanCancelledError || reporter.signal.aborted;
    const message = cancelled ? 'The scan was cancelled.' : error instanceof HubSpotError ? error.message : `The scan failed: ${error instanceof Error ? error.message : String(error)}`;
    if (!cancelled && !(error instanceof HubSpotError)) log.error({ err: error, runId }, 'scan failed');
    await reporter.finish({ status: cancelled ? 'cancelled' : 'failed', message, errorMessage: cancelled ? null : message });
    // Object types finished before the failure are told of.
    await notifySoon(context, runId);
  }
}

/** The run's events wait for it to end; this sends them now rather than at the next minute's tick. */
async function notifySoon({ queue, log }: JobContext, runId: number): Promise<void> {
  await queue.send(dispatchNotificationsJob, {}).catch((error: unknown) => log.warn({ err: error, runId }, 'notification dispatch not queued; the next tick sends them'));
}

/** The engine-relevant settings, whether stored by the user or still the defaults. */
type EffectiveSettings = Pick<UserSettings, 'duplicateDetectionSensitivity' | 'fuzzyMatchingThreshold' | 'enablePhoneticMatching' | 'enableFuzzyMatching' | 'normalizeBusinessNames' | 'normalizeEmails' | 'normalizePhoneNumbers'>;

export function engineSettingsOf(settings: EffectiveSettings): EngineSettingsInput {
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
