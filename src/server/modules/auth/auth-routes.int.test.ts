import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { COMPLETE_PROFILE, TEST_PASSWORD, activeUser, expireTrial, latestEmail, latestToken, login, register, sessionCookie } from '../../test/accounts';
import { startTestApp, useTestApp } from '../../test/test-app';
import { readOutbox } from '../notifications';
import { verifyPassword } from './secrets';

const ctx = useTestApp({ work: false });
const user = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });

describe('POST /api/register', () => {
  it('creates an unverified account on a 14-day trial and emails a verification link, signing nobody in', async () => {
    const { response, cookie } = await register(ctx.app, 'New.User@Example.com');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      message: 'Registration successful',
      needsVerification: true,
      needsProfileCompletion: true,
      verificationEmailSent: true,
      trialStatus: { isTrialActive: true, daysRemaining: 14, shouldRedirectToPayment: false },
      user: { email: 'new.user@example.com', username: 'new.user@example.com', plan: 'free', recordQuota: 10000, emailVerified: false },
    });
    expect(JSON.stringify(body)).not.toMatch(/argon2|password"\s*:/);
    // No session and no known-device cookie: a taken address gets none either.
    expect(response.headers['set-cookie']).toBeUndefined();

    // The account signs in like any other (register() does), to the verification screen.
    expect((await user(cookie)).json()).toMatchObject({ email: 'new.user@example.com', needsVerification: true });

    const email = await latestEmail(ctx, 'new.user@example.com', 'verification');
    expect(email?.subject).toBe('Verify your email address');
    expect(email?.link).toMatch(/^http:\/\/localhost:3000\/verify\?token=[\w-]{40,}$/);
  });

  it('tells nothing by its headers either: a free and a taken address get the same status, body shape and cookies (none)', async () => {
    const signUp = (email: string, password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/register', remoteAddress: '192.0.2.40', payload: { email, password, confirmPassword: password } });
    // Every value replaced by its type, so two answers compare by their keys and shapes.
    const shapeOf = (value: unknown): unknown =>
      value === null ? null : Array.isArray(value) ? value.map(shapeOf) : typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)])) : typeof value;
    const cookieNames = (response: LightMyRequestResponse) => response.cookies.map((c) => c.name).sort();
    // What a browser would send next: the cookies the answer set.
    const cookiesOf = (response: LightMyRequestResponse) => response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

    const free = await signUp('headers@example.com', TEST_PASSWORD);
    const taken = await signUp('Headers@Example.com', 'attacker-password');
    expect(free.statusCode).toBe(201);
    expect(taken.statusCode).toBe(free.statusCode);
    expect(shapeOf(taken.json())).toEqual(shapeOf(free.json()));
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(free.headers).sort());
    expect(cookieNames(free)).toEqual([]);
    expect(cookieNames(taken)).toEqual(cookieNames(free));

    // The new account has no session until its emailed link is followed, which signs it in.
    expect((await user(cookiesOf(free))).statusCode).toBe(401);
    const verified = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: await latestToken(ctx, 'headers@example.com', 'verification') } });
    expect(verified.statusCode).toBe(200);
    expect((await user(sessionCookie(verified))).json()).toMatchObject({ email: 'headers@example.com', needsVerification: false });
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret1' }, 'Please enter a valid email address'],
    [{ email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters'],
    [{ email: 'a@b.co', password: 'secret1', confirmPassword: 'secret2' }, 'Passwords do not match'],
  ])('refuses %j with the form message', async (payload, message) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/register', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('answers a taken address, whatever its case, exactly like a free one, and tells only the owner', async () => {
    const fresh = (await register(ctx.app, 'twice@example.com')).response;
    const again = (await register(ctx.app, 'TWICE@example.com', 'attacker-password')).response;
    expect(again.statusCode).toBe(fresh.statusCode);
    // Equal but for the moments each account was made and its id.
    const trialStatus = (status: object) => ({ ...status, trialEndDate: expect.any(String) });
    const shape = ({ user, ...body }: { user: { trialStatus: object }; trialStatus: object }) => ({
      ...body,
      trialStatus: trialStatus(body.trialStatus),
      user: { ...user, id: expect.any(Number), createdAt: expect.any(String), trialStatus: trialStatus(user.trialStatus) },
    });
    expect(again.json()).toEqual(shape(fresh.json()));
    expect(again.json().user.id).toBeGreaterThan(fresh.json().user.id);
    // No session for whoever tried; the account and its password stay as they were.
    expect(sessionCookie(again)).toBe('');
    expect(await ctx.database.db.select().from(users).where(eq(users.email, 'twice@example.com'))).toHaveLength(1);
    expect((await login(ctx.app, 'twice@example.com', 'attacker-password')).response.statusCode).toBe(401);
    expect((await login(ctx.app, 'twice@example.com')).response.statusCode).toBe(200);

    const notice = await latestEmail(ctx, 'twice@example.com', 'registration-attempt');
    expect(notice?.subject).toBe('Someone tried to register with your email address');
    expect(notice?.text).toContain('sign in instead');
    expect(notice?.text).toContain('http://localhost:3000/auth');
    // A flood of attempts does not become a flood of notices.
    await register(ctx.app, 'twice@example.com', 'attacker-password');
    const notices = (await readOutbox(ctx.config.dataDir)).filter((email) => email.to === 'twice@example.com' && email.kind === 'registration-attempt');
    expect(notices).toHaveLength(1);
  });

  it('keeps the account when the verification email cannot be sent, and says so', async () => {
    const broken = await startTestApp({ work: false, env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const { response } = await register(broken.app, 'no-mail@example.com');
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ needsVerification: true, verificationEmailSent: false });
    } finally {
      await broken.stop();
    }
  });
});

// The real password check, watched: an unknown email must cost a full argon2 check too
// (secrets.test.ts shows verifyPassword runs one against a decoy; bench/login-timing.ts times it).
vi.mock('./secrets', async (importOriginal) => {
  const real = await importOriginal<{ verifyPassword: typeof verifyPassword }>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

describe('POST /api/login', () => {
  it('answers an unknown email exactly as a wrong password, after the same password check', async () => {
    await register(ctx.app, 'known@example.com');
    vi.mocked(verifyPassword).mockClear();
    const wrong = (await login(ctx.app, 'known@example.com', 'wrong-password')).response;
    const unknown = (await login(ctx.app, 'nobody@example.com', 'wrong-password')).response;
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    const [known, nobody] = vi.mocked(verifyPassword).mock.calls;
    expect(known).toEqual([expect.stringMatching(/^\$argon2id\$/), 'wrong-password']);
    // No stored hash: verifyPassword checks the password against its decoy.
    expect(nobody).toEqual([undefined, 'wrong-password']);
  });

  it('signs in an unverified user, who is told to verify first', async () => {
    await register(ctx.app, 'unverified@example.com');
    const { response, cookie } = await login(ctx.app, 'Unverified@Example.com ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Login successful', needsVerification: true, email: 'unverified@example.com' });
    expect(cookie).not.toBe('');
    const set = response.cookies.find((c) => c.name === 'dc_session')!;
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(set.secure).toBeFalsy();
    // Public pages read that a session exists (not whose) from a cookie scripts can see.
    const hint = response.cookies.find((c) => c.name === 'dc_signed_in')!;
    expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', path: '/', expires: set.expires });
    expect(hint.httpOnly).toBeFalsy();
  });

  it('reports, in order, what the app needs: profile, then an expired trial; echoes redirectTo', async () => {
    const email = 'journey@example.com';
    await activeUser(ctx, email, { profile: false });
    expect((await login(ctx.app, email)).response.json()).toMatchObject({ needsVerification: false, needsProfileCompletion: true });

    const withRedirect = (await login(ctx.app, email, TEST_PASSWORD, { redirectTo: '/subscribe?plan=starter' })).response.json();
    expect(withRedirect.redirectTo).toBe('/subscribe?plan=starter');
    const offsite = await login(ctx.app, email, TEST_PASSWORD, { redirectTo: '//evil.example/' });
    expect(offsite.response.statusCode).toBe(400);

    await expireTrial(ctx.database.db, email);
    const expired = (await login(ctx.app, email)).response.json();
    expect(expired.trialStatus).toMatchObject({ isTrialActive: false, daysRemaining: 0, shouldRedirectToPayment: true });
    const [stored] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(stored!.isPastTrial).toBe(true);
  });

  it('gives a fresh session at every login and drops the one the browser brought', async () => {
    await register(ctx.app, 'fresh@example.com');
    const first = (await login(ctx.app, 'fresh@example.com')).cookie;
    const second = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { cookie: first }, payload: { username: 'fresh@example.com', password: TEST_PASSWORD } });
    const next = sessionCookie(second);
    expect(next).not.toBe(first);
    expect((await user(first)).statusCode).toBe(401);
    expect((await user(next)).statusCode).toBe(200);
  });
});

describe('POST /api/logout and GET /api/user', () => {
  it('answers 401 when signed out, and ends the session on the server at logout', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const { cookie } = await register(ctx.app, 'leaving@example.com');
    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.json()).toEqual({ message: 'Logged out' });
    expect(out.cookies.find((c) => c.name === 'dc_session')?.value).toBe('');
    expect(out.cookies.find((c) => c.name === 'dc_signed_in')?.value).toBe('');
    // The old cookie, replayed, no longer signs anybody in.
    expect((await user(cookie)).statusCode).toBe(401);
  });

  it('never caches the user', async () => {
    const { cookie } = await register(ctx.app, 'nocache@example.com');
    expect((await user(cookie)).headers['cache-control']).toBe('no-store');
  });
});

describe('the server-side guard', () => {
  const complete = (cookie: string) => ctx.app.inject({ method: 'POST', url: '/api/onboarding/complete', headers: { cookie } });

  it('sends each kind of user where the app would: 401, then 403 with a code', async () => {
    expect((await complete('')).statusCode).toBe(401);

    const unverified = (await register(ctx.app, 'guard-1@example.com')).cookie;
    expect((await complete(unverified)).json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const noProfile = await activeUser(ctx, 'guard-2@example.com', { profile: false });
    expect((await complete(noProfile)).json()).toMatchObject({ code: 'PROFILE_INCOMPLETE' });

    const done = await activeUser(ctx, 'guard-3@example.com');
    const ok = await complete(done);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ hasCompletedOnboarding: true, needsProfileCompletion: false });

    await expireTrial(ctx.database.db, 'guard-3@example.com');
    const expired = await complete(done);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'TRIAL_EXPIRED' });
  });

  it('lets an incomplete profile be completed, and validates it', async () => {
    const cookie = await activeUser(ctx, 'profile@example.com', { profile: false });
    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie }, payload: { ...COMPLETE_PROFILE, fullName: '  ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Full name is required');
    const good = await ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie }, payload: COMPLETE_PROFILE });
    expect(good.json()).toMatchObject({ ...COMPLETE_PROFILE, needsProfileCompletion: false });
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing call from another website and accepts one from this site', async () => {
    const payload = { username: 'nobody@example.com', password: 'whatever1' };
    const evil = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { origin: 'https://evil.example' }, payload });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toMatchObject({ code: 'ORIGIN_MISMATCH' });
    const fetchSite = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fetchSite.statusCode).toBe(403);
    const ours = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { origin: 'http://localhost:3000' }, payload });
    expect(ours.statusCode).toBe(401);
  });
});

describe('behind HTTPS', () => {
  it('marks the session cookie Secure', async () => {
    const secure = await startTestApp({ work: false, env: { PUBLIC_URL: 'https://app.example.com' } });
    try {
      await register(secure.app, 'secure@example.com');
      const { response } = await login(secure.app, 'secure@example.com');
      expect(response.cookies.find((c) => c.name === 'dc_session')?.secure).toBe(true);
    } finally {
      await secure.stop();
    }
  });
});
