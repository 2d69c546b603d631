import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MergePlan, PrimaryRule } from '../../../shared/contracts/cleanup';
import type { ObjectType } from '../../../shared/object-types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { crmRecords, duplicateGroups, type CrmConnection, type DuplicateGroup } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { findConnection, hubspotApiFor, valueLabelsOf, HubSpotError, HubSpotRefusal, type HubSpotApi, type HubSpotRecord, type PropertyInfo } from '../hubspot';
import { buildMergePlan, PlanInputError, type BuiltPlan } from './merge-plan';

export interface CleanupDependencies {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

/** Group statuses a merge may start from: a failed merge may be tried again (it picks up what is left). */
export const MERGEABLE_STATUSES = ['pending', 'failed'];

export interface GroupMergePlan {
  group: DuplicateGroup;
  connection: CrmConnection;
  api: HubSpotApi;
  plan: MergePlan & BuiltPlan;
  /** The group's records as HubSpot has them now, each once. */
  records: HubSpotRecord[];
}

export async function findGroup(db: Db, userId: number, groupId: number): Promise<DuplicateGroup> {
  const [group] = await db
    .select()
    .from(duplicateGroups)
    .where(and(eq(duplicateGroups.id, groupId), eq(duplicateGroups.userId, userId)))
    .limit(1);
  if (!group) throw new HttpError(404, 'NOT_FOUND', 'No such duplicate group.');
  return group;
}

export function groupRecordIds(group: Pick<DuplicateGroup, 'records'>): string[] {
  return [...new Set(group.records.map((record) => String((record as { id: unknown }).id)))];
}

/**
 * The merge of a group as it would run now: its records read live from HubSpot (the scan may be
 * days old), planned with the rule, the hand-picked primary and the field choices given.
 * Refuses (409) a group that is decided, whose records the mirror does not know, or that HubSpot
 * no longer has as two or more records.
 */
export async function planGroupMerge(
  deps: CleanupDependencies,
  userId: number,
  groupId: number,
  request: { primaryRule: PrimaryRule; primaryId?: string | undefined; fieldChoices?: Record<string, string> },
): Promise<GroupMergePlan> {
  const { db } = deps;
  const group = await findGroup(db, userId, groupId);
  if (!MERGEABLE_STATUSES.includes(group.status)) {
    throw new HttpError(409, 'GROUP_NOT_PENDING', group.status === 'merged' ? 'This group has already been merged.' : `This group is ${group.status}; only pending groups can be merged.`);
  }
  const connection = await findConnection(db, userId);
  if (!connection?.isConnected || !connection.accessToken) throw new HttpError(409, 'HUBSPOT_NOT_CONNECTED', 'Connect HubSpot in Settings before merging.');
  const objectType = group.objectType as ObjectType;
  const ids = groupRecordIds(group);
  const mirrored = await db
    .select({ id: crmRecords.hubspotId })
    .from(crmRecords)
    .where(and(eq(crmRecords.connectionId, connection.id), eq(crmRecords.objectType, objectType), inArray(crmRecords.hubspotId, ids)));
  const known = new Set(mirrored.map((row) => row.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new HttpError(409, 'RECORDS_NOT_IN_MIRROR', `Record${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} of this group ${unknown.length > 1 ? 'are' : 'is'} not in DataCleaner's copy of your HubSpot data (was another portal connected since the scan?). Run a new scan.`);
  }

  const api = await hubspotApiFor(deps, connection);
  const { properties, records, alreadyMerged } = await withHubSpot(() => readLive(api, objectType, ids));
  if (records.length < 2) {
    throw new HttpError(409, 'NOTHING_TO_MERGE', `HubSpot already has these records as one record (${records[0]?.id ?? 'none'}). Run a new scan to refresh the duplicates.`);
  }
  try {
    const labels = await valueLabelsOf(db, connection.id, objectType);
    const built = buildMergePlan({ objectType, records, properties, primaryRule: request.primaryRule, primaryId: request.primaryId, fieldChoices: request.fieldChoices ?? {}, labels });
    return { group, connection, api, records, plan: { ...built, groupId: group.id, objectType, alreadyMerged } };
  } catch (error) {
    if (error instanceof PlanInputError) throw new HttpError(400, 'INVALID_MERGE_CHOICE', error.message);
    throw error;
  }
}

/**
 * The records behind these ids as HubSpot has them now. An id merged into another record since
 * the scan is reported in `alreadyMerged` and counts as that record; an id HubSpot has no record
 * for is refused, since a merge must not skip a record silently.
 */
export async function readLive(api: HubSpotApi, objectType: ObjectType, ids: readonly string[]): Promise<{ properties: PropertyInfo[]; records: HubSpotRecord[]; alreadyMerged: { id: string; mergedIntoId: string }[] }> {
  const properties = await api.properties(objectType);
  const names = [...new Set([...properties.map((p) => p.name), 'hs_merged_object_ids'])];
  const { records, missing } = await api.read(objectType, ids, names);
  const byId = new Map(records.map((record) => [record.id, record]));
  const alreadyMerged: { id: string; mergedIntoId: string }[] = [];
  const gone = [...missing];
  for (const id of ids) {
    if (byId.has(id) || gone.includes(id)) continue;
    const into = records.find((record) => mergedIdsOf(record).includes(id));
    if (into) alreadyMerged.push({ id, mergedIntoId: into.id });
    else gone.push(id);
  }
  if (gone.length > 0) {
    throw new HttpError(409, 'RECORDS_GONE', `Record${gone.length > 1 ? 's' : ''} ${gone.join(', ')} no longer exist${gone.length > 1 ? '' : 's'} in HubSpot. Run a new scan to refresh this group.`);
  }
  return { properties, records, alreadyMerged };
}

export function mergedIdsOf(record: HubSpotRecord): string[] {
  return (record.properties.hs_merged_object_ids ?? '').split(';').filter((id) => id !== '' && id !== record.id);
}

/** HubSpot's failures as answers: refusals and a lost connection are the caller's to fix, an outage is ours to report. */
export async function withHubSpot<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HubSpotRefusal) throw new HttpError(409, 'HUBSPOT_REFUSED', `HubSpot refused: ${error.reason}`);
    if (error instanceof HubSpotError) {
      if (error.kind === 'auth') throw new HttpError(409, 'HUBSPOT_NOT_CONNECTED', error.message);
      if (error.kind === 'scopes') throw new HttpError(409, 'HUBSPOT_MISSING_SCOPES', error.message);
      if (error.kind === 'daily-limit') throw new HttpError(429, 'HUBSPOT_DAILY_LIMIT', error.message);
      throw new HttpError(502, 'HUBSPOT_UNAVAILABLE', error.message);
    }
    throw error;
  }
}
