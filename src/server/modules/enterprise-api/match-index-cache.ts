import { and, eq } from 'drizzle-orm';
import { buildMatchIndex, ModelFieldsError, settingsKeyOf, type MatchIndex } from '../../../engine';
import { SETTINGS_DEFAULTS } from '../../../shared/defaults';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { crmRecords, userSettings, type User } from '../../db/schema';
import { findConnection } from '../hubspot';
import { engineSettingsOf, findStoredModel, matchModelOf } from '../scans';

/** Most indexed records held across all portals: an index costs roughly 1 KB a record. */
const MAX_INDEXED_RECORDS = 600_000;

interface Entry {
  version: number;
  index: Promise<MatchIndex>;
  size: number;
}

/**
 * Warm match indexes per user and object type, least recently used first out. An index is
 * valid for one results version: a scan saving results (after syncing the mirror) bumps it,
 * so the next call rebuilds from the fresh mirror. Concurrent first calls share one build.
 */
export class MatchIndexCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly maxRecords = MAX_INDEXED_RECORDS,
  ) {}

  async indexFor(user: User, objectType: ObjectType): Promise<MatchIndex> {
    const key = `${user.id}:${objectType}`;
    const hit = this.entries.get(key);
    if (hit && hit.version === user.resultsVersion) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.index;
    }
    const entry: Entry = { version: user.resultsVersion, index: this.build(user.id, objectType), size: 0 };
    this.entries.delete(key);
    this.entries.set(key, entry);
    try {
      const index = await entry.index;
      entry.size = index.size;
      this.evict();
      return index;
    } catch (error) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    }
  }

  /** Forgets a user's indexes (the mirror changed outside a scan). */
  invalidate(userId: number): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${userId}:`)) this.entries.delete(key);
  }

  private async build(userId: number, objectType: ObjectType): Promise<MatchIndex> {
    const connection = await findConnection(this.db, userId);
    const [stored] = await this.db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
    const settings = engineSettingsOf({ ...SETTINGS_DEFAULTS, ...stored });
    const rows = connection
      ? await this.db
          .select({ id: crmRecords.hubspotId, properties: crmRecords.properties, updatedAt: crmRecords.hubspotUpdatedAt })
          .from(crmRecords)
          .where(and(eq(crmRecords.connectionId, connection.id), eq(crmRecords.objectType, objectType), eq(crmRecords.archived, false)))
      : [];
    // The model the portal's last scan scored with (stored with its results), as long as the settings are the same.
    const storedModel = connection ? await findStoredModel(this.db, connection, objectType) : null;
    if (storedModel && storedModel.settingsKey === settingsKeyOf({ settings })) {
      try {
        return buildMatchIndex(rows, objectType, settings, matchModelOf(storedModel.parameters));
      } catch (error) {
        // A field filled since that scan has no parameters in it: trained below, as with none stored.
        if (!(error instanceof ModelFieldsError)) throw error;
      }
    }
    // Trained here on the mirror with the scan's settings and seed: the model a scan of these records trains.
    return buildMatchIndex(rows, objectType, settings);
  }

  private evict(): void {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.size;
    for (const [key, entry] of this.entries) {
      if (total <= this.maxRecords || this.entries.size <= 1) break;
      total -= entry.size;
      this.entries.delete(key);
    }
  }
}
