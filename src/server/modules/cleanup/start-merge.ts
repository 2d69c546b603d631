import { and, desc, eq, inArray } from 'drizzle-orm';
import type { MergeRequest, Performer } from '../../../shared/contracts/cleanup';
import type { Db } from '../../db/client';
import { merges, type Merge } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { planGroupMerge, type CleanupDependencies, type GroupMergePlan } from './plan-group-merge';
import { MERGE_STALE_MS, mergeJob } from './run-merge';

export const MERGE_IN_PROGRESS = 'A merge of this group is already under way. Wait for it to finish.';

export interface CreateMergeOptions {
  performedBy: Performer;
  cleanupRunId?: number;
  /** Automatic cleanup: a check of the live records before anything is stored. */
  accept?: (planned: GroupMergePlan) => void;
}

/**
 * Stores a merge of a group as planned now (primary, merge order, the surviving record of every
 * choosable property) for the `merge` job to carry out. The job takes the backups and decides
 * nothing anew: the values come from the records the choices name.
 */
export async function createMerge(deps: CleanupDependencies, userId: number, groupId: number, request: MergeRequest, options: CreateMergeOptions): Promise<Merge> {
  const { db } = deps;
  const running = await activeMerge(db, userId, groupId);
  if (running) throw new HttpError(409, 'MERGE_IN_PROGRESS', MERGE_IN_PROGRESS);
  const planned = await planGroupMerge(deps, userId, groupId, request);
  const { plan, group, connection } = planned;
  if (plan.blockers.length > 0) throw new HttpError(409, 'MERGE_BLOCKED', plan.blockers.join(' '));
  options.accept?.(planned);
  // Every choosable property names the record its value comes from, defaults included.
  const fieldChoices = Object.fromEntries(plan.fields.filter((f) => f.choosable && f.survivor.recordId).map((f) => [f.property, f.survivor.recordId!]));
  try {
    const [merge] = await db
      .insert(merges)
      .values({
        userId,
        connectionId: connection.id,
        groupId: group.id,
        objectType: group.objectType,
        performedBy: options.performedBy,
        cleanupRunId: options.cleanupRunId ?? null,
        primaryRecordId: plan.primaryId,
        secondaryIds: plan.order,
        survivorId: plan.primaryId,
        fieldChoices,
      })
      .returning();
    return merge!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'MERGE_IN_PROGRESS', MERGE_IN_PROGRESS);
    throw error;
  }
}

/** A merge the user asked for: stored, then queued. A merge whose worker died long ago is queued again instead. */
export async function startMerge(deps: CleanupDependencies & { queue: JobQueue }, userId: number, groupId: number, request: MergeRequest): Promise<number> {
  const stalled = await activeMerge(deps.db, userId, groupId);
  if (stalled && isStalled(stalled)) {
    deps.log.warn({ mergeId: stalled.id }, 'stalled merge queued again');
    await deps.queue.send(mergeJob, { mergeId: stalled.id });
    return stalled.id;
  }
  const merge = await createMerge(deps, userId, groupId, request, { performedBy: 'user' });
  await deps.queue.send(mergeJob, { mergeId: merge.id });
  return merge.id;
}

async function activeMerge(db: Db, userId: number, groupId: number): Promise<Merge | null> {
  const [merge] = await db
    .select()
    .from(merges)
    .where(and(eq(merges.userId, userId), eq(merges.groupId, groupId), inArray(merges.status, ['queued', 'running'])))
    .orderBy(desc(merges.id))
    .limit(1);
  return merge ?? null;
}

/** Running, and no step written for longer than any step takes: its worker is gone and its job's retries are spent. */
export function isStalled(merge: Pick<Merge, 'status' | 'heartbeatAt'>, now = Date.now()): boolean {
  return merge.status === 'running' && merge.heartbeatAt !== null && now - merge.heartbeatAt.getTime() > MERGE_STALE_MS;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}
