import { and, desc, eq, sql } from 'drizzle-orm';
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

/**
 * The mirror's live records of one type, as the engine reads them. A sampling rate below
 * 100 keeps the same share of records at every scan (by a hash of the HubSpot id), so
 * scans stay comparable; the record limit keeps the most recently updated.
 */
export async function loadScanRecords(
  db: Db,
  connectionId: number,
  objectType: ObjectType,
  /** `limitFromPlan`: the limit is the plan's, not the lower cap of Settings (an upgrade would scan more). */
  options: { samplingRate: number; recordLimit: number | null; limitFromPlan?: boolean },
): Promise<ScanSelection> {
  const live = and(eq(crmRecords.connectionId, connectionId), eq(crmRecords.objectType, objectType), eq(crmRecords.archived, false));
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(crmRecords).where(live);
  const rate = Math.min(100, Math.max(1, Math.round(options.samplingRate)));
  const sampled = rate < 100 ? and(live, sql`abs(hashtext(${crmRecords.hubspotId})) % 100 < ${rate}`) : live;
  const query = db
    .select({ id: crmRecords.hubspotId, properties: crmRecords.properties, updatedAt: crmRecords.hubspotUpdatedAt })
    .from(crmRecords)
    .where(sampled)
    .orderBy(desc(crmRecords.hubspotUpdatedAt), crmRecords.hubspotId);
  const rows = options.recordLimit !== null ? await query.limit(options.recordLimit) : await query;
  const capped = options.recordLimit !== null && rows.length === options.recordLimit && rows.length < total;
  const limitedBy = capped ? (options.limitFromPlan ? 'plan-limit' : 'record-limit') : rate < 100 ? 'sampling' : null;
  return {
    records: rows.map((row) => ({ id: row.id, properties: row.properties, updatedAt: row.updatedAt })),
    inMirror: Number(total),
    limitedBy,
  };
}
