import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { EngineRecord } from '../../../engine';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { crmRecords } from '../../db/schema';

export interface ScanSelection {
  records: EngineRecord[];
  /** Live (not archived) records of the type in the mirror. */
  inMirror: number;
  /** Why fewer records were scanned than the mirror holds, if they were. */
  limitedBy: 'sampling' | 'record-limit' | 'plan-limit' | null;
}

/** `limitFromPlan`: the limit is the plan's, not the lower cap of Settings (an upgrade would scan more). */
export interface SelectionOptions {
  samplingRate: number;
  recordLimit: number | null;
  limitFromPlan?: boolean;
}

/** Ids per SELECT ... WHERE id IN (...). */
const ID_BATCH = 5_000;

/**
 * The mirror's live records of one type, as the engine reads them. A sampling rate below
 * 100 keeps the same share of records at every scan (by a hash of the HubSpot id), so
 * scans stay comparable; the record limit keeps the most recently updated.
 */
export async function loadScanRecords(db: Db, connectionId: number, objectType: ObjectType, options: SelectionOptions): Promise<ScanSelection> {
  const selection = await selectionOf(db, connectionId, objectType, options);
  const query = db
    .select({ id: crmRecords.hubspotId, properties: crmRecords.properties, updatedAt: crmRecords.hubspotUpdatedAt })
    .from(crmRecords)
    .where(selection.where)
    .orderBy(...selection.order);
  const rows = selection.limit !== null ? await query.limit(selection.limit) : await query;
  return { records: rows.map((row) => ({ id: row.id, properties: row.properties, updatedAt: row.updatedAt })), inMirror: selection.inMirror, limitedBy: selection.limitedBy(rows.length) };
}

/**
 * The same selection as loadScanRecords, as each record's id and last modification only: a
 * rescan compares them with its kept scan's and reads in full only the records that changed.
 */
export async function loadSelectionVersions(
  db: Db,
  connectionId: number,
  objectType: ObjectType,
  options: SelectionOptions,
): Promise<{ versions: Map<string, number>; inMirror: number; limitedBy: ScanSelection['limitedBy'] }> {
  const selection = await selectionOf(db, connectionId, objectType, options);
  const query = db
    // Milliseconds as a number: no Date made per row.
    .select({ id: crmRecords.hubspotId, version: sql<number | null>`(extract(epoch from ${crmRecords.hubspotUpdatedAt}) * 1000)::float8` })
    .from(crmRecords)
    .where(selection.where)
    .orderBy(...selection.order);
  const rows = selection.limit !== null ? await query.limit(selection.limit) : await query;
  const versions = new Map(rows.map((row) => [row.id, row.version === null ? Number.NaN : Number(row.version)]));
  return { versions, inMirror: selection.inMirror, limitedBy: selection.limitedBy(rows.length) };
}

/** Live records of one type by id, as loadScanRecords reads them. */
export async function loadRecordsById(db: Db, connectionId: number, objectType: ObjectType, ids: readonly string[]): Promise<EngineRecord[]> {
  const records: EngineRecord[] = [];
  for (let from = 0; from < ids.length; from += ID_BATCH) {
    const rows = await db
      .select({ id: crmRecords.hubspotId, properties: crmRecords.properties, updatedAt: crmRecords.hubspotUpdatedAt })
      .from(crmRecords)
      .where(and(eq(crmRecords.connectionId, connectionId), eq(crmRecords.objectType, objectType), eq(crmRecords.archived, false), inArray(crmRecords.hubspotId, ids.slice(from, from + ID_BATCH))));
    for (const row of rows) records.push({ id: row.id, properties: row.properties, updatedAt: row.updatedAt });
  }
  return records;
}

/** Which rows a selection reads, how many live ones the mirror holds, and why fewer were read. */
async function selectionOf(db: Db, connectionId: number, objectType: ObjectType, options: SelectionOptions) {
  const live = and(eq(crmRecords.connectionId, connectionId), eq(crmRecords.objectType, objectType), eq(crmRecords.archived, false));
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(crmRecords).where(live);
  const rate = Math.min(100, Math.max(1, Math.round(options.samplingRate)));
  const where = rate < 100 ? and(live, sql`abs(hashtext(${crmRecords.hubspotId})) % 100 < ${rate}`) : live;
  const limitedBy = (read: number): ScanSelection['limitedBy'] => {
    const capped = options.recordLimit !== null && read === options.recordLimit && read < total;
    return capped ? (options.limitFromPlan ? 'plan-limit' : 'record-limit') : rate < 100 ? 'sampling' : null;
  };
  // The most recently updated first: the record limit keeps those.
  const order = [desc(crmRecords.hubspotUpdatedAt), crmRecords.hubspotId];
  return { where, order, inMirror: Number(total), limitedBy, limit: options.recordLimit };
}
