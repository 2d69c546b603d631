import { and, desc, eq, ne } from 'drizzle-orm';
import { HEALTH_CHANGE_THRESHOLD, type CleanupCompletedPayload, type DuplicatesFoundPayload, type HealthChangedPayload, type NotificationEventKind, type ScanCompletedPayload, type ScanFailedPayload } from '../../../shared/contracts/notifications';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { notificationEvents, scanHistory, scanRuns } from '../../db/schema';

/** A transaction or the database: events are written with the results they tell of. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface ScanEventsInput {
  userId: number;
  runId: number;
  scanId: number;
  objectType: ObjectType;
  totalRecords: number;
  duplicateRecords: number;
  healthScore: number;
  /** Pending groups of the type after the scan. */
  duplicateGroups: number;
  /** Member counts of the groups no earlier scan had pending. */
  newGroupSizes: readonly number[];
  scannedAt: Date;
}

/**
 * The outbox events of one object type's results, in the transaction that saves them: a
 * crash loses both or neither, and a retried save (fenced by the run's attempt) writes them once.
 */
export async function recordScanEvents(tx: Tx, input: ScanEventsInput): Promise<void> {
  const { userId, runId, scanId, objectType, scannedAt } = input;
  const [run] = await tx.select({ trigger: scanRuns.trigger }).from(scanRuns).where(eq(scanRuns.id, runId)).limit(1);
  const [previous] = await tx
    .select({ healthScore: scanHistory.healthScore })
    .from(scanHistory)
    .where(and(eq(scanHistory.userId, userId), eq(scanHistory.objectType, objectType), eq(scanHistory.status, 'completed'), ne(scanHistory.id, scanId)))
    .orderBy(desc(scanHistory.timestamp), desc(scanHistory.id))
    .limit(1);
  const healthScore = round1(input.healthScore);
  const previousHealthScore = previous ? round1(previous.healthScore) : null;
  const events: { kind: NotificationEventKind; payload: ScanCompletedPayload | DuplicatesFoundPayload | HealthChangedPayload }[] = [
    {
      kind: 'scan.completed',
      payload: {
        runId,
        trigger: run?.trigger ?? 'manual',
        scanId,
        objectType,
        totalRecords: input.totalRecords,
        duplicateRecords: input.duplicateRecords,
        duplicateGroups: input.duplicateGroups,
        newDuplicateGroups: input.newGroupSizes.length,
        healthScore,
        previousHealthScore,
        scannedAt: scannedAt.toISOString(),
      },
    },
  ];
  if (input.newGroupSizes.length > 0) {
    events.push({
      kind: 'duplicates.found',
      payload: {
        runId,
        scanId,
        objectType,
        newGroups: input.newGroupSizes.length,
        totalGroups: input.duplicateGroups,
        newRecords: input.newGroupSizes.reduce((a, b) => a + b, 0),
        foundAt: scannedAt.toISOString(),
      },
    });
  }
  if (previousHealthScore !== null && Math.abs(healthScore - previousHealthScore) >= HEALTH_CHANGE_THRESHOLD) {
    events.push({ kind: 'health.changed', payload: { runId, scanId, objectType, healthScore, previousHealthScore, change: round1(healthScore - previousHealthScore) } });
  }
  await tx.insert(notificationEvents).values(events.map((event) => ({ userId, runId, kind: event.kind, payload: event.payload, createdAt: scannedAt })));
}

/** The outbox event of a scan run that failed, with the update that marks it failed. */
export async function recordScanFailedEvent(tx: Tx, userId: number, payload: ScanFailedPayload): Promise<void> {
  await tx.insert(notificationEvents).values({ userId, runId: payload.runId, kind: 'scan.failed', payload, createdAt: new Date(payload.failedAt) });
}

/** The outbox event of a finished automatic cleanup, with the update that finishes it. */
export async function recordCleanupEvent(tx: Tx, userId: number, payload: CleanupCompletedPayload): Promise<void> {
  await tx.insert(notificationEvents).values({ userId, runId: null, kind: 'cleanup.completed', payload });
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** What a webhook's merge.completed carries; email and Slack do not tell of single merges (their dispatch skips the kind). */
export interface MergeCompletedPayload {
  mergeId: number;
  groupId: number | null;
  objectType: string;
  /** completed, partial or failed. */
  status: string;
  performedBy: string;
  primaryRecordId: string;
  survivorId: string;
  mergedRecordIds: string[];
  mergedRecords: number;
  finishedAt: string;
}

/** The outbox event of a finished merge, in the transaction that records its outcome. */
export async function recordMergeEvent(tx: Tx, userId: number, payload: MergeCompletedPayload): Promise<void> {
  await tx.insert(notificationEvents).values({ userId, runId: null, kind: 'merge.completed', payload: { ...payload }, createdAt: new Date(payload.finishedAt) });
}
