import { and, count, desc, eq, gte, inArray, notExists } from 'drizzle-orm';
import { z } from 'zod';
import { normalizeEmail } from '../../../engine';
import type { AutomaticCleanupRunView, MergeStatus } from '../../../shared/contracts/cleanup';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { cleanupRuns, duplicateGroups, merges, recordActions, userSettings, type CleanupRun } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { defineJob, type JobContext } from '../../jobs/define-job';
import { allowsAutomaticCleanup, findUserById } from '../accounts';
import { findConnection } from '../hubspot';
import { recordCleanupEvent } from '../notifications';
import { groupRecordIds } from './plan-group-merge';
import { runMerge } from './run-merge';
import { createMerge } from './start-merge';

export const AUTOMATIC_CLEANUP_NEEDS_PROFESSIONAL =
  'Automatic duplicate cleanup is part of the Professional plan. Upgrade to Professional to have duplicates merged after each scheduled scan.';

/** Object types whose groups qualify, and the property their records must share exactly. */
const SHARED_KEYS: Partial<Record<ObjectType, { property: string; noun: string; normalize: (value: unknown, normalizeEmails: boolean) => string | null }>> = {
  contacts: { property: 'email', noun: 'email address', normalize: (value, normalize) => normalizeEmail(value, normalize)?.address ?? null },
  companies: { property: 'domain', noun: 'domain', normalize: exactDomain },
};
/** Candidate groups read per run at most; the per-run cap is far below. */
const CANDIDATES_READ = 5_000;

export { allowsAutomaticCleanup };

/**
 * After a scheduled scan: merges the pending groups above the user's confidence whose records
 * share exactly one email (contacts) or domain (companies), at most the per-run cap, each merge
 * the same job a user's merge is, with its backups. Retried, it finds its run (one per scan) and
 * resumes the merge it was in, then goes on.
 */
export const automaticCleanupJob = defineJob({
  name: 'automatic-cleanup',
  payload: z.object({ userId: z.number().int().positive(), scanRunId: z.number().int().positive() }),
  retryLimit: 3,
  expireInSeconds: 4 * 3600,
  heartbeatSeconds: 10,
  handler: ({ userId, scanRunId }, context) => runAutomaticCleanup(context, userId, scanRunId),
});

/** Queues automatic cleanup for a finished scheduled scan, when the user turned it on. */
export async function cleanUpAfterScheduledScan({ db, queue }: Pick<JobContext, 'db' | 'queue'>, userId: number, scanRunId: number): Promise<void> {
  const [settings] = await db.select({ enabled: userSettings.automaticCleanupEnabled }).from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  if (settings?.enabled) await queue.send(automaticCleanupJob, { userId, scanRunId });
}

export async function runAutomaticCleanup(context: Pick<JobContext, 'db' | 'config' | 'log'>, userId: number, scanRunId: number): Promise<void> {
  const { db, log } = context;
  const [settings] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  const user = await findUserById(db, userId);
  if (!settings?.automaticCleanupEnabled || !user) return;
  await db
    .insert(cleanupRuns)
    .values({ userId, scanRunId, minConfidence: settings.automaticCleanupMinConfidence, maxMerges: settings.automaticCleanupMaxMerges })
    .onConflictDoNothing({ target: cleanupRuns.scanRunId });
  const [run] = await db.select().from(cleanupRuns).where(eq(cleanupRuns.scanRunId, scanRunId)).limit(1);
  if (!run || run.status !== 'running' || run.userId !== userId) return;
  const none = { mergedGroups: 0, mergedRecords: 0, failedGroups: 0, skipped: [], deferredGroups: 0 };
  type Counts = Pick<AutomaticCleanupRunView, 'mergedGroups' | 'mergedRecords' | 'failedGroups' | 'deferredGroups' | 'skipped'>;
  const end = async (status: 'completed' | 'skipped' | 'failed', message: string, counts: Counts = none) => {
    // The outbox event is written with the run's end: a retried job finds the run ended and writes none.
    await db.transaction(async (tx) => {
      const [ended] = await tx.update(cleanupRuns).set({ status, message, finishedAt: new Date() }).where(and(eq(cleanupRuns.id, run.id), eq(cleanupRuns.status, 'running'))).returning({ id: cleanupRuns.id });
      if (!ended) return;
      await recordCleanupEvent(tx, userId, {
        cleanupRunId: run.id,
        scanRunId,
        status,
        mergedGroups: counts.mergedGroups,
        mergedRecords: counts.mergedRecords,
        failedGroups: counts.failedGroups,
        skippedGroups: counts.skipped.length,
        deferredGroups: counts.deferredGroups,
        message,
      });
    });
    log.info({ userId, cleanupRunId: run.id, status }, message);
  };
  if (!allowsAutomaticCleanup(user)) return end('skipped', AUTOMATIC_CLEANUP_NEEDS_PROFESSIONAL);
  const connection = await findConnection(db, userId);
  if (!connection?.isConnected || !connection.accessToken) return end('skipped', 'HubSpot is not connected, so nothing was merged.');

  // A retried job first finishes the merge it was in.
  const own = await db.select().from(merges).where(eq(merges.cleanupRunId, run.id));
  for (const merge of own) if (merge.status === 'queued' || merge.status === 'running') await runMerge(context, merge.id);
  const attempted = new Set(own.map((m) => m.groupId));
  const skipped = [...run.skipped];
  const left = new Set(skipped.map((s) => s.groupId));
  const candidates = (await eligibleGroups(db, userId, run.minConfidence, settings.normalizeEmails)).filter((g) => !attempted.has(g.id) && !left.has(g.id));
  let budget = run.maxMerges - own.length;
  await db.update(cleanupRuns).set({ eligibleGroups: own.length + skipped.length + candidates.length }).where(eq(cleanupRuns.id, run.id));

  let next = 0;
  for (; next < candidates.length && budget > 0; next++) {
    const group = candidates[next]!;
    const objectType = group.objectType as ObjectType;
    let mergeId: number;
    try {
      const merge = await createMerge(context, userId, group.id, { primaryRule: 'most-complete', fieldChoices: {} }, {
        performedBy: 'automatic-cleanup',
        cleanupRunId: run.id,
        // The scan may be hours old: the records must still share the key in HubSpot now.
        accept: ({ records }) => {
          if (sharedKey(objectType, records.map((r) => r.properties), settings.normalizeEmails) === null) {
            throw new HttpError(409, 'NOT_EXACT', `Its records no longer share one ${SHARED_KEYS[objectType]!.noun} in HubSpot.`);
          }
        },
      });
      mergeId = merge.id;
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      // A problem of the whole portal ends the run; a problem of one group skips it.
      if (['HUBSPOT_NOT_CONNECTED', 'HUBSPOT_MISSING_SCOPES', 'HUBSPOT_DAILY_LIMIT'].includes(error.code)) return end('failed', error.message);
      skipped.push({ groupId: group.id, reason: error.message });
      await db.update(cleanupRuns).set({ skipped }).where(eq(cleanupRuns.id, run.id));
      continue;
    }
    budget--;
    await runMerge(context, mergeId);
  }
  const deferred = candidates.length - next;
  await db.update(cleanupRuns).set({ deferredGroups: deferred }).where(eq(cleanupRuns.id, run.id));
  const view = (await cleanupRunViews(db, [{ ...run, skipped, deferredGroups: deferred }]))[0]!;
  return end('completed', summarize(view, run.maxMerges), view);
}

function summarize(run: Pick<AutomaticCleanupRunView, 'mergedGroups' | 'mergedRecords' | 'failedGroups' | 'deferredGroups' | 'skipped'>, cap: number): string {
  if (run.mergedGroups + run.failedGroups + run.skipped.length + run.deferredGroups === 0) return 'No duplicate group qualified for automatic merging.';
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return [
    `Merged ${plural(run.mergedGroups, 'group')} (${plural(run.mergedRecords, 'record')} merged into others) automatically.`,
    ...(run.failedGroups > 0 ? [`${plural(run.failedGroups, 'group')} could not be merged completely; see the history.`] : []),
    ...(run.skipped.length > 0 ? [`${plural(run.skipped.length, 'group')} left alone because ${run.skipped.length === 1 ? 'it' : 'they'} changed in HubSpot or need a person's choice.`] : []),
    ...(run.deferredGroups > 0 ? [`${plural(run.deferredGroups, 'more group')} ${run.deferredGroups === 1 ? 'waits' : 'wait'} for the next run (at most ${cap} merges a run).`] : []),
  ].join(' ');
}

/** Pending groups above the confidence whose records share exactly one email (domain), most certain first; never one tried before. */
async function eligibleGroups(db: Db, userId: number, minConfidence: number, normalizeEmails: boolean) {
  const rows = await db
    .select()
    .from(duplicateGroups)
    .where(
      and(
        eq(duplicateGroups.userId, userId),
        eq(duplicateGroups.status, 'pending'),
        inArray(duplicateGroups.objectType, Object.keys(SHARED_KEYS)),
        gte(duplicateGroups.confidence, minConfidence),
        // A group whose merge failed once waits for a person.
        notExists(db.select({ id: merges.id }).from(merges).where(eq(merges.groupId, duplicateGroups.id))),
      ),
    )
    .orderBy(desc(duplicateGroups.confidence), duplicateGroups.id)
    .limit(CANDIDATES_READ);
  return rows.filter((group) => {
    const records = group.records.map((r) => ((r as { properties?: Record<string, unknown> }).properties ?? {}));
    return records.length === groupRecordIds(group).length && sharedKey(group.objectType as ObjectType, records, normalizeEmails) !== null;
  });
}

/**
 * The email (domain) every record has, null when they differ or one has none. Emails are the
 * same mailbox as the engine normalizes them (case, gmail dots, +tags) when the user normalizes emails.
 */
export function sharedKey(objectType: ObjectType, records: readonly Record<string, unknown>[], normalizeEmails = true): string | null {
  const key = SHARED_KEYS[objectType];
  if (!key || records.length < 2) return null;
  const values = records.map((properties) => key.normalize(properties[key.property], normalizeEmails));
  return values.every((value) => value !== null && value === values[0]) ? values[0]! : null;
}

/** "https://www.Example.com/about" and "example.com" are one domain; "shop.example.com" is another. */
function exactDomain(value: unknown): string | null {
  const text = (typeof value === 'string' ? value : '')
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(text) ? text : null;
}

export async function listAutomaticCleanupRuns(db: Db, userId: number, page: number, pageSize: number) {
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(cleanupRuns).where(eq(cleanupRuns.userId, userId)),
    db
      .select()
      .from(cleanupRuns)
      .where(eq(cleanupRuns.userId, userId))
      .orderBy(desc(cleanupRuns.createdAt), desc(cleanupRuns.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { runs: await cleanupRunViews(db, rows), page, pageSize, total: Number(total) };
}

async function cleanupRunViews(db: Db, runs: readonly CleanupRun[]): Promise<AutomaticCleanupRunView[]> {
  const ids = runs.map((r) => r.id);
  const rows = ids.length ? await db.select().from(merges).where(inArray(merges.cleanupRunId, ids)).orderBy(merges.id) : [];
  const actionIds = rows.flatMap((m) => m.actionIds);
  const mergedSteps = actionIds.length
    ? await db
        .select({ id: recordActions.id })
        .from(recordActions)
        .where(and(inArray(recordActions.id, actionIds), eq(recordActions.actionType, 'merge'), eq(recordActions.status, 'completed')))
    : [];
  const succeeded = new Set(mergedSteps.map((s) => s.id));
  return runs.map((run) => {
    const own = rows.filter((m) => m.cleanupRunId === run.id);
    const view = {
      id: run.id,
      scanRunId: run.scanRunId,
      status: run.status as AutomaticCleanupRunView['status'],
      message: run.message ?? 'Running',
      minConfidence: run.minConfidence,
      maxMergesPerRun: run.maxMerges,
      eligibleGroups: run.eligibleGroups,
      mergedGroups: own.filter((m) => m.status === 'completed').length,
      mergedRecords: own.reduce((sum, m) => sum + m.actionIds.filter((id) => succeeded.has(id)).length, 0),
      failedGroups: own.filter((m) => m.status === 'partial' || m.status === 'failed').length,
      deferredGroups: run.deferredGroups,
      skipped: run.skipped,
      merges: own.map((m) => ({ mergeId: m.id, groupId: m.groupId, objectType: m.objectType as ObjectType, status: m.status as MergeStatus, survivorId: m.survivorId, recordIds: [m.primaryRecordId, ...m.secondaryIds] })),
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
    };
    return view;
  });
}
