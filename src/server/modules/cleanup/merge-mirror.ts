import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { crmRecords } from '../../db/schema';
import { type HubSpotRecord, MIRRORED_PROPERTIES } from '../hubspot';

interface MirrorKey {
  connectionId: number;
  userId: number;
  objectType: ObjectType;
}

/**
 * Records a merge swallowed leave the scans: archived, pointing at the record they live on in.
 * Records that pointed at one of them follow, so every merged id names the survivor.
 */
export async function markMergedAway(db: Db, key: MirrorKey, ids: readonly string[], intoId: string): Promise<void> {
  const gone = ids.filter((id) => id !== intoId);
  if (gone.length === 0) return;
  const ofType = and(eq(crmRecords.connectionId, key.connectionId), eq(crmRecords.objectType, key.objectType));
  await db.update(crmRecords).set({ archived: true, mergedIntoId: intoId, syncedAt: new Date() }).where(and(ofType, inArray(crmRecords.hubspotId, gone)));
  await db.update(crmRecords).set({ mergedIntoId: intoId }).where(and(ofType, inArray(crmRecords.mergedIntoId, gone)));
}

/** Writes a record as HubSpot has it now into the mirror, as a sync would. */
export async function upsertMirrorRecord(db: Db, key: MirrorKey, record: HubSpotRecord): Promise<void> {
  const properties = Object.fromEntries(MIRRORED_PROPERTIES[key.objectType].filter((name) => name in record.properties).map((name) => [name, record.properties[name] ?? null]));
  const now = new Date();
  await db
    .insert(crmRecords)
    .values({
      connectionId: key.connectionId,
      userId: key.userId,
      objectType: key.objectType,
      hubspotId: record.id,
      properties,
      hubspotCreatedAt: record.createdAt,
      hubspotUpdatedAt: record.updatedAt,
      archived: false,
      mergedIntoId: null,
      syncedAt: now,
    })
    .onConflictDoUpdate({
      target: [crmRecords.connectionId, crmRecords.objectType, crmRecords.hubspotId],
      set: { properties: sql`excluded.properties`, hubspotCreatedAt: sql`excluded.hubspot_created_at`, hubspotUpdatedAt: sql`excluded.hubspot_updated_at`, archived: false, mergedIntoId: null, syncedAt: now },
    });
}
