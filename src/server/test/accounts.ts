import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { SESSION_COOKIE } from '../modules/auth';
import { readOutbox, type OutboxEmail } from '../modules/notifications';
import type { TestApp } from './test-app';

export const TEST_PASSWORD = 'correct horse';
export const COMPLETE_PROFILE = { fullName: 'Ada Lovelace', countryOfResidence: 'United Kingdom', contactPhone: '+44 20 7946 0958' };

/** The session cookie a response set, as a Cookie header value ('' when none). */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie?.value ? `${SESSION_COOKIE}=${cookie.value}` : '';
}

/**
 * Registers, then signs in with the same password from the same address: `response` is the
 * registration's answer, `cookie` the unverified user's session ('' when registration is refused
 * or the sign-in fails, as for a taken address and another password). `remoteAddress` lets a
 * test that signs many users up stay clear of the per-address limit.
 */
export async function register(app: FastifyInstance, email: string, password = TEST_PASSWORD, remoteAddress?: string) {
  const from = remoteAddress ? { remoteAddress } : {};
  const response = await app.inject({ method: 'POST', url: '/api/register', payload: { email, password, confirmPassword: password }, ...from });
  // Registration signs nobody in (a taken address must get the same headers), so a session takes a sign-in.
  if (response.statusCode !== 201) return { response, cookie: '' };
  const signedIn = await app.inject({ method: 'POST', url: '/api/login', payload: { username: email, password }, ...from });
  return { response, cookie: sessionCookie(signedIn) };
}

export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD, extra: Record<string, unknown> = {}) {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username: email, password, ...extra } });
  return { response, cookie: sessionCookie(response) };
}

/** The newest email of a kind sent to an address, from the development outbox. */
export async function latestEmail(ctx: TestApp, to: string, kind: string): Promise<OutboxEmail | undefined> {
  return (await readOutbox(ctx.config.dataDir)).find((email) => email.to === to.toLowerCase() && email.kind === kind);
}

/** The token of the newest emailed link of a kind. */
export async function latestToken(ctx: TestApp, to: string, kind: string): Promise<string> {
  const link = (await latestEmail(ctx, to, kind))?.link;
  if (!link) throw new Error(`No ${kind} email to ${to} in the outbox`);
  return new URL(link).searchParams.get('token')!;
}

/** A registered, verified user with a complete profile unless told otherwise; returns a session cookie. */
export async function activeUser(ctx: TestApp, email: string, options: { profile?: boolean; remoteAddress?: string } = {}): Promise<string> {
  await register(ctx.app, email, TEST_PASSWORD, options.remoteAddress);
  const from = options.remoteAddress ? { remoteAddress: options.remoteAddress } : {};
  const verified = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: await latestToken(ctx, email, 'verification') }, ...from });
  const cookie = sessionCookie(verified);
  if (options.profile !== false) {
    const profile = await ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie }, payload: COMPLETE_PROFILE });
    if (profile.statusCode !== 200) throw new Error(`Profile setup failed: ${profile.body}`);
  }
  return cookie;
}

/** Ends a user's trial as if 14 days had passed. */
export async function expireTrial(db: Db, email: string): Promise<void> {
  await db.update(users).set({ trialEndDate: new Date(Date.now() - 60_000) }).where(eq(users.email, email));
}
