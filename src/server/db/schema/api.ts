import { type AnyPgColumn, bigserial, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { DEFAULT_API_DAILY_LIMIT, DEFAULT_API_MONTHLY_LIMIT } from '../../../shared/defaults';
import { timestamptz } from './columns';
import { ownerUserId } from './users';

export const apiRequestLog = pgTable(
  'api_request_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: ownerUserId(),
    endpoint: text('endpoint').notNull(),
    method: text('method').notNull(),
    statusCode: integer('status_code').notNull(),
    responseTimeMs: integer('response_time_ms').notNull(),
    requestSize: integer('request_size').notNull().default(0),
    responseSize: integer('response_size').notNull().default(0),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
    errorMessage: text('error_message'),
  },
  // The purge finds old rows by time alone.
  (t) => [index('api_request_log_user_time_idx').on(t.userId, t.timestamp), index('api_request_log_time_idx').on(t.timestamp)],
);

export const apiUsageQuota = pgTable('api_usage_quota', {
  id: serial('id').primaryKey(),
  userId: ownerUserId().unique(),
  dailyLimit: integer('daily_limit').notNull().default(DEFAULT_API_DAILY_LIMIT),
  monthlyLimit: integer('monthly_limit').notNull().default(DEFAULT_API_MONTHLY_LIMIT),
  currentDailyUsage: integer('current_daily_usage').notNull().default(0),
  currentMonthlyUsage: integer('current_monthly_usage').notNull().default(0),
  /** UTC day (YYYY-MM-DD) the daily counter belongs to. */
  lastResetDay: text('last_reset_day'),
  /** UTC month (YYYY-MM) the monthly counter belongs to. */
  lastResetMonth: text('last_reset_month'),
});

/** API keys: only the SHA-256 of the secret is kept; the prefix is what the UI shows. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
    /** The key this one replaced by rotation. */
    rotatedFromId: integer('rotated_from_id').references((): AnyPgColumn => apiKeys.id, { onDelete: 'set null' }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
