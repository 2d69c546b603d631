import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { API_USAGE_DAYS, type ApiRequestPage, type ApiRequestsQuery, type ApiUsage } from '../../../shared/contracts/enterprise-api';
import type { Db } from '../../db/client';
import { apiRequestLog, apiUsageQuota, type User } from '../../db/schema';
import { capabilitiesOf } from '../accounts';

const DAY_MS = 86_400_000;
const utcDayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Today's and this month's calls against the limits, as the quota counts them (a counter from an
 * earlier day or month is zero now), and the calls of the last 30 UTC days from the request log.
 */
export async function apiUsageOf(db: Db, user: User, now: Date): Promise<ApiUsage> {
  const [row] = await db.select().from(apiUsageQuota).where(eq(apiUsageQuota.userId, user.id)).limit(1);
  // Without a row (no call yet) the limits are the plan's, which the first call will write.
  const plan = capabilitiesOf(user, now);
  const today = utcDayOf(now);
  const month = today.slice(0, 7);

  const first = new Date(Date.parse(today) - (API_USAGE_DAYS - 1) * DAY_MS);
  const day = sql<string>`to_char(${apiRequestLog.timestamp} at time zone 'UTC', 'YYYY-MM-DD')`;
  const counted = await db
    .select({ day, calls: count(), errors: sql<number>`count(*) filter (where ${apiRequestLog.statusCode} >= 400)`.mapWith(Number) })
    .from(apiRequestLog)
    .where(and(eq(apiRequestLog.userId, user.id), gte(apiRequestLog.timestamp, first)))
    .groupBy(day);
  const byDay = new Map(counted.map((c) => [c.day, c]));
  const days = Array.from({ length: API_USAGE_DAYS }, (_, i) => {
    const key = utcDayOf(new Date(first.getTime() + i * DAY_MS));
    const found = byDay.get(key);
    return { day: key, calls: found?.calls ?? 0, errors: found?.errors ?? 0 };
  });

  // The plan's limits today (the quota row's follow them at the next call).
  return {
    today: { used: row?.lastResetDay === today ? row.currentDailyUsage : 0, limit: plan.apiDailyLimit },
    month: { used: row?.lastResetMonth === month ? row.currentMonthlyUsage : 0, limit: plan.apiMonthlyLimit },
    days,
  };
}

function statusCondition(status: ApiRequestsQuery['status']): SQL | undefined {
  if (status === undefined) return undefined;
  if (status === 'success') return lt(apiRequestLog.statusCode, 400);
  if (status === 'error') return gte(apiRequestLog.statusCode, 400);
  return eq(apiRequestLog.statusCode, status);
}

/** One page of the user's request log, newest first. */
export async function apiRequestsOf(db: Db, userId: number, query: ApiRequestsQuery): Promise<ApiRequestPage> {
  const where = and(
    eq(apiRequestLog.userId, userId),
    statusCondition(query.status),
    // A plain substring (strpos), so % and _ in the filter mean themselves.
    query.endpoint ? sql`strpos(${apiRequestLog.endpoint}, ${query.endpoint}) > 0` : undefined,
    query.from ? gte(apiRequestLog.timestamp, new Date(query.from)) : undefined,
    query.to ? lt(apiRequestLog.timestamp, new Date(query.to)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(apiRequestLog).where(where);
  const rows = await db
    .select()
    .from(apiRequestLog)
    .where(where)
    .orderBy(desc(apiRequestLog.timestamp), desc(apiRequestLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    requests: rows.map((r) => ({
      id: r.id,
      method: r.method,
      endpoint: r.endpoint,
      statusCode: r.statusCode,
      responseTimeMs: r.responseTimeMs,
      timestamp: r.timestamp.toISOString(),
      errorMessage: r.errorMessage,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}
