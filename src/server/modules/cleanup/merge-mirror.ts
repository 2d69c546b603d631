import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { crmRecords } from '../../db/schema';
import type { MirrorKey } from '../hubspot';

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
