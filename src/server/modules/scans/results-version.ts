/**
 * Cached reads of scan results. The dashboard and duplicates screens ask for the same few
 * answers over and over while they only change when a scan is saved or a group decided or
 * merged. Every such write bumps users.results_version in its own transaction; the session
 * lookup reads the user row anyway, so a cached answer is checked against the version for
 * free, and a write in any process (a worker saving a scan) is seen at the next request.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** Call in the transaction that changes a user's scan results or duplicate groups. */
export async function bumpResultsVersion(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ resultsVersion: sql`${users.resultsVersion} + 1` }).where(eq(users.id, userId));
}

/** Answers per (user, read, query), each valid for one results version; the oldest go first past the cap. */
export class ResultsCache {
  private readonly entries = new Map<string, { version: number; value: unknown }>();

  constructor(private readonly maxEntries = 2_000) {}

  async read<T>(key: string, version: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.value as T;
    const value = await load();
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
