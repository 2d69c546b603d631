import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { TEST_PASSWORD, latestToken, register, sessionCookie } from '../../test/accounts';
import { startTestApp, useTestApp } from '../../test/test-app';
import { createLocalUser } from '../accounts';
import { ACCOUNT_CEILING, FREE_TRIES } from './login-limits';
import { DEVICE_COOKIE } from './known-devices';
import { hashPassword } from './secrets';

const ctx = useTestApp({ work: false });

afterEach(() => {
  vi.useRealTimers();
});

/** A sign-in from one client: its IP address and, when it has one, its device cookie. */
function signIn(email: string, password: string, client: { ip: string; device?: string }, app: FastifyInstance = ctx.app) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: client.ip,
    ...(client.device ? { cookies: { [DEVICE_COOKIE]: client.device } } : {}),
    payload: { username: email, password },
  });
}

function deviceCookie(response: Awaited<ReturnType<typeof signIn>>): string {
  const value = response.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;
  if (!value) throw new Error('no device cookie set');
  return value;
}

/** A botnet: every address stays within its free tries, together they pass the account's ceiling. */
async function closeToStrangers(email: string, firstOctet: number) {
  for (let bot = 0; bot < 11; bot++) {
    for (let k = 0; k < FREE_TRIES; k++) await signIn(email, `bot-${bot}-${k}`, { ip: `198.51.${firstOctet}.${bot}` });
  }
}

/** Only Date is faked: the limits read the clock, while the database and timers run as usual. */
function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  return (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
}

describe('sign-in limits', () => {
  it("let the owner sign in from their own client while an attacker's guesses for the address pile up elsewhere", async () => {
    await register(ctx.app, 'owner@example.com');
    const attacker = { ip: '198.51.100.66' };
    for (let k = 0; k < 20; k++) expect([401, 429]).toContain((await signIn('owner@example.com', `guess-${k}`, attacker)).statusCode);
    const owner = await signIn('owner@example.com', TEST_PASSWORD, { ip: '203.0.113.10' });
    expect(owner.statusCode).toBe(200);
    expect(sessionCookie(owner)).not.toBe('');
  });

  it('slow a guesser on one client with a growing Retry-After, and forget the count once the right password comes', async () => {
    await register(ctx.app, 'slowed@example.com');
    const advance = freezeClock();
    const guesser = { ip: '198.51.100.7' };
    const guess = () => signIn('slowed@example.com', 'wrong-guess', guesser);
    for (let k = 0; k < FREE_TRIES + 1; k++) expect((await guess()).statusCode).toBe(401);

    const waits: number[] = [];
    for (let k = 0; k < 4; k++) {
      const refused = await guess();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds?\.$/) });
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      advance(wait);
      expect((await guess()).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);

    advance(16);
    expect((await signIn('slowed@example.com', TEST_PASSWORD, guesser)).statusCode).toBe(200);
    for (let k = 0; k < FREE_TRIES; k++) expect((await guess()).statusCode).toBe(401);
  });

  it('give a burst of parallel guesses no more tries than a sequence', async () => {
    await register(ctx.app, 'burst@example.com');
    freezeClock();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, k) => signIn('burst@example.com', `parallel-${k}`, { ip: '198.51.100.20' })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE_TRIES + 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - FREE_TRIES - 1);
  });

  it("admit no more parallel guesses from many addresses than the account's ceiling, and still let the owner's browser in", async () => {
    await register(ctx.app, 'stormed@example.com');
    const device = deviceCookie(await signIn('stormed@example.com', TEST_PASSWORD, { ip: '203.0.113.40' }));
    freezeClock();
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, k) => signIn('stormed@example.com', `storm-${k}`, { ip: `198.51.${104 + (k >> 8)}.${k & 255}` })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_CEILING);
    expect(statuses.filter((s) => s === 429)).toHaveLength(120 - ACCOUNT_CEILING);
    expect((await signIn('stormed@example.com', TEST_PASSWORD, { ip: '203.0.113.41', device })).statusCode).toBe(200);
  }, 120_000);

  it('count an IPv6 client by its /64, so a fresh address from the same network is no fresh start', async () => {
    await register(ctx.app, 'ipv6@example.com');
    freezeClock();
    for (let k = 0; k <= FREE_TRIES; k++) expect((await signIn('ipv6@example.com', `ipv6-guess-${k}`, { ip: `2001:db8:5:6::${k + 1}` })).statusCode).toBe(401);
    expect((await signIn('ipv6@example.com', 'ipv6-guess-next', { ip: '2001:db8:5:6:ffff::99' })).statusCode).toBe(429);
    expect((await signIn('ipv6@example.com', 'ipv6-guess-other', { ip: '2001:db8:5:7::1' })).statusCode).toBe(401);
  });

  it('behind TRUST_PROXY=true, count the address the proxy saw, whatever the client writes to the left of it in X-Forwarded-For', async () => {
    const proxied = await startTestApp({ work: false, env: { TRUST_PROXY: 'true' } });
    try {
      await register(proxied.app, 'proxied@example.com');
      freezeClock();
      const through = (password: string, forwardedFor: string) =>
        proxied.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor }, payload: { username: 'proxied@example.com', password } });
      for (let k = 0; k <= FREE_TRIES; k++) expect((await through(`spoof-${k}`, `192.0.2.${k}, 198.51.100.44`)).statusCode).toBe(401);
      expect((await through('spoof-next', '192.0.2.200, 198.51.100.44')).statusCode).toBe(429);
      expect((await through('another-client', '198.51.100.45')).statusCode).toBe(401);
    } finally {
      await proxied.stop();
    }
  });

  it('let an office of many users behind one IP address sign in, typos included', async () => {
    const passwordHash = await hashPassword(TEST_PASSWORD);
    const office = { ip: '192.0.2.1' };
    const emails = Array.from({ length: 40 }, (_, k) => `colleague-${k}@office.example`);
    for (const email of emails) await createLocalUser(ctx.database.db, email, passwordHash);
    for (const email of emails) {
      expect((await signIn(email, 'typo-in-password', office)).statusCode).toBe(401);
      expect((await signIn(email, TEST_PASSWORD, office)).statusCode).toBe(200);
    }
  }, 120_000);

  it('keep a browser the owner signed in with working when guesses from many addresses close the account to strangers', async () => {
    await register(ctx.app, 'popular@example.com');
    const home = await signIn('popular@example.com', TEST_PASSWORD, { ip: '203.0.113.50' });
    const device = deviceCookie(home);

    await closeToStrangers('popular@example.com', 101);
    const stranger = await signIn('popular@example.com', TEST_PASSWORD, { ip: '203.0.113.77' });
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);

    // The owner's browser, even on another network, gets in.
    const owner = await signIn('popular@example.com', TEST_PASSWORD, { ip: '203.0.113.99', device });
    expect(owner.statusCode).toBe(200);
    // A device cookie known to another account does not open this one.
    await register(ctx.app, 'mallory@example.com');
    const mallory = deviceCookie(await signIn('mallory@example.com', TEST_PASSWORD, { ip: '198.51.100.100' }));
    expect((await signIn('popular@example.com', TEST_PASSWORD, { ip: '198.51.100.100', device: mallory })).statusCode).toBe(429);
  }, 90_000);

  it('renew the device cookie at every sign-in, so one planted in the browser opens nothing', async () => {
    await register(ctx.app, 'planted@example.com');
    const planted = deviceCookie(await signIn('planted@example.com', TEST_PASSWORD, { ip: '203.0.113.60' }));
    const renewed = deviceCookie(await signIn('planted@example.com', TEST_PASSWORD, { ip: '203.0.113.60', device: planted }));
    expect(renewed).not.toBe(planted);
    const cookie = (await signIn('planted@example.com', TEST_PASSWORD, { ip: '203.0.113.60', device: renewed })).cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(new Date(cookie.expires!).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    await closeToStrangers('planted@example.com', 102);
    expect((await signIn('planted@example.com', TEST_PASSWORD, { ip: '198.51.100.200', device: planted })).statusCode).toBe(429);
    expect((await signIn('planted@example.com', TEST_PASSWORD, { ip: '198.51.100.200', device: cookie.value })).statusCode).toBe(200);
  }, 90_000);

  it("carry over to a renewed device cookie only the account that signed in, so the next person at a shared computer is no known device of the previous one's", async () => {
    await register(ctx.app, 'first@example.com');
    await register(ctx.app, 'second@example.com');
    const shared = { ip: '203.0.113.90' };
    const first = deviceCookie(await signIn('first@example.com', TEST_PASSWORD, shared));
    await ctx.app.inject({ method: 'POST', url: '/api/logout', remoteAddress: shared.ip });
    const second = deviceCookie(await signIn('second@example.com', TEST_PASSWORD, { ...shared, device: first }));
    await closeToStrangers('first@example.com', 105);
    expect((await signIn('first@example.com', TEST_PASSWORD, { ...shared, device: second })).statusCode).toBe(429);
    expect((await signIn('second@example.com', TEST_PASSWORD, { ...shared, device: second })).statusCode).toBe(200);
  }, 90_000);

  it('trust, after a password reset, only the browser that opened the emailed link', async () => {
    await register(ctx.app, 'reset@example.com');
    const before = deviceCookie(await signIn('reset@example.com', TEST_PASSWORD, { ip: '203.0.113.70' }));
    await ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 'reset@example.com' } });
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: await latestToken(ctx, 'reset@example.com', 'password-reset'), password: 'new password', confirmPassword: 'new password' },
    });
    expect(confirmed.statusCode).toBe(200);
    const resetter = deviceCookie(confirmed);
    await closeToStrangers('reset@example.com', 103);
    expect((await signIn('reset@example.com', 'new password', { ip: '203.0.113.70', device: before })).statusCode).toBe(429);
    expect((await signIn('reset@example.com', 'new password', { ip: '203.0.113.71', device: resetter })).statusCode).toBe(200);
  }, 90_000);

  it('are shared by two app instances on one database', async () => {
    await register(ctx.app, 'shared@example.com');
    const other = await buildApp({ config: ctx.config, database: ctx.database, queue: ctx.queue, webRoot: '/nonexistent' });
    try {
      freezeClock();
      const client = { ip: '198.51.100.30' };
      for (let k = 0; k < FREE_TRIES; k++) expect((await signIn('shared@example.com', `guess-${k}`, client, k % 2 ? other : ctx.app)).statusCode).toBe(401);
      expect((await signIn('shared@example.com', 'one-more', client, other)).statusCode).toBe(401);
      const refused = await signIn('shared@example.com', 'and-another', client, ctx.app);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
    } finally {
      await other.close();
    }
  });
});
