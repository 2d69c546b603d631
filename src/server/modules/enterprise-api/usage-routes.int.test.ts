import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequestPage, ApiUsage } from '../../../shared/contracts/enterprise-api';
import { PLAN_CAPABILITIES } from '../../../shared/plans';
import { apiRequestLog, apiUsageQuota, users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { purgeOldApiRequests } from './purge-request-log';

let ctx: TestApp;
let owner: string;
let other: string;
let ownerId: number;
const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await startTestApp({ work: false });
  owner = await activeUser(ctx, 'usage-owner@example.com');
  other = await activeUser(ctx, 'usage-other@example.com');
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'usage-owner@example.com'));
  ownerId = row!.id;
  const at = (daysAgo: number, minute: number) => new Date(Date.now() - daysAgo * DAY - minute * 60_000);
  const line = (daysAgo: number, minute: number, statusCode: number, endpoint = '/api/v1/scans') => ({
    userId: ownerId,
    endpoint,
    method: 'GET',
    statusCode,
    responseTimeMs: 12,
    timestamp: at(daysAgo, minute),
    errorMessage: statusCode >= 400 ? 'refused' : null,
  });
  await ctx.database.db.insert(apiRequestLog).values([line(0, 1, 200), line(0, 2, 429), line(0, 3, 202, '/api/v1/scans/start'), line(3, 0, 200), line(40, 0, 200)]);
});
afterAll(async () => ctx?.stop());

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

describe('API usage', () => {
  const trial = PLAN_CAPABILITIES.trial;
  it('answers zero against the plan limits before any call, and the last 30 days', async () => {
    const usage = (await get(other, '/api/enterprise/usage')).json<ApiUsage>();
    expect(usage.today.used).toBe(0);
    expect(usage.month.used).toBe(0);
    expect(usage.today.limit).toBeGreaterThan(0);
    expect(usage.days).toHaveLength(30);
    expect(usage.days.at(-1)).toEqual({ day: today, calls: 0, errors: 0 });
  });

  // The limits shown are the plan's today, whatever an older quota row says.
  it("counts today's and this month's calls from the quota, and the days from the log", async () => {
    const month = today.slice(0, 7);
    await ctx.database.db.insert(apiUsageQuota).values({ userId: ownerId, dailyLimit: 500, monthlyLimit: 9000, currentDailyUsage: 3, currentMonthlyUsage: 70, lastResetDay: today, lastResetMonth: month });
    const response = await get(owner, '/api/enterprise/usage');
    expect(response.statusCode).toBe(200);
    const usage = response.json<ApiUsage>();
    expect(usage.today).toEqual({ used: 3, limit: trial.apiDailyLimit });
    expect(usage.month).toEqual({ used: 70, limit: trial.apiMonthlyLimit });
    expect(usage.days.reduce((n, d) => n + d.calls, 0)).toBe(4); // the 40-day-old call is outside
    expect(usage.days.reduce((n, d) => n + d.errors, 0)).toBe(1);
  });

  it('a counter from another day reads as zero today', async () => {
    await ctx.database.db.update(apiUsageQuota).set({ lastResetDay: '2000-01-01', lastResetMonth: '2000-01' }).where(eq(apiUsageQuota.userId, ownerId));
    const usage = (await get(owner, '/api/enterprise/usage')).json<ApiUsage>();
    expect(usage.today).toEqual({ used: 0, limit: trial.apiDailyLimit });
    expect(usage.month).toEqual({ used: 0, limit: trial.apiMonthlyLimit });
  });
});

describe('API request log', () => {
  it('forgets calls older than 90 days, a batch at a time, and keeps the rest', async () => {
    const now = new Date();
    const old = (days: number) => ({ userId: ownerId, endpoint: '/api/v1/results', method: 'GET', statusCode: 200, responseTimeMs: 5, timestamp: new Date(now.getTime() - days * DAY) });
    await ctx.database.db.insert(apiRequestLog).values([old(91), old(120), old(200), old(89)]);
    expect(await purgeOldApiRequests(ctx.database.db, now, 2)).toBe(3);
    const left = await ctx.database.db.select().from(apiRequestLog).where(eq(apiRequestLog.endpoint, '/api/v1/results'));
    expect(left).toHaveLength(1);
    await ctx.database.db.delete(apiRequestLog).where(eq(apiRequestLog.endpoint, '/api/v1/results'));
  });

  it('pages newest first and filters by status and endpoint; only the own log', async () => {
    const first = (await get(owner, '/api/enterprise/requests?pageSize=2')).json<ApiRequestPage>();
    expect(first.total).toBe(5);
    expect(first.requests.map((r) => r.statusCode)).toEqual([200, 429]);
    const second = (await get(owner, '/api/enterprise/requests?pageSize=2&page=2')).json<ApiRequestPage>();
    expect(second.requests.map((r) => r.statusCode)).toEqual([202, 200]);
    const errors = (await get(owner, '/api/enterprise/requests?status=error')).json<ApiRequestPage>();
    expect(errors.requests).toEqual([expect.objectContaining({ statusCode: 429, errorMessage: 'refused' })]);
    expect((await get(owner, '/api/enterprise/requests?status=success')).json<ApiRequestPage>().total).toBe(4);
    expect((await get(owner, '/api/enterprise/requests?status=202')).json<ApiRequestPage>().total).toBe(1);
    expect((await get(owner, '/api/enterprise/requests?endpoint=/api/v1/scans/start')).json<ApiRequestPage>().total).toBe(1);
    // Part of the route finds the routes under it; % means itself.
    expect((await get(owner, '/api/enterprise/requests?endpoint=scans')).json<ApiRequestPage>().total).toBe(5);
    expect((await get(owner, '/api/enterprise/requests?endpoint=%25')).json<ApiRequestPage>().total).toBe(0);
    // From two days ago: today's three calls; up to two days ago: the older two.
    const twoDaysAgo = new Date(Date.now() - 2 * DAY).toISOString();
    expect((await get(owner, `/api/enterprise/requests?from=${twoDaysAgo}`)).json<ApiRequestPage>().total).toBe(3);
    expect((await get(owner, `/api/enterprise/requests?to=${twoDaysAgo}`)).json<ApiRequestPage>().total).toBe(2);
    expect((await get(other, '/api/enterprise/requests')).json<ApiRequestPage>().total).toBe(0);
  });

  it('refuses a bad filter with words', async () => {
    const response = await get(owner, '/api/enterprise/requests?status=maybe');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('status');
    const badTime = await get(owner, '/api/enterprise/requests?from=yesterday');
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json<{ message: string }>().message).toContain('from must be a date and time');
  });
});
