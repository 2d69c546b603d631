import { and, eq, gt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_HINT_COOKIE } from '../../../shared/signed-in-hint';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessions, users, type User } from '../../db/schema';
import { DEVICE_COOKIE, DEVICE_DAYS, rememberDevice } from './known-devices';
import { randomToken, tokenHash } from './secrets';

export const SESSION_COOKIE = 'dc_session';
const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;
/** A session seen again after this long is extended, so active users stay signed in. */
const REFRESH_AFTER_MS = DAY_MS;

export interface CurrentSession {
  id: string;
  user: User;
}

/**
 * Starts a session with a fresh id (never one the browser brought along) and sets its cookie.
 * Whoever signs in has proven the account is theirs, so the browser becomes known to it.
 */
export async function startSession(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await db.delete(sessions).where(eq(sessions.id, tokenHash(previous)));
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  await db.insert(sessions).values({
    id: tokenHash(token),
    userId,
    expiresAt,
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
    ipAddress: request.ip,
  });
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(config, request, expiresAt));
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...cookieOptions(config, request, expiresAt), httpOnly: false });
  await markDeviceKnown(db, config, request, reply, userId);
}

/** Sets the device cookie of a browser that proved the account is its owner's (known-devices.ts). */
export async function markDeviceKnown(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const device = await rememberDevice(db, request, userId);
  reply.setCookie(DEVICE_COOKIE, device, cookieOptions(config, request, new Date(Date.now() + DEVICE_DAYS * DAY_MS)));
}

/** The signed-in user behind the request's cookie, or null. */
export async function readSession(db: Db, request: FastifyRequest): Promise<CurrentSession | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return null;
  const id = tokenHash(token);
  const now = new Date();
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > REFRESH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY_MS) })
      .where(eq(sessions.id, id));
  }
  return { id, user: row.user };
}

export async function endSession(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await db.delete(sessions).where(eq(sessions.id, tokenHash(token)));
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config, request));
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { ...cookieOptions(config, request), httpOnly: false });
}

/** Signs a user out everywhere, except perhaps the session that asked. */
export async function endAllSessions(db: Db, userId: number, keepSessionId?: string): Promise<void> {
  await db.delete(sessions).where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}

/** httpOnly and SameSite=Lax always; Secure whenever the site is reached over HTTPS. */
export function cookieOptions(config: Config, request: FastifyRequest, expires?: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:') || request.protocol === 'https',
    ...(expires ? { expires } : {}),
  };
}
