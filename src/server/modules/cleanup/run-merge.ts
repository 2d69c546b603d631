import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Performer, RecordActionStatus } from '../../../shared/contracts/cleanup';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { duplicateGroups, mergeBackups, merges, recordActions, type Merge, type RecordAction } from '../../db/schema';
import { bumpResultsVersion } from '../scans';
import { recordMergeEvent } from '../notifications';
import { HttpError } from '../../http/errors';
import { defineJob, type JobContext } from '../../jobs/define-job';
import { findConnection, hubspotApiFor, HubSpotError, HubSpotRefusal, UncertainOutcome, type HubSpotApi, MIRRORED_PROPERTIES, sleep, upsertMirrorRecords } from '../hubspot';
import { buildMergePlan, PlanInputError, recordLabel } from './merge-plan';
import { markMergedAway } from './merge-mirror';
import { mergedIdsOf, readLive } from './plan-group-merge';

/** A running merge that wrote no step for this long has lost its worker (a step takes seconds). */
export const MERGE_STALE_MS = 10 * 60_000;
/** Times an unconfirmed merge is checked and tried again before the job waits for pg-boss's retry. */
const UNCONFIRMED_TRIES = 3;

/** What a record action of a merge (or a restore) records beside SPEC's fields. */
export interface ActionDetails {
  mergeId?: number;
  groupId?: number | null;
  /** Who did it (the key the duplicates module's decisions use too). */
  by: Performer;
  /** A name to show for who did it, where it is not the account's user (the demo's team). */
  byName?: string;
  cleanupRunId?: number | null;
  /** Record id -> how a person knows the record. */
  labels?: Record<string, string>;
  /** update: the values written, and the primary's before. */
  writes?: Record<string, string | null>;
  previous?: Record<string, string | null>;
  /** merge: the record merged away, the primary's id before and the merged record's id after. */
  secondaryId?: string;
  primaryIdBefore?: string;
  primaryIdAfter?: string;
  /** restore: the merge action restored, and the id it was restored as. */
  restoredFromActionId?: number;
  originalId?: string;
  restoredId?: string;
  /** Properties HubSpot would not take back, with why. */
  leftOut?: { property: string; reason: string }[];
  /** dismiss: when the dismissal was undone from History. */
  undoneAt?: string;
}

/**
 * Carries out a stored merge. Each step is a record action whose state is written before and
 * after its HubSpot call, so a worker killed anywhere leaves a merge the retried job finishes:
 * a step found in progress is checked with HubSpot (does the merged-away id now resolve to a
 * record holding the primary?) before anything is sent again.
 */
export const mergeJob = defineJob({
  name: 'merge',
  payload: z.object({ mergeId: z.number().int().positive() }),
  retryLimit: 5,
  expireInSeconds: 3600,
  heartbeatSeconds: 10,
  // Someone pressed Merge and watches the steps.
  pollingIntervalSeconds: 0.5,
  handler: ({ mergeId }, context) => runMerge(context, mergeId),
});

/** A newer attempt of the same merge has taken over (this one stalled and was retried). */
class Superseded extends Error {}

export async function runMerge(context: Pick<JobContext, 'db' | 'config' | 'log'>, mergeId: number): Promise<void> {
  const [claimed] = await context.db
    .update(merges)
    .set({ attempt: sql`${merges.attempt} + 1`, status: 'running', startedAt: sql`coalesce(${merges.startedAt}, now())`, heartbeatAt: new Date() })
    .where(and(eq(merges.id, mergeId), inArray(merges.status, ['queued', 'running'])))
    .returning();
  if (!claimed) return;
  await new MergeRun(context, claimed).execute();
}

type Outcome = { kind: 'merged'; intoId: string } | { kind: 'not-merged' } | { kind: 'gone' } | { kind: 'elsewhere'; intoId: string };

class MergeRun {
  private api: HubSpotApi | null = null;
  private readonly objectType: ObjectType;

  constructor(
    private readonly context: Pick<JobContext, 'db' | 'config' | 'log'>,
    private merge: Merge,
  ) {
    this.objectType = merge.objectType as ObjectType;
  }

  async execute(): Promise<void> {
    const { db, log } = this.context;
    try {
      const connection = await findConnection(db, this.merge.userId);
      if (!connection || connection.id !== this.merge.connectionId || !connection.isConnected || !connection.accessToken) {
        return await this.finish('HubSpot is not connected any more. Connect HubSpot in Settings, then merge again.');
      }
      this.api = await hubspotApiFor(this.context, connection);
      if (!this.merge.resolved && !(await this.resolve())) return;
      let stop: string | null = null;
      for (const actionId of this.merge.actionIds) {
        const action = await this.action(actionId);
        if (stop) {
          if (action.status === 'pending') await this.settle(action, 'skipped', `Not done: ${stop}`);
        } else if (action.actionType === 'update') stop = await this.runUpdate(action);
        else await this.runMergeStep(action);
      }
      await this.finish(stop);
    } catch (error) {
      if (error instanceof Superseded) {
        log.info({ mergeId: this.merge.id }, 'merge taken over by a newer attempt');
        return;
      }
      // The portal refuses every request (connection, scopes, daily limit): nothing more can be done now.
      if (error instanceof HubSpotError && error.kind !== 'unavailable') return await this.finish(error.message, error.message);
      // An outage or a bug: pg-boss retries the job, which resumes from the stored steps.
      throw error;
    }
  }

  /** Reads the records, takes the backups and fixes the steps, all before the first write. */
  private async resolve(): Promise<boolean> {
    const api = this.api!;
    const ids = [this.merge.primaryRecordId, ...this.merge.secondaryIds];
    let live: Awaited<ReturnType<typeof readLive>>;
    try {
      live = await readLive(api, this.objectType, ids);
    } catch (error) {
      if (error instanceof HttpError) return (await this.finish(error.message), false);
      throw error;
    }
    const moved = live.alreadyMerged[0];
    if (moved) return (await this.finish(`Record ${moved.id} was merged into ${moved.mergedIntoId} in HubSpot after this merge was planned. Plan the merge again.`), false);
    let plan: ReturnType<typeof buildMergePlan>;
    try {
      plan = buildMergePlan({ objectType: this.objectType, records: live.records, properties: live.properties, primaryRule: 'most-complete', primaryId: this.merge.primaryRecordId, fieldChoices: this.merge.fieldChoices });
    } catch (error) {
      if (error instanceof PlanInputError) return (await this.finish(`The records changed in HubSpot since the merge was planned: ${error.message} Plan the merge again.`), false);
      throw error;
    }
    if (plan.blockers.length > 0) return (await this.finish(plan.blockers.join(' ')), false);

    const { id: mergeId, userId, groupId, cleanupRunId } = this.merge;
    const primaryId = this.merge.primaryRecordId;
    const base: ActionDetails = { mergeId, groupId, by: this.merge.performedBy as Performer, cleanupRunId, labels: Object.fromEntries(live.records.map((r) => [r.id, recordLabel(this.objectType, r)])) };
    this.merge = await this.write(async (tx) => {
      await tx.insert(mergeBackups).values(
        live.records.map((record) => ({
          mergeId,
          userId,
          objectType: this.objectType,
          hubspotId: record.id,
          properties: record.properties,
          hubspotCreatedAt: validDate(record.createdAt),
          hubspotUpdatedAt: validDate(record.updatedAt),
        })),
      );
      const steps = [
        ...(Object.keys(plan.writes).length > 0 ? [{ actionType: 'update', recordIds: [primaryId], details: { ...base, writes: plan.writes, previous: plan.previous } }] : []),
        ...this.merge.secondaryIds.map((secondaryId) => ({ actionType: 'merge', recordIds: [primaryId, secondaryId], details: { ...base, secondaryId } })),
      ];
      const actions = await tx
        .insert(recordActions)
        .values(steps.map((step) => ({ ...step, userId, objectType: this.objectType, primaryRecordId: primaryId, status: 'pending' })))
        .returning({ id: recordActions.id });
      const [updated] = await tx
        .update(merges)
        .set({ resolved: { writes: plan.writes, previous: plan.previous, consent: plan.consentValues }, actionIds: actions.map((a) => a.id) })
        .where(eq(merges.id, mergeId))
        .returning();
      return updated!;
    });
    return true;
  }

  /** Writes the chosen values to the primary. Without them the merge would not give what was planned, so a refusal stops it. */
  private async runUpdate(action: RecordAction): Promise<string | null> {
    if (action.status === 'failed' || action.status === 'skipped') return 'the chosen values could not be written to the primary, so nothing was merged.';
    if (action.status === 'completed') return null;
    if (action.status === 'pending') await this.settle(action, 'in_progress');
    try {
      await this.api!.update(this.objectType, this.merge.survivorId, this.merge.resolved!.writes);
    } catch (error) {
      if (!(error instanceof HubSpotRefusal)) throw error;
      await this.settle(action, 'failed', `HubSpot refused the chosen values: ${error.reason}`);
      return 'the chosen values could not be written to the primary, so nothing was merged.';
    }
    await this.settle(action, 'completed');
    return null;
  }

  private async runMergeStep(action: RecordAction): Promise<void> {
    if (action.status !== 'pending' && action.status !== 'in_progress') return;
    const details = action.details as unknown as ActionDetails;
    const secondary = details.secondaryId!;
    let before = details.primaryIdBefore;
    if (action.status === 'in_progress' && before) {
      // The last attempt may have merged it before it died: HubSpot's answer decides.
      if (await this.concluded(action, secondary, before)) return;
    } else {
      before = this.merge.survivorId;
      await this.settle(action, 'in_progress', null, { primaryIdBefore: before });
    }
    for (let tries = 1; ; tries++) {
      try {
        const merged = await this.api!.merge(this.objectType, before, secondary);
        return await this.succeed(action, before, merged.id);
      } catch (error) {
        if (error instanceof HubSpotRefusal) {
          const label = details.labels?.[secondary];
          return await this.settle(action, 'failed', `HubSpot refused to merge ${label ? `${label} (${secondary})` : secondary}: ${error.reason}`);
        }
        if (!(error instanceof UncertainOutcome)) throw error;
        if (await this.concluded(action, secondary, before)) return;
        if (tries >= UNCONFIRMED_TRIES) throw new HubSpotError('unavailable', 'HubSpot did not confirm the merge. It will be checked and tried again.');
        await sleep(500 * 2 ** tries);
      }
    }
  }

  /** Settles a step by what HubSpot says happened; false when the merge has not happened yet. */
  private async concluded(action: RecordAction, secondary: string, before: string): Promise<boolean> {
    const outcome = await this.outcome(secondary, before);
    if (outcome.kind === 'not-merged') return false;
    if (outcome.kind === 'merged') await this.succeed(action, before, outcome.intoId);
    else if (outcome.kind === 'gone') await this.settle(action, 'failed', `Record ${secondary} no longer exists in HubSpot.`);
    else await this.settle(action, 'failed', `Record ${secondary} was merged into ${outcome.intoId} outside this merge.`);
    return true;
  }

  /** Has `secondary` been merged into `before`? The merged-away id resolves to the record that holds it. */
  private async outcome(secondary: string, before: string): Promise<Outcome> {
    const record = await this.api!.get(this.objectType, secondary, ['hs_merged_object_ids']);
    if (!record) return { kind: 'gone' };
    if (record.id === secondary) return { kind: 'not-merged' };
    // Deals and tickets keep the primary's id; contacts and companies list it among the merged ids.
    if (record.id === before || mergedIdsOf(record).includes(before)) return { kind: 'merged', intoId: record.id };
    return { kind: 'elsewhere', intoId: record.id };
  }

  private async succeed(action: RecordAction, before: string, intoId: string): Promise<void> {
    const details = action.details as unknown as ActionDetails;
    const key = { connectionId: this.merge.connectionId, userId: this.merge.userId, objectType: this.objectType };
    await this.write(async (tx) => {
      await tx
        .update(recordActions)
        .set({ status: 'completed', errorMessage: null, timestamp: new Date(), details: { ...details, primaryIdBefore: before, primaryIdAfter: intoId } as Record<string, unknown> })
        .where(eq(recordActions.id, action.id));
      await tx.update(merges).set({ survivorId: intoId }).where(eq(merges.id, this.merge.id));
      // The next scan must not propose what is now one record.
      await markMergedAway(tx, key, [details.secondaryId!, before], intoId);
    });
    this.merge = { ...this.merge, survivorId: intoId };
  }

  private async settle(action: RecordAction, status: RecordActionStatus, errorMessage: string | null = null, extra: Partial<ActionDetails> = {}): Promise<void> {
    const details = { ...(action.details as unknown as ActionDetails), ...extra };
    await this.write((tx) =>
      tx
        .update(recordActions)
        .set({ status, errorMessage, timestamp: new Date(), details: details as unknown as Record<string, unknown> })
        .where(eq(recordActions.id, action.id)),
    );
    Object.assign(action, { status, errorMessage, details });
  }

  /**
   * Ends the merge: the merged record into the mirror, its opt-outs checked, the outcome on the
   * merge and its group. `unconfirmed` explains a step left in progress when HubSpot stopped answering.
   */
  private async finish(stop: string | null, unconfirmed?: string): Promise<void> {
    const actions = await Promise.all(this.merge.actionIds.map((id) => this.action(id)));
    for (const action of actions) {
      const secondary = (action.details as unknown as ActionDetails).secondaryId;
      if (action.status === 'in_progress') {
        await this.settle(action, 'failed', `HubSpot could not confirm this step (${unconfirmed ?? stop}). Open record ${secondary ?? action.primaryRecordId} in HubSpot to check it.`);
      } else if (action.status === 'pending') await this.settle(action, 'skipped', `Not done: ${stop}`);
    }
    const merged = actions.filter((a) => a.actionType === 'merge' && a.status === 'completed').length;
    const wrote = actions.some((a) => a.status === 'completed');
    const consentProblem = wrote ? await this.settleSurvivor() : null;
    const done = stop === null && consentProblem === null && actions.every((a) => a.status === 'completed');
    const status = done ? 'completed' : merged > 0 ? 'partial' : 'failed';
    const problems = [stop, consentProblem, ...actions.filter((a) => a.status === 'failed').map((a) => a.errorMessage)].filter((m): m is string => Boolean(m));
    const finishedAt = new Date();
    await this.write(async (tx) => {
      await tx
        .update(merges)
        .set({ status, finishedAt, errorMessage: done ? null : [...new Set(problems)].slice(0, 5).join(' ') || 'The merge did not finish.' })
        .where(eq(merges.id, this.merge.id));
      // A group is merged only when every step succeeded; after any change in HubSpot a failed one shows which records were.
      if (this.merge.groupId !== null && (done || wrote)) {
        await tx
          .update(duplicateGroups)
          .set({ status: done ? 'merged' : 'failed', primaryRecordId: this.merge.primaryRecordId, updatedAt: new Date() })
          .where(and(eq(duplicateGroups.id, this.merge.groupId), inArray(duplicateGroups.status, ['pending', 'failed'])));
        await bumpResultsVersion(tx, this.merge.userId);
      }
      // The webhooks' merge.completed, with the outcome it tells of (outbox, issue 18).
      const m = this.merge;
      await recordMergeEvent(tx, m.userId, { mergeId: m.id, groupId: m.groupId, objectType: this.objectType, status, performedBy: m.performedBy, primaryRecordId: m.primaryRecordId, survivorId: m.survivorId, mergedRecordIds: m.secondaryIds, mergedRecords: merged, finishedAt: finishedAt.toISOString() });
    });
    this.context.log.info({ mergeId: this.merge.id, status, merged }, 'merge finished');
  }

  /** Mirrors the merged record and checks it kept every opt-out; answers the problem when it did not. */
  private async settleSurvivor(): Promise<string | null> {
    if (!this.api) return null;
    const consent = this.merge.resolved?.consent ?? {};
    const names = [...MIRRORED_PROPERTIES[this.objectType], ...Object.keys(consent)];
    try {
      let survivor = await this.api.get(this.objectType, this.merge.survivorId, names);
      if (!survivor) return null;
      const missing = Object.keys(consent).filter((name) => survivor!.properties[name]?.toLowerCase() !== 'true');
      if (missing.length > 0) {
        const catalog = await this.api.properties(this.objectType);
        const writable = missing.filter((name) => catalog.find((p) => p.name === name)?.readOnly === false);
        if (writable.length > 0) survivor = await this.api.update(this.objectType, survivor.id, Object.fromEntries(writable.map((name) => [name, consent[name]!])));
        const still = missing.filter((name) => survivor!.properties[name]?.toLowerCase() !== 'true');
        if (still.length > 0) return `The merged record ${survivor.id} does not show the opt-out of ${still.join(', ')} that a merged record had. Set it in HubSpot now.`;
      }
      await upsertMirrorRecords(this.context.db, { connectionId: this.merge.connectionId, userId: this.merge.userId, objectType: this.objectType }, [survivor]);
      return null;
    } catch (error) {
      if (!(error instanceof HubSpotError)) throw error;
      return Object.keys(consent).length > 0 ? `Could not check that the merged record ${this.merge.survivorId} kept its opt-outs (${error.message}). Check it in HubSpot.` : null;
    }
  }

  private async action(id: number): Promise<RecordAction> {
    const [action] = await this.context.db.select().from(recordActions).where(eq(recordActions.id, id)).limit(1);
    return action!;
  }

  /** A transaction that first proves this attempt still owns the merge, and records that it is alive. */
  private async write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.context.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [held] = await tx
        .update(merges)
        .set({ heartbeatAt: new Date() })
        .where(and(eq(merges.id, this.merge.id), eq(merges.attempt, this.merge.attempt)))
        .returning({ id: merges.id });
      if (!held) throw new Superseded();
      return work(tx);
    });
  }
}

function validDate(date: Date): Date | null {
  return Number.isNaN(date.getTime()) ? null : date;
}
