import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ApiKeyView, CreatedApiKey } from '../../../shared/contracts/enterprise-api';
import type { Db } from '../../db/client';
import { apiKeys, type ApiKey, users } from '../../db/schema';

/** Every key starts so; scanners that look for leaked secrets can recognise ours. */
export const API_KEY_PREFIX = 'dc_live_';
/** Characters of the random part shown in the prefix. */
const SHOWN = 8;

/** What the database keeps of a key: SHA-256 of the whole secret (hex). */
export function apiKeyHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function newApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function apiKeyView(row: ApiKey): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Db, userId: number): Promise<ApiKeyView[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(apiKeyView);
}

/** A new key; its secret is in the answer and nowhere else. */
export async function createApiKey(db: Db, userId: number, name: string, rotatedFromId: number | null = null, now = new Date()): Promise<CreatedApiKey> {
  const key = newApiKeySecret();
  const [row] = await db
    .insert(apiKeys)
    .values({ userId, name, prefix: key.slice(0, API_KEY_PREFIX.length + SHOWN), hash: apiKeyHash(key), createdAt: now, rotatedFromId })
    .returning();
  await db.update(users).set({ apiKeyCreatedAt: now }).where(eq(users.id, userId));
  return { ...apiKeyView(row!), key };
}

/** The user's own key by id, or null (another user's id is "no such key"). */
async function ownKey(db: Db, userId: number, id: number): Promise<ApiKey | null> {
  const [row] = await db.select().from(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))).limit(1);
  return row ?? null;
}

/** Revokes the key (again is fine); null when the user has no such key. */
export async function revokeApiKey(db: Db, userId: number, id: number, now = new Date()): Promise<ApiKeyView | null> {
  const key = await ownKey(db, userId, id);
  if (!key) return null;
  if (key.revokedAt) return apiKeyView(key);
  const [row] = await db.update(apiKeys).set({ revokedAt: now }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).returning();
  return apiKeyView(row ?? key);
}

export type RotateResult = { rotated: CreatedApiKey } | { missing: true } | { revoked: true };

/** A new secret under the same name; the old key stops working at once. */
export async function rotateApiKey(db: Db, userId: number, id: number, now = new Date()): Promise<RotateResult> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning();
    if (!old) return (await ownKey(tx as unknown as Db, userId, id)) ? { revoked: true as const } : { missing: true as const };
    return { rotated: await createApiKey(tx as unknown as Db, userId, old.name, old.id, now) };
  });
}
