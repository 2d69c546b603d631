import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiUsageQuota } from '../../db/schema';

export interface QuotaLimits {
  daily: number;
  monthly: number;
}

export interface QuotaVerdict {
  allowed: boolean;
  /**
   * The limit that binds: the daily one, unless fewer calls are left this month than today
   * (the X-RateLimit headers speak of it, so an integrator pacing by them is never surprised).
   */
  limit: number;
  remaining: number;
  /** Epoch seconds when the binding counter starts again (next UTC midnight or the 1st). */
  reset: number;
  /** What ran out, when not allowed. */
  exhausted: 'day' | 'month' | null;
  /** Seconds until the exhausted counter starts again. */
  retryAfter: number;
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);
const utcMonth = (now: Date) => now.toISOString().slice(0, 7);
const nextUtcMidnight = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
const nextUtcMonth = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);

interface Usage {
  daily: number;
  monthly: number;
}

/** The verdict for counters as they stand after this call (or without it, when refused). */
function verdictOf(used: Usage, limits: QuotaLimits, now: Date, allowed: boolean): QuotaVerdict {
  const dayLeft = Math.max(0, limits.daily - used.daily);
  const monthLeft = Math.max(0, limits.monthly - used.monthly);
  const monthBinds = monthLeft < dayLeft;
  const resetAt = monthBinds ? nextUtcMonth(now) : nextUtcMidnight(now);
  // The month first: when both ran out, the wait is the month's.
  const exhausted = allowed ? null : monthLeft === 0 ? 'month' : 'day';
  const until = exhausted === 'month' ? nextUtcMonth(now) : nextUtcMidnight(now);
  return {
    allowed,
    limit: monthBinds ? limits.monthly : limits.daily,
    remaining: monthBinds ? monthLeft : dayLeft,
    reset: Math.floor(resetAt / 1000),
    exhausted,
    retryAfter: allowed ? 0 : Math.max(1, Math.ceil((until - now.getTime()) / 1000)),
  };
}

/** What the user has used today and this month (zero for a counter of another day or month). */
async function usageOf(db: Db, userId: number, now: Date): Promise<Usage> {
  const [row] = await db.select().from(apiUsageQuota).where(eq(apiUsageQuota.userId, userId)).limit(1);
  return {
    daily: row?.lastResetDay === utcDay(now) ? row.currentDailyUsage : 0,
    monthly: row?.lastResetMonth === utcMonth(now) ? row.currentMonthlyUsage : 0,
  };
}

/** The counting statement, built once per database: building it took a tenth of a call's CPU. */
const countCalls = new WeakMap<Db, ReturnType<typeof prepareCountCall>>();
const countCall = (db: Db) => countCalls.get(db) ?? countCalls.set(db, prepareCountCall(db)).get(db)!;

function prepareCountCall(db: Db) {
  const q = apiUsageQuota;
  const [userId, day, month, daily, monthly] = [sql.placeholder('userId'), sql.placeholder('day'), sql.placeholder('month'), sql.placeholder('daily'), sql.placeholder('monthly')];
  const dayReset = sql`${q.lastResetDay} is distinct from ${day}`;
  const monthReset = sql`${q.lastResetMonth} is distinct from ${month}`;
  return db
    .insert(q)
    .values({ userId, dailyLimit: daily, monthlyLimit: monthly, currentDailyUsage: 1, currentMonthlyUsage: 1, lastResetDay: day, lastResetMonth: month })
    .onConflictDoUpdate({
      target: q.userId,
      set: {
        currentDailyUsage: sql`case when ${dayReset} then 1 else ${q.currentDailyUsage} + 1 end`,
        currentMonthlyUsage: sql`case when ${monthReset} then 1 else ${q.currentMonthlyUsage} + 1 end`,
        lastResetDay: sql`${day}`,
        lastResetMonth: sql`${month}`,
        dailyLimit: sql`${daily}`,
        monthlyLimit: sql`${monthly}`,
      },
      setWhere: sql`(${dayReset} or ${q.currentDailyUsage} < ${daily}) and (${monthReset} or ${q.currentMonthlyUsage} < ${monthly})`,
    })
    .returning({ daily: q.currentDailyUsage, monthly: q.currentMonthlyUsage })
    .prepare('api_quota_count_call');
}

/**
 * Counts one call for the user, atomically: one INSERT ... ON CONFLICT DO UPDATE whose row lock
 * serialises concurrent calls in every process. The counters start again when the stored UTC
 * day or month is not today's; the update happens only while both counters are under their
 * limits, so refused calls are not counted. `limits` are the plan's today: they are written to the
 * row on every counted call, so a plan change moves them at the next call.
 */
export async function consumeQuota(db: Db, userId: number, limits: QuotaLimits, now: Date): Promise<QuotaVerdict> {
  const counted = await countCall(db).execute({ userId, day: utcDay(now), month: utcMonth(now), daily: limits.daily, monthly: limits.monthly });
  if (counted[0]) return verdictOf(counted[0], limits, now, true);
  // Refused: read the row for the headers (no write, so no race that matters).
  return verdictOf(await usageOf(db, userId, now), limits, now, false);
}

/** The headers' figures without counting a call: for answers refused before the quota (a read-only plan's write). */
export async function peekQuota(db: Db, userId: number, limits: QuotaLimits, now: Date): Promise<QuotaVerdict> {
  return verdictOf(await usageOf(db, userId, now), limits, now, true);
}
