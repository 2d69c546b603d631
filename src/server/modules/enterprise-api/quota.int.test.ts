import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_CAPABILITIES } from '../../../shared/plans';
import { apiUsageQuota, users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { consumeQuota } from './quota';

// The app's clock for quotas: each test sets it.
let clock = new Date('2026-03-31T23:59:00Z');
let ctx: TestApp;
const SMALL_DAILY = 150;

beforeAll(async () => {
  ctx = await startTestApp({
    work: false,
    api: { now: () => clock },
  });
});
afterAll(async () => ctx?.stop());

async function keyedUser(email: string, plan = 'professional'): Promise<{ key: string; userId: number }> {
  const cookie = await activeUser(ctx, email);
  const created = await ctx.app.inject({ method: 'POST', url: '/api/enterprise/keys', headers: { cookie }, payload: { name: 'test' } });
  expect(created.statusCode).toBe(201);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await setPlan(user!.id, plan);
  return { key: created.json<{ key: string }>().key, userId: user!.id };
}

const setPlan = (userId: number, plan: string) =>
  ctx.database.db.update(users).set({ plan, trialEndDate: new Date(Date.now() - 30 * 86_400_000) }).where(eq(users.id, userId));

const call = (key: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/scans', headers: { authorization: `Bearer ${key}` } });

describe('/api/v1 quota over HTTP', () => {
  it('200 parallel calls against a limit of 150: exactly 150 succeed, the rest 429 with Retry-After', { timeout: 120_000 }, async () => {
    const small = await startTestApp({ work: false, api: { quotaLimits: () => ({ daily: SMALL_DAILY, monthly: 10_000 }) } });
    try {
      const cookie = await activeUser(small, 'small-quota@example.com');
      const created = await small.app.inject({ method: 'POST', url: '/api/enterprise/keys', headers: { cookie }, payload: { name: 'burst' } });
      const { key } = created.json<{ key: string }>();
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => small.app.inject({ method: 'GET', url: '/api/v1/scans', headers: { authorization: `Bearer ${key}` } })),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(SMALL_DAILY);
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(refused).toHaveLength(50);
      expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused[0]!.headers['x-ratelimit-limit']).toBe(String(SMALL_DAILY));
      expect(refused[0]!.headers['x-ratelimit-remaining']).toBe('0');
      expect(refused[0]!.json<{ message: string }>().message).toMatch(/daily API quota/);
      const remaining = answers.filter((a) => a.statusCode === 200).map((a) => Number(a.headers['x-ratelimit-remaining']));
      expect(new Set(remaining).size).toBe(SMALL_DAILY); // each success saw its own count
      expect(Math.min(...remaining)).toBe(0);
      const [row] = await small.database.db.select().from(apiUsageQuota);
      expect(row!.currentDailyUsage).toBe(SMALL_DAILY);
    } finally {
      await small.stop();
    }
  });

  it('resets at UTC midnight: the headers count down, then start again with the next reset time', async () => {
    const { key } = await keyedUser('clock@example.com');
    const daily = PLAN_CAPABILITIES.professional.apiDailyLimit;
    clock = new Date('2026-03-31T23:59:58Z');
    const first = await call(key);
    expect(first.headers['x-ratelimit-limit']).toBe(String(daily));
    expect(first.headers['x-ratelimit-remaining']).toBe(String(daily - 1));
    expect(first.headers['x-ratelimit-reset']).toBe(String(Date.UTC(2026, 3, 1) / 1000));
    expect((await call(key)).headers['x-ratelimit-remaining']).toBe(String(daily - 2));
    clock = new Date('2026-04-01T00:00:01Z');
    const next = await call(key);
    expect(next.headers['x-ratelimit-remaining']).toBe(String(daily - 1));
    expect(next.headers['x-ratelimit-reset']).toBe(String(Date.UTC(2026, 3, 2) / 1000));
  });

  it('follows a plan change at the next call, in the headers and on the usage screen', async () => {
    clock = new Date('2026-05-10T12:00:00Z');
    const { key, userId } = await keyedUser('upgrade@example.com', 'professional');
    expect((await call(key)).headers['x-ratelimit-limit']).toBe(String(PLAN_CAPABILITIES.professional.apiDailyLimit));
    await setPlan(userId, 'enterprise');
    const after = await call(key);
    expect(after.headers['x-ratelimit-limit']).toBe(String(PLAN_CAPABILITIES.enterprise.apiDailyLimit));
    expect(after.headers['x-ratelimit-remaining']).toBe(String(PLAN_CAPABILITIES.enterprise.apiDailyLimit - 2));
    const [row] = await ctx.database.db.select().from(apiUsageQuota).where(eq(apiUsageQuota.userId, userId));
    expect(row).toMatchObject({ dailyLimit: PLAN_CAPABILITIES.enterprise.apiDailyLimit, monthlyLimit: PLAN_CAPABILITIES.enterprise.apiMonthlyLimit });
  });
});

describe('consumeQuota', () => {
  it('speaks of the monthly limit in the headers once fewer calls are left this month than today', async () => {
    const { userId } = await keyedUser('monthly@example.com');
    const limits = { daily: 100, monthly: 5 };
    const at = new Date('2026-06-30T10:00:00Z');
    const first = await consumeQuota(ctx.database.db, userId, limits, at);
    expect(first).toMatchObject({ allowed: true, limit: 5, remaining: 4, reset: Date.UTC(2026, 6, 1) / 1000 });
    for (let i = 0; i < 4; i++) await consumeQuota(ctx.database.db, userId, limits, at);
    const over = await consumeQuota(ctx.database.db, userId, limits, at);
    expect(over).toMatchObject({ allowed: false, exhausted: 'month', limit: 5, remaining: 0, reset: Date.UTC(2026, 6, 1) / 1000, retryAfter: 14 * 3600 });
  });

  it('starts the day again at UTC midnight and the month on the first (controlled clock)', async () => {
    const { userId } = await keyedUser('counter@example.com');
    const limits = { daily: 2, monthly: 3 };
    const at = (iso: string) => new Date(iso);
    expect((await consumeQuota(ctx.database.db, userId, limits, at('2026-03-31T23:59:58Z'))).allowed).toBe(true);
    expect((await consumeQuota(ctx.database.db, userId, limits, at('2026-03-31T23:59:59Z'))).remaining).toBe(0);
    const over = await consumeQuota(ctx.database.db, userId, limits, at('2026-03-31T23:59:59.500Z'));
    expect(over).toMatchObject({ allowed: false, exhausted: 'day', retryAfter: 1 });
    // A new day and month: both counters start again.
    expect(await consumeQuota(ctx.database.db, userId, limits, at('2026-04-01T00:00:00Z'))).toMatchObject({ allowed: true, remaining: 1, reset: Date.UTC(2026, 3, 2) / 1000 });
    expect((await consumeQuota(ctx.database.db, userId, limits, at('2026-04-02T00:00:00Z'))).allowed).toBe(true);
    expect((await consumeQuota(ctx.database.db, userId, limits, at('2026-04-03T00:00:00Z'))).allowed).toBe(true);
    // The month's 3 are used though the day has room.
    expect(await consumeQuota(ctx.database.db, userId, limits, at('2026-04-04T00:00:00Z'))).toMatchObject({ allowed: false, exhausted: 'month', retryAfter: 27 * 86_400 });
    expect((await consumeQuota(ctx.database.db, userId, limits, at('2026-05-01T00:00:00Z'))).allowed).toBe(true);
  });
});
