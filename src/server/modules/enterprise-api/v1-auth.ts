import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, type User, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { apiKeyHash } from './api-keys';

export interface ApiCaller {
  user: User;
  keyId: number;
}

/** lastUsedAt is written at most this often per key: one write per call would serialise a busy key on its row. */
const LAST_USED_EVERY_MS = 60_000;

/** The lookup every call makes, built once per database (building it cost more CPU than running it). */
const keyLookups = new WeakMap<Db, ReturnType<typeof prepareKeyLookup>>();
const keyByHash = (db: Db) => keyLookups.get(db) ?? keyLookups.set(db, prepareKeyLookup(db)).get(db)!;
const prepareKeyLookup = (db: Db) =>
  db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.hash, sql.placeholder('hash')))
    .limit(1)
    .prepare('api_key_by_hash');

const unauthenticated = (message: string) => new HttpError(401, 'UNAUTHENTICATED', message);

/**
 * When this process last wrote each key's lastUsedAt. A busy key would otherwise run an UPDATE
 * (matching no row) on every call: a quarter of a call's database work. Another process may
 * write the key too; the column stays within a minute of the truth either way.
 */
export class KeyUseMarks {
  private readonly marked = new Map<number, number>();

  due(keyId: number, now: Date): boolean {
    const last = this.marked.get(keyId);
    return last === undefined || now.getTime() - last >= LAST_USED_EVERY_MS || now.getTime() < last;
  }

  note(keyId: number, now: Date): void {
    // Bounded: a process seeing more keys than this forgets them all and writes once more each.
    if (this.marked.size >= 100_000) this.marked.clear();
    this.marked.set(keyId, now.getTime());
  }
}

/**
 * The user an `Authorization: Bearer <key>` header acts for. The key is found by its hash
 * (an index lookup on a digest: nothing of the secret is compared byte by byte).
 */
export async function authenticateApiKey(db: Db, header: string | undefined, now: Date, marks = new KeyUseMarks()): Promise<ApiCaller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) throw unauthenticated('Send your API key as "Authorization: Bearer <key>". Create keys on the Enterprise API page.');
  const [found] = await keyByHash(db).execute({ hash: apiKeyHash(match[1]!) });
  if (!found) throw unauthenticated('This API key is not valid. Check that it was copied whole, or create a new one.');
  if (found.key.revokedAt) throw new HttpError(401, 'API_KEY_REVOKED', 'This API key was revoked or rotated. Use a current key.');
  if (marks.due(found.key.id, now)) {
    await markUsed(db, found.key.id, found.user.id, now);
    marks.note(found.key.id, now);
  }
  return { user: found.user, keyId: found.key.id };
}

async function markUsed(db: Db, keyId: number, userId: number, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - LAST_USED_EVERY_MS);
  const marked = await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))))
    .returning({ id: apiKeys.id });
  // apiKeyLastUsed: the last use of any of the user's keys.
  if (marked.length > 0) await db.update(users).set({ apiKeyLastUsed: sql`greatest(${users.apiKeyLastUsed}, ${now.toISOString()}::timestamptz)` }).where(eq(users.id, userId));
}
