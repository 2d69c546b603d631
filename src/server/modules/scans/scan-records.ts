import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { RecordColumns, type EngineRecord, type RecordList } from '../../../engine';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { crmRecords } from '../../db/schema';

export interface ScanSelection {
  /** An array, or for a large selection the mirror's columns page by page (loadScanColumns). */
  records: RecordList;
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

/**
 * A record's last modification in whole milliseconds, as a number: no Date made per row.
 * date_part's float is cheap where extract's numeric costs several times the scan; rounded,
 * it is exact to the millisecond.
 */
const VERSION = sql<number | null>`round(date_part('epoch', ${crmRecords.hubspotUpdatedAt}) * 1000)`;

/** A record as the engine reads it. */
const RECORD = { id: crmRecords.hubspotId, properties: crmRecords.properties, updatedAt: crmRecords.hubspotUpdatedAt };

/** Ids per SELECT ... WHERE id IN (...). */
const ID_BATCH = 5_000;
/** Rows per page of a selection read as columns. */
const COLUMN_PAGE = 10_000;

/**
 * The mirror's live records of one type, as the engine reads them. A sampling rate below
 * 100 keeps the same share of records at every scan (by a hash of the HubSpot id), so
 * scans stay comparable; the record limit keeps the most recently updated.
 */
export async function loadScanRecords(
  db: Db,
  connectionId: number,
  objectType: ObjectType,
  options: SelectionOptions,
  /**
   * `above`: past this many records (at most: before sampling), the selection is read as
   * columns, `pageSize` rows at a time (see loadScanColumns).
   */
  columns: { above: number; pageSize?: number } = { above: Number.POSITIVE_INFINITY },
): Promise<ScanSelection> {
  const selection = await selectionOf(db, connectionId, objectType, options);
  if (Math.min(selection.inMirror, selection.limit ?? Number.POSITIVE_INFINITY) > columns.above) return loadScanColumns(db, selection, columns.pageSize ?? COLUMN_PAGE);
  const query = db.select(RECORD).from(crmRecords).where(selection.where)
    .orderBy(...selection.order);
  const rows = selection.limit !== null ? await query.limit(selection.limit) : await query;
  return { records: rows.map((row) => ({ id: row.id, properties: row.properties, updatedAt: row.updatedAt })), inMirror: selection.inMirror, limitedBy: selection.limitedBy(rows.length) };
}

/**
 * A selection read a page at a time into columns (RecordColumns):
 * a portal of a million records is never held as a million objects of JSON at once. Pages
 * go by HubSpot id (the primary key's order, so each page is a range of it); a binding
 * record limit keeps the same most recently updated records as loadScanRecords, found by
 * the last one's place in that order. Records come in id order, not by last change.
 */
async function loadScanColumns(db: Db, selection: Awaited<ReturnType<typeof selectionOf>>, pageSize: number): Promise<ScanSelection> {
  let where = selection.where;
  if (selection.limit !== null && selection.limit < selection.inMirror) {
    if (selection.limit <= 0) return { records: new RecordColumns(), inMirror: selection.inMirror, limitedBy: selection.limitedBy(0) };
    // The last record the limit keeps, its time as text: a Date would lose the microseconds.
    const [last] = await db
      .select({ updated: sql<string | null>`${crmRecords.hubspotUpdatedAt}::text`, id: crmRecords.hubspotId })
      .from(crmRecords)
      .where(selection.where)
      .orderBy(...selection.order)
      .limit(1)
      .offset(selection.limit - 1);
    if (last) where = and(where, keptByLimit(last))!;
  }
  const records = new RecordColumns();
  for (let after: string | null = null; ; ) {
    const rows: { id: string; properties: Record<string, string | null>; updatedAt: number | null }[] = await db
      .select({ id: crmRecords.hubspotId, properties: crmRecords.properties, updatedAt: VERSION })
      .from(crmRecords)
      .where(after === null ? where : and(where, gt(crmRecords.hubspotId, after)))
      .orderBy(asc(crmRecords.hubspotId))
      .limit(pageSize);
    // The time as epoch milliseconds: a Date per record would ride in the columns as an object.
    records.add(rows.map((row) => ({ id: row.id, properties: row.properties, updatedAt: row.updatedAt === null ? null : Number(row.updatedAt) })));
    if (rows.length < pageSize) break;
    after = rows.at(-1)!.id;
  }
  return { records, inMirror: selection.inMirror, limitedBy: selection.limitedBy(records.length) };
}

/**
 * Rows at or before `last` in the selection's order (last change first, nulls first as
 * PostgreSQL sorts them descending, then by id).
 */
function keptByLimit(last: { updated: string | null; id: string }): SQL {
  const updated = crmRecords.hubspotUpdatedAt;
  if (last.updated === null) return sql`(${updated} is null and ${crmRecords.hubspotId} <= ${last.id})`;
  const at = sql`${last.updated}::timestamptz`;
  return sql`(${updated} is null or ${updated} > ${at} or (${updated} = ${at} and ${crmRecords.hubspotId} <= ${last.id}))`;
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
    .select({ id: crmRecords.hubspotId, version: VERSION })
    .from(crmRecords)
    .where(selection.where)
    .orderBy(...selection.order);
  const rows = selection.limit !== null ? await query.limit(selection.limit) : await query;
  const versions = new Map(rows.map((row) => [row.id, row.version === null ? Number.NaN : Number(row.version)]));
  return { versions, inMirror: selection.inMirror, limitedBy: selection.limitedBy(rows.length) };
}

/**
 * The selection's versions, given a kept scan's: when the records last modified after the
 * newest kept version are the only change (the rows at or before it count and sum to what
 * the kept ones do without those), only they are read; otherwise (records gone, a record
 * limit) the whole list is. Unchanged, this is one aggregate query instead of a row per record.
 */
export async function loadSelectionVersionsSince(
  db: Db,
  connectionId: number,
  objectType: ObjectType,
  options: SelectionOptions,
  kept: ReadonlyMap<string, number>,
): Promise<Awaited<ReturnType<typeof loadSelectionVersions>>> {
  let newest = Number.MIN_SAFE_INTEGER;
  for (const version of kept.values()) if (version > newest) newest = version;
  const { live, sampled, rate } = filtersOf(connectionId, objectType, options);
  const inSample = sampled ?? sql`true`;
  const older = sql`${inSample} and ${VERSION} <= ${newest}`;
  // One pass over the type's rows: the live count, the older rows' count and sum, the newer rows.
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      olderCount: sql<number>`(count(*) filter (where ${older}))::int`,
      olderSum: sql<string>`coalesce(sum(${VERSION}::int8) filter (where ${older}), 0)::text`,
      newer: sql<[string, number | null][]>`coalesce(json_agg(json_build_array(${crmRecords.hubspotId}, ${VERSION})) filter (where ${inSample} and (${crmRecords.hubspotUpdatedAt} is null or ${VERSION} > ${newest})), '[]'::json)`,
    })
    .from(crmRecords)
    .where(live);
  const total = Number(row?.total ?? 0);
  // A binding record limit keeps the most recently updated N, who shift as records change: only the whole list tells which are in.
  if (options.recordLimit !== null && total > options.recordLimit) return loadSelectionVersions(db, connectionId, objectType, options);
  const newer = row?.newer ?? [];
  const changed = new Set(newer.map(([id]) => id));
  let count = 0;
  let sum = 0n;
  for (const [id, version] of kept) {
    if (changed.has(id)) continue;
    count++;
    if (!Number.isNaN(version)) sum += BigInt(version);
  }
  if (count !== Number(row?.olderCount) || sum !== BigInt(row?.olderSum ?? '0')) return loadSelectionVersions(db, connectionId, objectType, options);
  const versions = new Map(kept);
  for (const [id, version] of newer) versions.set(id, version === null ? Number.NaN : Number(version));
  return { versions, inMirror: total, limitedBy: rate < 100 ? 'sampling' : null };
}

/**
 * How many records the selection holds, how many of them were modified after `since`
 * (epoch ms; null: none counted) and how many of those were created after it, and the newest
 * modification among them, in one aggregate. A binding record limit keeps the most recently
 * modified, so those newer are in it.
 */
export async function selectionSince(
  db: Db,
  connectionId: number,
  objectType: ObjectType,
  options: SelectionOptions,
  since: number | null,
): Promise<{ count: number; newer: number; created: number; newestVersion: number | null }> {
  const { live, sampled } = filtersOf(connectionId, objectType, options);
  const inSample = sampled ?? sql`true`;
  const [row] = await db
    .select({
      count: sql<number>`(count(*) filter (where ${inSample}))::int`,
      newer: since === null ? sql<number>`0` : sql<number>`(count(*) filter (where ${inSample} and ${VERSION} > ${since}))::int`,
      created: since === null ? sql<number>`0` : sql<number>`(count(*) filter (where ${inSample} and ${VERSION} > ${since} and ${crmRecords.hubspotCreatedAt} > to_timestamp(${since}::float8 / 1000)))::int`,
      newest: sql<string | null>`(max(${VERSION}) filter (where ${inSample}))::text`,
    })
    .from(crmRecords)
    .where(live);
  const count = Math.min(Number(row?.count ?? 0), options.recordLimit ?? Number.POSITIVE_INFINITY);
  const newer = Math.min(Number(row?.newer ?? 0), count);
  return { count, newer, created: Math.min(Number(row?.created ?? 0), newer), newestVersion: row?.newest == null ? null : Number(row.newest) };
}

/** Live records of one type by id, as loadScanRecords reads them. */
export async function loadRecordsById(db: Db, connectionId: number, objectType: ObjectType, ids: readonly string[]): Promise<EngineRecord[]> {
  const { live } = filtersOf(connectionId, objectType, { samplingRate: 100, recordLimit: null });
  const records: EngineRecord[] = [];
  for (let from = 0; from < ids.length; from += ID_BATCH) {
    records.push(...(await db.select(RECORD).from(crmRecords).where(and(live, inArray(crmRecords.hubspotId, ids.slice(from, from + ID_BATCH))))));
  }
  return records;
}

/** The type's live rows, and the sampling rate's share of them (none at 100). */
function filtersOf(connectionId: number, objectType: ObjectType, options: SelectionOptions) {
  const live = and(eq(crmRecords.connectionId, connectionId), eq(crmRecords.objectType, objectType), eq(crmRecords.archived, false));
  const rate = Math.min(100, Math.max(1, Math.round(options.samplingRate)));
  return { live, rate, sampled: rate < 100 ? sql`abs(hashtext(${crmRecords.hubspotId})) % 100 < ${rate}` : undefined };
}

/** Which rows a selection reads, how many live ones the mirror holds, and why fewer were read. */
async function selectionOf(db: Db, connectionId: number, objectType: ObjectType, options: SelectionOptions) {
  const { live, rate, sampled } = filtersOf(connectionId, objectType, options);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(crmRecords).where(live);
  const where = sampled ? and(live, sampled) : live;
  const limitedBy = (read: number): ScanSelection['limitedBy'] => {
    const capped = options.recordLimit !== null && read === options.recordLimit && read < total;
    return capped ? (options.limitFromPlan ? 'plan-limit' : 'record-limit') : rate < 100 ? 'sampling' : null;
  };
  // The most recently updated first: the record limit keeps those.
  const order = [desc(crmRecords.hubspotUpdatedAt), crmRecords.hubspotId];
  return { where, order, inMirror: Number(total), limitedBy, limit: options.recordLimit };
}
