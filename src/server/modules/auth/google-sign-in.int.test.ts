import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownDevices, users } from '../../db/schema';
import { activeUser, login, register, sessionCookie } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { DEVICE_COOKIE } from './known-devices';
import { tokenHash } from './secrets';

const GOOGLE_ENV = { GOOGLE_CLIENT_ID: 'test-client', GOOGLE_CLIENT_SECRET: 'test-secret' };

/** A real OpenID Connect issuer on this machine standing in for Google. */
async function startIssuer(port = 0): Promise<OAuth2Server> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  // It names itself localhost, which may resolve to ::1 where it does not listen.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  return server;
}

let google: OAuth2Server;
let ctx: TestApp;
/** Claims the issuer puts in the next tokens it signs. */
let nextClaims: Record<string, unknown> = {};

beforeAll(async () => {
  google = await startIssuer();
  google.service.on('beforeTokenSigning', (token: MutableToken) => Object.assign(token.payload, nextClaims));
  ctx = await startTestApp({ work: false, env: { ...GOOGLE_ENV, GOOGLE_ISSUER: `http://127.0.0.1:${google.address().port}` } });
});

afterAll(async () => {
  await ctx?.stop();
  await google?.stop();
});

interface FlowOptions {
  redirect?: string;
  /** Changes the URL Google sends the browser back with, as an attacker or a refusal would. */
  alterCallback?: (callback: URL) => void;
  /** Leave the dc_oauth cookie behind, as an expired one would be. */
  dropCookie?: boolean;
}

/** The whole browser round trip: our start route, Google's authorize endpoint, our callback. */
async function signInWithGoogle(claims: Record<string, unknown>, options: FlowOptions = {}): Promise<LightMyRequestResponse> {
  nextClaims = claims;
  const query = options.redirect === undefined ? '' : `?redirect=${encodeURIComponent(options.redirect)}`;
  const start = await ctx.app.inject({ method: 'GET', url: `/api/auth/google${query}` });
  expect(start.statusCode).toBe(302);
  const pending = start.cookies.find((c) => c.name === 'dc_oauth');
  expect(pending?.value).toBeTruthy();

  const atGoogle = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(atGoogle.status).toBe(302);
  const callback = new URL(atGoogle.headers.get('location') ?? '');
  expect(callback.origin + callback.pathname).toBe(`${ctx.config.publicUrl}/api/auth/google/callback`);
  options.alterCallback?.(callback);

  return ctx.app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers: options.dropCookie ? {} : { cookie: `dc_oauth=${pending?.value}` },
  });
}

async function currentUser(cookie: string) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const userRow = async (email: string) => (await ctx.database.db.select().from(users).where(eq(users.email, email)))[0];

function expectOauthCookieCleared(response: LightMyRequestResponse) {
  const cleared = response.cookies.find((c) => c.name === 'dc_oauth');
  expect(cleared).toMatchObject({ value: '', path: '/api/auth/google' });
}

describe('GET /api/auth/providers', () => {
  it('offers Google when a client id and secret are configured', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ google: true });
  });

  it('offers nothing extra, and refuses to start a Google sign-in, when not configured', async () => {
    const plain = await startTestApp({ work: false, env: { GOOGLE_CLIENT_ID: 'only-the-id' } });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: false });
      const start = await plain.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(start.statusCode).toBe(404);
      expect(start.json()).toEqual({ code: 'GOOGLE_NOT_CONFIGURED', message: 'Sign in with Google is not configured on this server.' });
    } finally {
      await plain.stop();
    }
  });
});

describe('GET /api/auth/google', () => {
  it('redirects to the issuer with PKCE, state and nonce, remembering them in a short-lived cookie', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(start.statusCode).toBe(302);
    const location = new URL(String(start.headers.location));
    expect(location.origin).toBe(google.issuer.url);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'test-client',
      scope: 'openid email profile',
      redirect_uri: 'http://localhost:3000/api/auth/google/callback',
      code_challenge_method: 'S256',
    });
    for (const param of ['state', 'nonce', 'code_challenge']) expect(location.searchParams.get(param)).toMatch(/^[\w-]{20,}$/);

    const pending = start.cookies.find((c) => c.name === 'dc_oauth');
    expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google' });
    const lifetime = (pending?.expires?.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
  });

  it('answers 503 while the issuer cannot be reached, and discovers it on a later request', async () => {
    const offline = await startIssuer();
    const port = offline.address().port;
    await offline.stop();
    const app = await startTestApp({ work: false, env: { ...GOOGLE_ENV, GOOGLE_ISSUER: `http://127.0.0.1:${port}` } });
    try {
      const unavailable = await app.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(unavailable.statusCode).toBe(503);
      expect(unavailable.json().code).toBe('GOOGLE_UNAVAILABLE');
      expect(unavailable.cookies.find((c) => c.name === 'dc_oauth')).toBeUndefined();

      await offline.start(port, '127.0.0.1');
      offline.issuer.url = `http://127.0.0.1:${port}`;
      const recovered = await app.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(recovered.statusCode).toBe(302);
      expect(String(recovered.headers.location)).toContain(`http://127.0.0.1:${port}/authorize`);
    } finally {
      await app.stop();
      await offline.stop();
    }
  });
});

describe('GET /api/auth/google/callback', () => {
  it('creates a verified Google account without a password and signs it in', async () => {
    const response = await signInWithGoogle({
      sub: 'google-new',
      email: 'New.Person@Example.com',
      email_verified: true,
      name: 'New Person',
      picture: 'https://lh3.googleusercontent.com/a/new-person',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth');
    expectOauthCookieCleared(response);
    const cookie = sessionCookie(response);
    expect(cookie).not.toBe('');

    expect(await currentUser(cookie)).toMatchObject({
      email: 'new.person@example.com',
      username: 'new.person@example.com',
      emailVerified: true,
      needsVerification: false,
      isGoogleAccount: true,
      hasPassword: false,
      displayName: 'New Person',
      profilePicture: 'https://lh3.googleusercontent.com/a/new-person',
    });
    const row = await userRow('new.person@example.com');
    expect(row).toMatchObject({ googleId: 'google-new', provider: 'google', password: null });
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row?.trialEndDate).toBeInstanceOf(Date);
  });

  it('links an unverified password account with the same verified email, ending what its registrant opened and dropping the password', async () => {
    // Someone registered the address first, with a password of their choosing, and signed in.
    const registered = await register(ctx.app, 'linked@example.com');
    const userId = registered.response.json().user.id;
    const registrant = await login(ctx.app, 'linked@example.com');
    expect(registrant.cookie).not.toBe('');
    await ctx.database.db.update(users).set({ displayName: 'Chosen Name' }).where(eq(users.id, userId));

    const response = await signInWithGoogle({
      sub: 'google-linked',
      email: 'Linked@Example.com',
      email_verified: true,
      name: 'Name At Google',
      picture: 'https://lh3.googleusercontent.com/a/linked',
    });
    expect(response.headers.location).toBe('/auth');
    expect(await currentUser(sessionCookie(response))).toMatchObject({
      id: userId,
      emailVerified: true,
      isGoogleAccount: true,
      hasPassword: false,
      displayName: 'Chosen Name',
      profilePicture: 'https://lh3.googleusercontent.com/a/linked',
    });
    expect(await userRow('linked@example.com')).toMatchObject({ googleId: 'google-linked', provider: 'local', verificationToken: null, password: null });

    // The registrant's password, sessions and known browsers are worth nothing now.
    expect((await login(ctx.app, 'linked@example.com')).response.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: registrant.cookie } })).statusCode).toBe(401);
    const devices = await ctx.database.db.select().from(knownDevices).where(eq(knownDevices.userId, userId));
    expect(devices.map((d) => d.id)).toEqual([tokenHash(response.cookies.find((c) => c.name === DEVICE_COOKIE)!.value)]);
  });

  it('links a verified password account and keeps its password and sessions: its owner proved the address', async () => {
    const cookie = await activeUser(ctx, 'proven@example.com');
    const response = await signInWithGoogle({ sub: 'google-proven', email: 'proven@example.com', email_verified: true });
    expect(await currentUser(sessionCookie(response))).toMatchObject({ email: 'proven@example.com', isGoogleAccount: true, hasPassword: true });
    expect(await currentUser(cookie)).toMatchObject({ email: 'proven@example.com' });
    expect((await login(ctx.app, 'proven@example.com')).response.statusCode).toBe(200);
  });

  it('does not link when Google has not verified the email', async () => {
    await register(ctx.app, 'unverified@example.com');
    const response = await signInWithGoogle({ sub: 'google-unverified', email: 'unverified@example.com', email_verified: false });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth?error=google_unverified_email');
    expect(sessionCookie(response)).toBe('');
    expect(await userRow('unverified@example.com')).toMatchObject({ googleId: null, isGoogleAccount: false, emailVerified: false });
  });

  it('refuses a tampered state without signing anyone in', async () => {
    const response = await signInWithGoogle(
      { sub: 'google-tampered', email: 'tampered@example.com', email_verified: true },
      { alterCallback: (callback) => callback.searchParams.set('state', 'forged-state-value') },
    );
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth?error=google');
    expect(sessionCookie(response)).toBe('');
    expectOauthCookieCleared(response);
    expect(await userRow('tampered@example.com')).toBeUndefined();
  });

  it('refuses a callback without the cookie, and one where Google reports an error', async () => {
    const withoutCookie = await signInWithGoogle({ sub: 'google-no-cookie', email: 'no-cookie@example.com', email_verified: true }, { dropCookie: true });
    expect(withoutCookie.headers.location).toBe('/auth?error=google');
    expect(sessionCookie(withoutCookie)).toBe('');

    const denied = await signInWithGoogle(
      { sub: 'google-denied', email: 'denied@example.com', email_verified: true },
      {
        alterCallback: (callback) => {
          callback.searchParams.delete('code');
          callback.searchParams.set('error', 'access_denied');
        },
      },
    );
    expect(denied.headers.location).toBe('/auth?error=google');
    expect(sessionCookie(denied)).toBe('');
    expect(await userRow('no-cookie@example.com')).toBeUndefined();
    expect(await userRow('denied@example.com')).toBeUndefined();
  });

  it('refuses an ID token without an email', async () => {
    const response = await signInWithGoogle({ sub: 'google-no-email' });
    expect(response.headers.location).toBe('/auth?error=google');
    expect(sessionCookie(response)).toBe('');
  });

  it('returns to a path on this site after signing in, and ignores one that leaves it', async () => {
    const toSubscribe = await signInWithGoogle(
      { sub: 'google-redirect', email: 'redirect@example.com', email_verified: true },
      { redirect: '/subscribe?plan=starter' },
    );
    expect(toSubscribe.headers.location).toBe('/subscribe?plan=starter');
    expect(sessionCookie(toSubscribe)).not.toBe('');

    const offSite = await signInWithGoogle({ sub: 'google-redirect', email: 'redirect@example.com', email_verified: true }, { redirect: '//evil.example' });
    expect(offSite.headers.location).toBe('/auth');
    expect(sessionCookie(offSite)).not.toBe('');
  });

  it('finds a returning user by Google id even after the email changed at Google', async () => {
    const first = await signInWithGoogle({ sub: 'google-returning', email: 'before@example.com', email_verified: true, name: 'Returning' });
    const { id } = await currentUser(sessionCookie(first));

    const again = await signInWithGoogle({ sub: 'google-returning', email: 'after@example.com', email_verified: true, name: 'Renamed' });
    expect(again.headers.location).toBe('/auth');
    const cookie = sessionCookie(again);
    expect(cookie).not.toBe(sessionCookie(first));
    expect(await currentUser(cookie)).toMatchObject({ id, email: 'before@example.com', displayName: 'Returning' });
    expect(await userRow('after@example.com')).toBeUndefined();
  });
});
