import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { RECORD_ACTION_STATUSES, RECORD_ACTION_TYPES, type HistoryPage, type historyQuerySchema, type MergeStatus, type MergeView, type Performer, type RecordActionStatus, type RecordActionView } from '../../../shared/contracts/cleanup';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { recordName } from '../../../shared/crm-properties';
import { crmRecords, mergeBackups, merges, recordActions, type Merge, type MergeBackup, type RecordAction } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { ActionDetails } from './run-merge';
import { isStalled } from './start-merge';

/** A restore that started this long ago and never finished may be tried again. */
export const RESTORE_STALE_MS = 10 * 60_000;

/** What a restore of a merge action needs to know: the backup of the record it merged away. */
type BackupIndex = ReadonlyMap<string, MergeBackup>;
const backupKey = (mergeId: number, hubspotId: string) => `${mergeId}:${hubspotId}`;

async function backupsOf(db: Db, mergeIds: readonly number[]): Promise<BackupIndex> {
  if (mergeIds.length === 0) return new Map();
  const rows = await db.select().from(mergeBackups).where(inArray(mergeBackups.mergeId, [...new Set(mergeIds)]));
  return new Map(rows.map((row) => [backupKey(row.mergeId, row.hubspotId), row]));
}

/** Record names by object type and id, read from the mirror for actions that recorded none. */
type MirrorNames = ReadonlyMap<string, string>;
const nameKey = (objectType: string, id: string) => `${objectType}:${id}`;

/** The names the mirror holds for the records these actions touched: older decisions recorded ids only. */
async function mirrorNames(db: Db, userId: number, rows: readonly RecordAction[]): Promise<MirrorNames> {
  const wanted = rows.flatMap((row) => row.recordIds.filter((id) => !((row.details as unknown as ActionDetails | null)?.labels ?? {})[id]).map((id) => ({ objectType: row.objectType, id })));
  if (wanted.length === 0) return new Map();
  const found = await db
    .select({ objectType: crmRecords.objectType, id: crmRecords.hubspotId, properties: crmRecords.properties })
    .from(crmRecords)
    .where(and(eq(crmRecords.userId, userId), inArray(crmRecords.objectType, [...new Set(wanted.map((w) => w.objectType))]), inArray(crmRecords.hubspotId, [...new Set(wanted.map((w) => w.id))])));
  return new Map(
    found.flatMap((r) => {
      const name = recordName(r.objectType as ObjectType, r.properties);
      return name ? [[nameKey(r.objectType, r.id), name] as const] : [];
    }),
  );
}

/** A record action as the history shows it, with whether Restore can bring back what it merged away. */
export function actionView(row: RecordAction, backups: BackupIndex, now = Date.now(), names: MirrorNames = new Map()): RecordActionView {
  const details = (row.details ?? {}) as unknown as ActionDetails;
  const labels = details.labels ?? {};
  // A name recorded with the action wins: the mirror's may have changed since, or be gone.
  const labelOf = (id: string) => labels[id] ?? names.get(nameKey(row.objectType, id));
  const named = (id: string | undefined) => (id ? (labelOf(id) ? `${labelOf(id)} (${id})` : id) : 'a record');
  const namedList = (ids: readonly string[]) => ids.map(named).join(', ');
  const status = row.status as RecordActionStatus;
  const writes = details.writes ?? {};
  const changes = Object.entries(writes).map(([property, to]) => ({ property, from: details.previous?.[property] ?? null, to }));
  let summary: string;
  let resultId: string | null = null;
  switch (row.actionType) {
    case 'update': {
      const n = changes.length;
      summary = `${status === 'completed' ? 'Wrote' : 'Write'} ${n} chosen value${n === 1 ? '' : 's'} to ${named(row.primaryRecordId ?? undefined)}`;
      break;
    }
    case 'merge': {
      const into = details.primaryIdBefore ?? row.primaryRecordId ?? undefined;
      resultId = status === 'completed' ? (details.primaryIdAfter ?? null) : null;
      // A merge recorded without its steps (the demo's) names the whole group.
      const merged = details.secondaryId ? named(details.secondaryId) : namedList(row.recordIds.filter((id) => id !== into)) || 'records';
      summary =
        status === 'completed'
          ? `Merged ${merged} into ${named(into)}${resultId && resultId !== into ? `; the merged record is ${resultId}` : ''}`
          : `${status === 'failed' ? 'Could not merge' : 'Merge'} ${merged} into ${named(into)}`;
      break;
    }
    case 'restore':
      resultId = details.restoredId ?? null;
      summary = status === 'completed' ? `Restored ${named(details.originalId)} from its backup as new record ${resultId}` : `Restore ${named(details.originalId)} from its backup`;
      break;
    case 'dismiss':
      summary = `Dismissed ${namedList(row.recordIds)} as not duplicates`;
      break;
    case 'not-duplicate':
      summary = `Took ${named(row.recordIds[0])} out of the group: not a duplicate of ${namedList(row.recordIds.slice(1))}`;
      break;
    default:
      summary = `${row.actionType} ${row.recordIds.join(', ')}`;
  }

  // The record merged away, by the name it had when the merge read it; its id when it had none.
  const recordName = row.actionType === 'merge' && details.secondaryId ? (labels[details.secondaryId] ?? details.secondaryId) : null;
  let restore: RecordActionView['restore'] = { available: false, restoredAsId: null, reason: null, recordName };
  if (row.actionType === 'merge') {
    const backup = details.mergeId && details.secondaryId ? backups.get(backupKey(details.mergeId, details.secondaryId)) : undefined;
    const restoring = backup?.restoreStartedAt && !backup.restoredAsId && now - backup.restoreStartedAt.getTime() < RESTORE_STALE_MS;
    const reason =
      status !== 'completed'
        ? 'Only a record that was merged away can be restored.'
        : !backup
          ? 'There is no backup of this record.'
          : backup.restoredAsId
            ? `Already restored as record ${backup.restoredAsId}.`
            : restoring
              ? 'A restore of this record is under way.'
              : null;
    restore = { available: reason === null, restoredAsId: backup?.restoredAsId ?? null, reason, recordName };
  }
  const undoneAt = typeof details.undoneAt === 'string' ? details.undoneAt : null;
  const undo = { available: row.actionType === 'dismiss' && status === 'completed' && undoneAt === null && details.groupId != null && row.recordIds.length >= 2, undoneAt };

  return {
    id: row.id,
    objectType: row.objectType as ObjectType,
    actionType: (RECORD_ACTION_TYPES as readonly string[]).includes(row.actionType) ? (row.actionType as RecordActionView['actionType']) : 'other',
    status: (RECORD_ACTION_STATUSES as readonly string[]).includes(row.status) ? status : 'completed',
    errorMessage: row.errorMessage,
    recordIds: row.recordIds,
    primaryRecordId: row.primaryRecordId,
    timestamp: row.timestamp.toISOString(),
    mergeId: details.mergeId ?? null,
    groupId: details.groupId ?? null,
    performedBy: details.by === 'automatic-cleanup' ? 'automatic-cleanup' : 'user',
    performedByName: typeof details.byName === 'string' ? details.byName : null,
    summary,
    changes,
    resultId,
    restore,
    undo,
  };
}

export async function listHistory(db: Db, userId: number, query: z.infer<typeof historyQuerySchema>): Promise<HistoryPage> {
  const filters: (SQL | undefined)[] = [
    eq(recordActions.userId, userId),
    query.objectType ? eq(recordActions.objectType, query.objectType) : undefined,
    query.performedBy ? sql`coalesce(${recordActions.details}->>'by', 'user') = ${query.performedBy}` : undefined,
  ];
  const where = and(...filters);
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(recordActions).where(where),
    db
      .select()
      .from(recordActions)
      .where(where)
      .orderBy(desc(recordActions.timestamp), desc(recordActions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  const backups = await backupsOf(db, rows.map((row) => (row.details as unknown as ActionDetails | null)?.mergeId).filter((id): id is number => typeof id === 'number'));
  const names = await mirrorNames(db, userId, rows);
  return { actions: rows.map((row) => actionView(row, backups, Date.now(), names)), page: query.page, pageSize: query.pageSize, total: Number(total) };
}

export async function findAction(db: Db, userId: number, actionId: number): Promise<RecordActionView | null> {
  const [row] = await db.select().from(recordActions).where(and(eq(recordActions.id, actionId), eq(recordActions.userId, userId))).limit(1);
  if (!row) return null;
  const mergeId = (row.details as unknown as ActionDetails | null)?.mergeId;
  return actionView(row, await backupsOf(db, mergeId ? [mergeId] : []), Date.now(), await mirrorNames(db, userId, [row]));
}

export async function findMerge(db: Db, userId: number, mergeId: number): Promise<MergeView | null> {
  const [merge] = await db.select().from(merges).where(and(eq(merges.id, mergeId), eq(merges.userId, userId))).limit(1);
  return merge ? (await mergeViews(db, [merge]))[0]! : null;
}

/** The user's merge, or a 404 (another user's merge is no different from none). */
export async function mergeOrNotFound(db: Db, userId: number, mergeId: number): Promise<MergeView> {
  const merge = await findMerge(db, userId, mergeId);
  if (!merge) throw new HttpError(404, 'NOT_FOUND', 'No such merge.');
  return merge;
}

/** Every merge of a group, newest first: after a partial failure, which records were merged and which were not. */
export async function groupMerges(db: Db, userId: number, groupId: number): Promise<MergeView[]> {
  const rows = await db.select().from(merges).where(and(eq(merges.userId, userId), eq(merges.groupId, groupId))).orderBy(desc(merges.id)).limit(50);
  return mergeViews(db, rows);
}

export async function mergeViews(db: Db, rows: readonly Merge[]): Promise<MergeView[]> {
  const actionIds = rows.flatMap((row) => row.actionIds);
  const actions = actionIds.length ? await db.select().from(recordActions).where(inArray(recordActions.id, actionIds)) : [];
  const byId = new Map(actions.map((a) => [a.id, a]));
  const backups = await backupsOf(db, rows.map((row) => row.id));
  const now = Date.now();
  return rows.map((merge) => {
    const steps = merge.actionIds.map((id) => byId.get(id)).filter((a): a is RecordAction => a !== undefined);
    const stepOf = (secondaryId: string) => steps.find((s) => s.actionType === 'merge' && (s.details as unknown as ActionDetails).secondaryId === secondaryId);
    const backup = (id: string) => backups.get(backupKey(merge.id, id));
    const outcomes: Record<RecordActionStatus, MergeView['records'][number]['outcome']> = { pending: 'pending', in_progress: 'pending', completed: 'merged', failed: 'failed', skipped: 'skipped' };
    const stalled = isStalled(merge, now);
    return {
      id: merge.id,
      groupId: merge.groupId,
      objectType: merge.objectType as ObjectType,
      // A merge whose worker died long ago is reported as stopped; merging the group again resumes it.
      status: (stalled ? 'failed' : merge.status) as MergeStatus,
      performedBy: merge.performedBy as Performer,
      primaryRecordId: merge.primaryRecordId,
      survivorId: merge.survivorId,
      errorMessage: stalled ? 'The merge stopped before it finished. Merge the group again to resume it.' : merge.errorMessage,
      createdAt: merge.createdAt.toISOString(),
      startedAt: merge.startedAt?.toISOString() ?? null,
      finishedAt: merge.finishedAt?.toISOString() ?? null,
      records: [
        { id: merge.primaryRecordId, role: 'primary' as const, outcome: 'kept' as const, mergedIntoId: merge.survivorId === merge.primaryRecordId ? null : merge.survivorId, errorMessage: null, backedUp: Boolean(backup(merge.primaryRecordId)), restoredAsId: null },
        ...merge.secondaryIds.map((id) => {
          const step = stepOf(id);
          const details = (step?.details ?? {}) as unknown as ActionDetails;
          return {
            id,
            role: 'secondary' as const,
            outcome: step ? outcomes[step.status as RecordActionStatus] : merge.status === 'failed' ? ('skipped' as const) : ('pending' as const),
            mergedIntoId: step?.status === 'completed' ? (details.primaryIdAfter ?? null) : null,
            errorMessage: step?.errorMessage ?? null,
            backedUp: Boolean(backup(id)),
            restoredAsId: backup(id)?.restoredAsId ?? null,
          };
        }),
      ],
      steps: steps.map((step) => actionView(step, backups, now)),
    };
  });
}
