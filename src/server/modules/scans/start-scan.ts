import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ScanRun } from '../../../shared/contracts/scans';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { scanHistory, scanRuns, users } from '../../db/schema';
import { capabilitiesOf } from '../accounts';
import { HttpError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { scanJob } from './run-scan';

export const SCAN_IN_PROGRESS = 'A scan is already running. Wait for it to finish, or cancel it.';

/** Queues a scan run; the database lets each user have one queued or running at a time. */
export async function startScan(db: Db, queue: JobQueue, userId: number, objectTypes: readonly ObjectType[], trigger: 'manual' | 'schedule' | 'api'): Promise<number> {
  let runId: number;
  try {
    const [run] = await db
      .insert(scanRuns)
      .values({
        userId,
        objectTypes: [...objectTypes],
        trigger,
        progress: { phase: 'queued', objectType: null, completedTypes: 0, recordsFetched: 0, recordsExpected: null, pairsCompared: 0, percent: 0, message: 'Waiting to start' },
      })
      .returning({ id: scanRuns.id });
    runId = run!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'SCAN_IN_PROGRESS', SCAN_IN_PROGRESS);
    throw error;
  }
  // Priority processing (SPEC.md section 6): busy workers take Professional and Enterprise scans first.
  const [user] = await db.select({ plan: users.plan, trialEndDate: users.trialEndDate }).from(users).where(eq(users.id, userId)).limit(1);
  await queue.send(scanJob, { runId }, { priority: user ? capabilitiesOf(user).queuePriority : 0 });
  return runId;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/** A run as the API shows it, with the results of the object types it finished. */
export async function scanRunView(db: Db, userId: number, runId: number): Promise<ScanRun | null> {
  const [run] = await db.select().from(scanRuns).where(and(eq(scanRuns.id, runId), eq(scanRuns.userId, userId))).limit(1);
  if (!run) return null;
  return (await withResults(db, [run]))[0]!;
}

export async function recentScanRuns(db: Db, userId: number, limit = 20): Promise<ScanRun[]> {
  const runs = await db.select().from(scanRuns).where(eq(scanRuns.userId, userId)).orderBy(desc(scanRuns.createdAt), desc(scanRuns.id)).limit(limit);
  return withResults(db, runs);
}

async function withResults(db: Db, runs: (typeof scanRuns.$inferSelect)[]): Promise<ScanRun[]> {
  const ids = runs.map((r) => r.id);
  const results = ids.length
    ? await db
        .select({ runId: scanHistory.runId, scanId: scanHistory.id, objectType: scanHistory.objectType, totalRecords: scanHistory.totalRecords, duplicateRecords: scanHistory.duplicateRecords, healthScore: scanHistory.healthScore })
        .from(scanHistory)
        .where(inArray(scanHistory.runId, ids))
    : [];
  return runs.map((run) => ({
    id: run.id,
    status: run.status as ScanRun['status'],
    objectTypes: run.objectTypes as ObjectType[],
    trigger: run.trigger as ScanRun['trigger'],
    progress: run.progress ?? { phase: 'queued', objectType: null, completedTypes: 0, recordsFetched: 0, recordsExpected: null, pairsCompared: 0, percent: 0, message: 'Waiting to start' },
    errorMessage: run.errorMessage,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    results: results
      .filter((r) => r.runId === run.id)
      .map(({ runId: _runId, objectType, ...rest }) => ({ ...rest, objectType: objectType as ObjectType })),
  }));
}
