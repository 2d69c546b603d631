import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { knownDevices } from '../../db/schema';
import { randomToken, tokenHash } from './secrets';

/** A random token naming this browser; the database keeps its hash and the accounts it signed in to. */
export const DEVICE_COOKIE = 'dc_device';
export const DEVICE_DAYS = 365;

function deviceToken(request: FastifyRequest): string | null {
  const token = request.cookies[DEVICE_COOKIE];
  return token && /^[\w-]{43}$/.test(token) ? token : null;
}

/** The device's id when this browser has signed in to the account before, else null. */
export async function recognizedDevice(db: Db, request: FastifyRequest, userId: number): Promise<string | null> {
  const token = deviceToken(request);
  if (!token) return null;
  const id = tokenHash(token);
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.id, id), eq(knownDevices.userId, userId)))
    .limit(1);
  return row ? id : null;
}

/**
 * Marks the browser as known to the account and returns its new cookie value. The token is
 * new at every sign-in, so a device cookie someone planted in the browser is worth nothing
 * once its owner signs in. Only the signing-in account's entry moves to it: on a shared
 * computer the next person must not become a known device of the previous one's account.
 */
export async function rememberDevice(db: Db, request: FastifyRequest, userId: number): Promise<string> {
  const token = randomToken();
  const id = tokenHash(token);
  const now = new Date();
  const previous = deviceToken(request);
  if (previous) await db.update(knownDevices).set({ id, lastUsedAt: now }).where(and(eq(knownDevices.id, tokenHash(previous)), eq(knownDevices.userId, userId)));
  await db
    .insert(knownDevices)
    .values({ id, userId, createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({ target: [knownDevices.id, knownDevices.userId], set: { lastUsedAt: now } });
  return token;
}

/** After a password reset no browser is trusted until it signs in again. */
export async function forgetDevices(db: Db, userId: number): Promise<void> {
  await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
}

/** Devices not used for a year are strangers again; returns how many were dropped. */
export async function purgeStaleDevices(db: Db, now = new Date()): Promise<number> {
  const stale = await db
    .delete(knownDevices)
    .where(lt(knownDevices.lastUsedAt, new Date(now.getTime() - DEVICE_DAYS * 86_400_000)))
    .returning({ id: knownDevices.id });
  return stale.length;
}
