import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { knownDevices, users } from '../../db/schema';
import { TEST_PASSWORD, latestEmail, latestToken, register, sessionCookie } from '../../test/accounts';
import { startTestApp, useTestApp } from '../../test/test-app';
import { readOutbox } from '../notifications';
import { DEVICE_COOKIE } from './known-devices';
import { tokenHash } from './secrets';

const ctx = useTestApp({ work: false });
const send = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/send-verification', payload: { email } });
const verify = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });

describe('POST /api/auth/send-verification', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends again only after the 30-second cooldown, with a new link that replaces the old one', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await register(ctx.app, 'resend@example.com');
    const first = await latestToken(ctx, 'resend@example.com', 'verification');

    const tooSoon = await send('resend@example.com');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'RESEND_COOLDOWN', retryAfterSeconds: 30 });
    expect(tooSoon.json().message).toBe('Please wait 30 seconds before requesting another email.');

    vi.setSystemTime(Date.now() + 30_000);
    const again = await send('Resend@Example.com');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ code: 'EMAIL_SENT', retryAfterSeconds: 30 });
    const second = await latestToken(ctx, 'resend@example.com', 'verification');
    expect(second).not.toBe(first);
    expect((await verify(first)).json()).toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('answers anyone else the same for unknown, unverified and verified addresses, and emails only the unverified', async () => {
    await register(ctx.app, 'waiting@example.com');
    await register(ctx.app, 'done@example.com');
    const cookie = sessionCookie(await verify(await latestToken(ctx, 'done@example.com', 'verification')));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });

    const outbox = async () => (await readOutbox(ctx.config.dataDir)).length;
    const before = await outbox();
    const answers = await Promise.all(['ghost@example.com', 'waiting@example.com', 'done@example.com'].map(send));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ code: 'EMAIL_SENT', message: 'Please check your inbox to verify your email address', retryAfterSeconds: 30 });
    }
    expect(await outbox()).toBe(before + 1);
    expect((await latestEmail(ctx, 'waiting@example.com', 'verification'))?.link).toBeDefined();
    // The cooldown holds for every address, so it tells nothing either.
    for (const email of ['ghost@example.com', 'waiting@example.com', 'done@example.com']) expect((await send(email)).json()).toMatchObject({ code: 'RESEND_COOLDOWN' });

    // Only the signed-in owner hears the address is verified.
    const own = await ctx.app.inject({ method: 'POST', url: '/api/auth/send-verification', headers: { cookie }, payload: { email: 'Done@Example.com' } });
    expect(own.json()).toMatchObject({ code: 'ALREADY_VERIFIED' });
    const others = await ctx.app.inject({ method: 'POST', url: '/api/auth/send-verification', headers: { cookie }, payload: { email: 'waiting@example.com' } });
    expect(others.json()).toMatchObject({ code: 'RESEND_COOLDOWN' });
  });

  it('answers EMAIL_DELIVERY_FAILED when the mail server cannot be reached, and lets the user retry at once', async () => {
    const broken = await startTestApp({ work: false, env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      await register(broken.app, 'retry@example.com');
      const first = await broken.app.inject({ method: 'POST', url: '/api/auth/send-verification', payload: { email: 'retry@example.com' } });
      expect(first.statusCode).toBe(502);
      expect(first.json()).toEqual({ code: 'EMAIL_DELIVERY_FAILED', message: 'We ran into an issue sending the email. Please try again in a moment.' });
      const second = await broken.app.inject({ method: 'POST', url: '/api/auth/send-verification', payload: { email: 'retry@example.com' } });
      expect(second.json().code).toBe('EMAIL_DELIVERY_FAILED');
    } finally {
      await broken.stop();
    }
  });
});

describe('POST /api/auth/verify', () => {
  it('verifies once, signs the user in, and refuses the link a second time', async () => {
    await register(ctx.app, 'verify-me@example.com');
    const token = await latestToken(ctx, 'verify-me@example.com', 'verification');
    const ok = await verify(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ emailVerified: true, needsVerification: false, needsProfileCompletion: true });
    const user = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(ok) } });
    expect(user.json()).toMatchObject({ email: 'verify-me@example.com', needsVerification: false });
    expect((await verify(token)).json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('ends every session and forgets every browser from before the link, keeping only the one that opened it', async () => {
    const { response, cookie: before } = await register(ctx.app, 'proof@example.com', TEST_PASSWORD, '198.51.100.80');
    const userId = response.json().user.id;
    expect(before).not.toBe('');
    const verified = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: await latestToken(ctx, 'proof@example.com', 'verification') }, remoteAddress: '203.0.113.80' });
    expect(verified.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: before } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(verified) } })).statusCode).toBe(200);
    const devices = await ctx.database.db.select().from(knownDevices).where(eq(knownDevices.userId, userId));
    expect(devices.map((d) => d.id)).toEqual([tokenHash(verified.cookies.find((c) => c.name === DEVICE_COOKIE)!.value)]);
  });

  it('refuses a link older than 24 hours', async () => {
    await register(ctx.app, 'late@example.com');
    const token = await latestToken(ctx, 'late@example.com', 'verification');
    await ctx.database.db.update(users).set({ verificationTokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.email, 'late@example.com'));
    const late = await verify(token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('states the 24-hour lifetime in the email', async () => {
    await register(ctx.app, 'wording@example.com');
    const email = await latestEmail(ctx, 'wording@example.com', 'verification');
    expect(email?.text).toContain('24 hours');
    expect(email?.html).toContain(email!.link!.replaceAll('&', '&amp;'));
  });
});

describe('GET /api/dev/verification-tokens', () => {
  it('answers 404 with the spec message when nobody waits for verification, else lists them with their links', async () => {
    const fresh = await startTestApp({ work: false });
    try {
      const none = await fresh.app.inject({ method: 'GET', url: '/api/dev/verification-tokens' });
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('No unverified users found with verification tokens');

      await register(fresh.app, 'pending@example.com');
      const listed = await fresh.app.inject({ method: 'GET', url: '/api/dev/verification-tokens' });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().users).toEqual([
        expect.objectContaining({ email: 'pending@example.com', verifyUrl: expect.stringMatching(/\/verify\?token=/) }),
      ]);
    } finally {
      await fresh.stop();
    }
  });

  it('answers only this machine: others, even naming a loopback address in X-Forwarded-For, get the 404 of an unknown route', async () => {
    const trusting = await startTestApp({ work: false, env: { TRUST_PROXY: 'true' } });
    try {
      await register(trusting.app, 'pending@example.com');
      expect((await trusting.app.inject({ method: 'GET', url: '/api/dev/verification-tokens', remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
      const remote = await trusting.app.inject({ method: 'GET', url: '/api/dev/verification-tokens', remoteAddress: '198.51.100.4', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(remote.statusCode).toBe(404);
      expect(remote.json()).toEqual({ message: 'No API route GET /api/dev/verification-tokens', code: 'NOT_FOUND' });
    } finally {
      await trusting.stop();
    }
  });

  it('does not exist in production', async () => {
    const production = await startTestApp({ work: false, env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/api/dev/verification-tokens' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toMatch(/^No API route/);
    } finally {
      await production.stop();
    }
  });
});
