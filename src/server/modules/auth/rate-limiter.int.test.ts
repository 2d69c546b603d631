import type { FastifyReply } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { createTestDatabase } from '../../test/test-database';
import { Limit, purgeExpiredLimits } from './rate-limiter';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Only Date is faked: the limiter reads the clock, while the database and timers run as usual. */
function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  return (ms: number) => vi.setSystemTime(Date.now() + ms);
}

const reply = () => {
  const headers: Record<string, string> = {};
  return { headers, reply: { header: (name: string, value: string) => (headers[name] = value) } as unknown as FastifyReply };
};

describe('Limit', () => {
  it('allows max attempts per window, then asks to wait until the window ends', async () => {
    const advance = freezeClock();
    const limit = new Limit(database.db, 'window', 3, 60);
    for (let k = 0; k < 3; k++) expect(await limit.count('ip')).toBe(0);
    advance(10_000);
    expect(await limit.count('ip')).toBe(50);
    expect(await limit.count('other-ip')).toBe(0);
    advance(50_000);
    expect(await limit.count('ip')).toBe(0);
  });

  it('throws 429 with Retry-After and a readable wait', async () => {
    const advance = freezeClock();
    const limit = new Limit(database.db, 'readable', 1, 15 * 60);
    const { headers, reply: r } = reply();
    await limit.take('a', r);
    advance(1000);
    await expect(limit.take('a', r)).rejects.toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 15 minutes.' });
    expect(headers['retry-after']).toBe('899');
  });

  it('checks without counting, takes one attempt back on refund, and forgets a key on reset', async () => {
    freezeClock();
    const limit = new Limit(database.db, 'check', 2, 60);
    expect(await limit.blockedFor('a')).toBe(0);
    expect(await limit.tally('a')).toBe(1);
    expect(await limit.tally('a')).toBe(2);
    expect(await limit.blockedFor('a')).toBe(60);
    await limit.refund('a');
    expect(await limit.blockedFor('a')).toBe(0);
    await limit.count('a');
    await limit.reset('a');
    expect(await limit.blockedFor('a')).toBe(0);
  });

  it('shares its counts with every limiter of the same name on the database, as other processes would', async () => {
    const here = new Limit(database.db, 'shared', 2, 60);
    const elsewhere = new Limit(database.db, 'shared', 2, 60);
    const otherName = new Limit(database.db, 'not-shared', 2, 60);
    await here.count('key');
    await elsewhere.count('key');
    expect(await here.count('key')).toBeGreaterThan(0);
    expect(await otherName.count('key')).toBe(0);
  });

  it('keeps no address or IP in the database', async () => {
    await new Limit(database.db, 'private', 5, 60).count('someone@example.com 192.0.2.7');
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toContainEqual(expect.stringMatching(/^private:[0-9a-f]{64}$/));
    expect(keys.join()).not.toMatch(/example\.com|192\.0\.2/);
  });

  it('purges counters whose window has ended, and only those', async () => {
    const advance = freezeClock();
    await new Limit(database.db, 'short', 5, 60).count('gone');
    await new Limit(database.db, 'long', 5, 3600).count('kept');
    advance(61_000);
    expect(await purgeExpiredLimits(database.db)).toBeGreaterThanOrEqual(1);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys.some((key) => key.startsWith('short:'))).toBe(false);
    expect(keys.some((key) => key.startsWith('long:'))).toBe(true);
  });
});
