import { eq, and, sql } from 'drizzle-orm';
import { retrainReason, type DuplicateDetectionResult, type FindDuplicatesOptions, type KeptModel, type MatchModel, type ModelBookkeeping, type ModelCarriedOver } from '../../../engine';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { trainedModels, type StoredModelParameters, type TrainedModelRow } from '../../db/schema';

/** What a scan leaves of its model beside the model itself: stored with its results. */
export interface ModelToStore extends ModelBookkeeping {
  /** The scan's records, and the newest last modification among them (epoch ms). */
  records: number;
  newestVersion: number | null;
}

/** The portal behind a connection, as a stored model names it. */
export interface PortalOf {
  id: number;
  hubId: string | null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function parametersOf(model: DuplicateDetectionResult['model']): StoredModelParameters {
  return {
    fields: model.fields.map((field) => field.field),
    lambda: model.lambda,
    lambdaCandidates: model.lambdaCandidates,
    iterations: model.iterations,
    converged: model.converged,
    m: model.fields.map((field) => field.levels.map((level) => level.m)),
    u: model.fields.map((field) => field.levels.map((level) => level.u)),
  };
}

export function keptModelOf(parameters: StoredModelParameters): KeptModel {
  const { fields, lambda, lambdaCandidates, m, u, iterations, converged } = parameters;
  return { fields, trained: { lambda, lambdaCandidates, m, u, iterations, converged } };
}

export function matchModelOf(parameters: StoredModelParameters): MatchModel {
  return { lambda: parameters.lambda, fields: parameters.fields.map((field, i) => ({ field, levels: parameters.m[i]!.map((m, l) => ({ m, u: parameters.u[i]![l]! })) })) };
}

export async function findStoredModel(db: Db, portal: PortalOf, objectType: ObjectType): Promise<TrainedModelRow | null> {
  const [row] = await db.select().from(trainedModels).where(and(eq(trainedModels.connectionId, portal.id), eq(trainedModels.objectType, objectType))).limit(1);
  // A connection since moved to another portal: that portal's records taught it nothing.
  return row && row.hubId === portal.hubId ? row : null;
}

/**
 * A stored model carried into a full scan of a selection while it stands. The records
 * changed since it was stored are counted from the mirror: those modified after the newest
 * it saw (`newer`), and the difference between its record count and the records there now
 * that are not new (`created` after it): records gone, or records that joined the selection
 * without changing (a higher sampling rate or record limit). Without a newest modification
 * to count from, every record counts as changed. The rules a kept scan's model follows
 * decide (retrainReason). `{ reason }`: it must be trained again.
 */
export function carriedFromStore(row: TrainedModelRow, since: { count: number; newer: number; created: number }, options: FindDuplicatesOptions): { carried: ModelCarriedOver } | { reason: string } {
  const changed = row.newestVersion === null ? since.count : row.changedSinceTraining + since.newer + Math.abs(row.records - (since.count - since.created));
  const reason = retrainReason(row, changed, since.count, options);
  if (reason) return { reason };
  return { carried: { model: keptModelOf(row.parameters), changedSinceTraining: changed, labelsAtTraining: row.labelsAtTraining } };
}

/**
 * Stores the model a scan scored with, in the transaction that saves its results. Its
 * training time moves only when the parameters did (a model carried over keeps its own).
 */
export async function storeModel(tx: Tx, portal: PortalOf, objectType: ObjectType, model: DuplicateDetectionResult['model'], kept: ModelToStore): Promise<void> {
  const row = {
    connectionId: portal.id,
    objectType,
    hubId: portal.hubId,
    settingsKey: kept.settingsKey,
    parameters: parametersOf(model),
    labelsAtTraining: kept.labelsAtTraining,
    changedSinceTraining: kept.changedSinceTraining,
    records: kept.records,
    newestVersion: kept.newestVersion,
    storedAt: new Date(),
  };
  await tx
    .insert(trainedModels)
    .values(row)
    .onConflictDoUpdate({
      target: [trainedModels.connectionId, trainedModels.objectType],
      set: {
        ...row,
        trainedAt: sql`case when ${trainedModels.parameters} = excluded.parameters then ${trainedModels.trainedAt} else now() end`,
      },
    });
}
