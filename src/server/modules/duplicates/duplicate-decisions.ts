/**
 * What a user decides about a found group short of merging it: the whole group is not a
 * duplicate ("dismissed"), or one record does not belong in it. Each decision is a record
 * action (SPEC.md section 3) and feedback for the engine: the pairs it names are never
 * proposed again, and they teach the model what a non-match looks like in this portal.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PairOfIds } from '../../../engine';
import type { DuplicateGroupView } from '../../../shared/contracts/results';
import { recordNames } from '../../../shared/crm-properties';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { duplicateGroups, recordActions, type DuplicateGroup } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { findGroup } from '../cleanup';
import { userValueLabels } from '../hubspot';
import { bumpResultsVersion, duplicateGroupView } from '../scans';

export const NOT_DUPLICATE_ACTION = 'not-duplicate';
export const DISMISS_ACTION = 'dismiss';

/** Whether the decision is stored, or only shown as it would be (the demo). */
export interface DecisionOptions {
  persist: boolean;
  now?: Date;
}

async function pendingGroup(db: Db, userId: number, groupId: number): Promise<DuplicateGroup> {
  const row = await findGroup(db, userId, groupId);
  if (row.status !== 'pending') throw new HttpError(409, 'GROUP_DECIDED', `This group is already ${row.status}: only groups waiting for review can be changed.`);
  return row;
}

/** The group's status moves on only from the one the decision was taken on; results caches are told. */
async function moveGroup(tx: Db, userId: number, groupId: number, from: string, to: string, now: Date): Promise<void> {
  const updated = await tx
    .update(duplicateGroups)
    .set({ status: to, updatedAt: now })
    .where(and(eq(duplicateGroups.id, groupId), eq(duplicateGroups.status, from)))
    .returning({ id: duplicateGroups.id });
  if (updated.length === 0) throw new HttpError(409, 'GROUP_DECIDED', 'This group was changed meanwhile: reload it and try again.');
  await bumpResultsVersion(tx, userId);
}

const idsOf = (row: Pick<DuplicateGroup, 'records'>) => (row.records as { id: string }[]).map((r) => String(r.id));

const namesOf = (row: Pick<DuplicateGroup, 'records' | 'objectType'>) => recordNames(row.objectType as ObjectType, row.records as { id: string; properties?: Record<string, unknown> }[]);

/** The whole group is not a duplicate: it leaves the review list and is never proposed again. */
export async function dismissGroup(db: Db, userId: number, groupId: number, options: DecisionOptions): Promise<DuplicateGroupView> {
  const row = await pendingGroup(db, userId, groupId);
  const now = options.now ?? new Date();
  const decided: DuplicateGroup = { ...row, status: 'dismissed', updatedAt: now };
  if (options.persist) {
    await db.transaction(async (tx) => {
      await moveGroup(tx, userId, groupId, 'pending', 'dismissed', now);
      await tx.insert(recordActions).values({ userId, objectType: row.objectType, actionType: DISMISS_ACTION, recordIds: idsOf(row), primaryRecordId: null, timestamp: now, details: { groupId, by: 'user', labels: namesOf(row) }, status: 'completed' });
    });
  }
  return duplicateGroupView(decided, await userValueLabels(db, userId, row.objectType as ObjectType));
}

/**
 * A dismissal taken back (from History): the group returns to the review list, its pairs may
 * be proposed again, and the dismissal's history entry says it was undone.
 */
export async function undoDismissal(db: Db, userId: number, groupId: number, options: DecisionOptions): Promise<DuplicateGroupView> {
  const row = await findGroup(db, userId, groupId);
  if (row.status !== 'dismissed') throw new HttpError(409, 'GROUP_NOT_DISMISSED', `This group is ${row.status}, not dismissed: there is no dismissal to undo.`);
  if (idsOf(row).length < 2) throw new HttpError(409, 'GROUP_TOO_SMALL', 'Only one record is left in this group: there is nothing to review.');
  const now = options.now ?? new Date();
  if (options.persist) {
    await db.transaction(async (tx) => {
      await moveGroup(tx, userId, groupId, 'dismissed', 'pending', now);
      await tx
        .update(recordActions)
        .set({ details: sql`coalesce(${recordActions.details}, '{}'::jsonb) || ${JSON.stringify({ undoneAt: now.toISOString() })}::jsonb` })
        .where(
          and(
            eq(recordActions.userId, userId),
            eq(recordActions.actionType, DISMISS_ACTION),
            sql`${recordActions.details}->>'groupId' = ${String(groupId)}`,
            isNull(sql`${recordActions.details}->>'undoneAt'`),
          ),
        );
    });
  }
  return duplicateGroupView({ ...row, status: 'pending', updatedAt: now }, await userValueLabels(db, userId, row.objectType as ObjectType));
}

/**
 * One record is not a duplicate of the others: it leaves the group with its pairs. A group
 * left with one record is dismissed; a departing suggested primary hands over to the most
 * complete record left.
 */
export async function removeFromGroup(db: Db, userId: number, groupId: number, recordId: string, options: DecisionOptions): Promise<DuplicateGroupView> {
  const row = await pendingGroup(db, userId, groupId);
  const ids = idsOf(row);
  if (!ids.includes(recordId)) throw new HttpError(404, 'NOT_FOUND', `Record ${recordId} is not in this group.`);
  const now = options.now ?? new Date();
  const records = (row.records as { id: string; isPrimary?: boolean; properties?: Record<string, unknown> }[]).filter((r) => String(r.id) !== recordId);
  const explanations = (row.explanations as { a: string; b: string; probability?: number }[] | null ?? []).filter((p) => p.a !== recordId && p.b !== recordId);
  const primary = row.primaryRecordId !== recordId ? row.primaryRecordId : (mostComplete(records)?.id ?? null);
  const probabilities = explanations.map((p) => p.probability).filter((p): p is number => typeof p === 'number');
  const changes = {
    records: records.map((r) => ({ ...r, isPrimary: r.id === primary })),
    explanations,
    primaryRecordId: records.length >= 2 ? primary : null,
    confidence: probabilities.length > 0 ? probabilities.reduce((a, b) => a + b, 0) / probabilities.length : row.confidence,
    status: records.length >= 2 ? 'pending' : 'dismissed',
    updatedAt: now,
  };
  if (options.persist) {
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(duplicateGroups)
        .set(changes)
        .where(and(eq(duplicateGroups.id, groupId), eq(duplicateGroups.status, 'pending')))
        .returning({ id: duplicateGroups.id });
      if (updated.length === 0) throw new HttpError(409, 'GROUP_DECIDED', 'This group was changed meanwhile: reload it and try again.');
      await bumpResultsVersion(tx, userId);
      await tx.insert(recordActions).values({
        userId,
        objectType: row.objectType,
        actionType: NOT_DUPLICATE_ACTION,
        // The record first, then those it is not a duplicate of.
        recordIds: [recordId, ...ids.filter((id) => id !== recordId)],
        primaryRecordId: null,
        timestamp: now,
        details: { groupId, by: 'user', labels: namesOf(row) },
        status: 'completed',
      });
    });
  }
  return duplicateGroupView({ ...row, ...changes }, await userValueLabels(db, userId, row.objectType as ObjectType));
}

function mostComplete<T extends { id: string; properties?: Record<string, unknown> }>(records: readonly T[]): T | undefined {
  const filled = (r: T) => Object.values(r.properties ?? {}).filter((v) => v !== null && v !== undefined && v !== '').length;
  return [...records].sort((a, b) => filled(b) - filled(a))[0];
}

/** Decided groups read per scan at most: feedback from the most recent decisions. */
const FEEDBACK_LIMIT = 10_000;

/**
 * What the user decided earlier, as the engine takes it: dismissed groups and records taken
 * out of groups are pairs never proposed again; merged groups are confirmed duplicates.
 */
export async function userFeedback(db: Db, userId: number, objectType: ObjectType): Promise<{ notDuplicates: PairOfIds[]; confirmedDuplicates: PairOfIds[] }> {
  const decided = await db
    .select({ status: duplicateGroups.status, records: duplicateGroups.records })
    .from(duplicateGroups)
    .where(and(eq(duplicateGroups.userId, userId), eq(duplicateGroups.objectType, objectType), inArray(duplicateGroups.status, ['dismissed', 'merged'])))
    .limit(FEEDBACK_LIMIT);
  const removed = await db
    .select({ recordIds: recordActions.recordIds })
    .from(recordActions)
    .where(and(eq(recordActions.userId, userId), eq(recordActions.objectType, objectType), eq(recordActions.actionType, NOT_DUPLICATE_ACTION)))
    .limit(FEEDBACK_LIMIT);
  const allPairs = (ids: readonly string[]): PairOfIds[] => ids.flatMap((a, i) => ids.slice(i + 1).map((b) => [a, b] as const));
  return {
    notDuplicates: [
      ...decided.filter((g) => g.status === 'dismissed').flatMap((g) => allPairs(idsOf(g))),
      ...removed.flatMap(({ recordIds: [record, ...others] }) => (record === undefined ? [] : others.map((other) => [record, other] as const))),
    ],
    confirmedDuplicates: decided.filter((g) => g.status === 'merged').flatMap((g) => allPairs(idsOf(g))),
  };
}
