import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiUsageQuota } from '../../db/schema';

export interface QuotaLimits {
  daily: number;
  monthly: number;
}

export interface QuotaVerdict {
  allowed: boolean;
  /** The daily limit (the one the X-RateLimit headers speak of). */
  limit: number;
  remaining: number;
  /** Epoch seconds of the next UTC midnight, when the daily counter starts again. */
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

/**
 * Counts one call for the user, atomically: one INSERT ... ON CONFLICT DO UPDATE whose row lock
 * serialises concurrent calls in every process. The counters start again when the stored UTC
 * day or month is not today's; the update happens only while both counters are under their
 * limits, so refused calls are not counted. `limits` are the plan's today: they are written to the
 * row on every counted call, so a plan change moves them at the next call.
 */
export async function consumeQuota(db: Db, userId: number, limits: QuotaLimits, now: Date): Promise<QuotaVerdict> {
  const day = utcDay(now);
  const month = utcMonth(now);
  const q = apiUsageQuota;
  const dayReset = sql`${q.lastResetDay} is distinct from ${day}`;
  const monthReset = sql`${q.lastResetMonth} is distinct from ${month}`;
  const counted = await db
    .insert(q)
    .values({ userId, dailyLimit: limits.daily, monthlyLimit: limits.monthly, currentDailyUsage: 1, currentMonthlyUsage: 1, lastResetDay: day, lastResetMonth: month })
    .onConflictDoUpdate({
      target: q.userId,
      set: {
        currentDailyUsage: sql`case when ${dayReset} then 1 else ${q.currentDailyUsage} + 1 end`,
        currentMonthlyUsage: sql`case when ${monthReset} then 1 else ${q.currentMonthlyUsage} + 1 end`,
        lastResetDay: day,
        lastResetMonth: month,
        dailyLimit: limits.daily,
        monthlyLimit: limits.monthly,
      },
      setWhere: sql`(${dayReset} or ${q.currentDailyUsage} < ${limits.daily}) and (${monthReset} or ${q.currentMonthlyUsage} < ${limits.monthly})`,
    })
    .returning({ dailyLimit: q.dailyLimit, daily: q.currentDailyUsage });
  const reset = Math.floor(nextUtcMidnight(now) / 1000);
  if (counted[0]) return { allowed: true, limit: counted[0].dailyLimit, remaining: Math.max(0, counted[0].dailyLimit - counted[0].daily), reset, exhausted: null, retryAfter: 0 };

  // Refused: read the row for the headers (no write, so no race that matters).
  const [row] = await db.select().from(q).where(eq(q.userId, userId)).limit(1);
  const dayOut = row!.lastResetDay === day && row!.currentDailyUsage >= limits.daily;
  const until = dayOut ? nextUtcMidnight(now) : nextUtcMonth(now);
  return {
    allowed: false,
    limit: limits.daily,
    remaining: dayOut ? 0 : Math.max(0, limits.daily - (row!.lastResetDay === day ? row!.currentDailyUsage : 0)),
    reset,
    exhausted: dayOut ? 'day' : 'month',
    retryAfter: Math.max(1, Math.ceil((until - now.getTime()) / 1000)),
  };
}
