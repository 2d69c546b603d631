import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { crmRecords } from '../../db/schema';
import type { HubSpotRecord } from './hubspot-api';
import { MIRRORED_PROPERTIES } from './hubspot-properties';

export interface MirrorKey {
  connectionId: number;
  userId: number;
  objectType: ObjectType;
}

/**
 * Writes records as HubSpot has them now into the mirror: syncs with a page, merges and
 * restores with the records they changed. Only the mirrored properties are kept (a merge reads
 * more), and records a merge swallowed are archived and point at the survivor.
 */
export async function upsertMirrorRecords(db: Db, key: MirrorKey, records: readonly HubSpotRecord[]): Promise<void> {
  if (records.length === 0) return;
  const kept = new Set<string>([...MIRRORED_PROPERTIES[key.objectType], 'hs_object_id']);
  const now = new Date();
  await db
    .insert(crmRecords)
    .values(
      records.map((record) => ({
        connectionId: key.connectionId,
        userId: key.userId,
        objectType: key.objectType,
        hubspotId: record.id,
        properties: Object.fromEntries(Object.entries(record.properties).filter(([name]) => kept.has(name))),
        hubspotCreatedAt: record.createdAt,
        hubspotUpdatedAt: record.updatedAt,
        archived: false,
        mergedIntoId: null,
        syncedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [crmRecords.connectionId, crmRecords.objectType, crmRecords.hubspotId],
      set: {
        properties: sql`excluded.properties`,
        hubspotCreatedAt: sql`excluded.hubspot_created_at`,
        hubspotUpdatedAt: sql`excluded.hubspot_updated_at`,
        archived: false,
        mergedIntoId: null,
        syncedAt: now,
      },
    });
  for (const record of records) {
    const merged = (record.properties.hs_merged_object_ids ?? '').split(';').filter((id) => id !== '' && id !== record.id);
    if (merged.length === 0) continue;
    await db
      .update(crmRecords)
      .set({ archived: true, mergedIntoId: record.id, syncedAt: now })
      .where(and(eq(crmRecords.connectionId, key.connectionId), eq(crmRecords.objectType, key.objectType), inArray(crmRecords.hubspotId, merged)));
  }
}
