import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { DEFAULT_PLAN, DEFAULT_RECORD_QUOTA } from '../../../shared/defaults';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  /** argon2id hash; null for accounts that only sign in with Google. */
  password: text('password'),
  recordQuota: integer('record_quota').notNull().default(DEFAULT_RECORD_QUOTA),
  /** Stored lower-cased so the unique constraint is case-insensitive. */
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  emailVerifiedAt: timestamptz('email_verified_at'),
  /** SHA-256 of the emailed token, never the token itself. */
  verificationToken: text('verification_token'),
  verificationTokenExpiresAt: timestamptz('verification_token_expires_at'),
  verificationEmailSentAt: timestamptz('verification_email_sent_at'),
  provider: text('provider').notNull().default('local'),
  isDemo: boolean('is_demo').notNull().default(false),
  /** Bumped with every change to the user's scan results or duplicate groups: cached reads compare it. */
  resultsVersion: integer('results_version').notNull().default(0),
  fullName: text('full_name'),
  countryOfResidence: text('country_of_residence'),
  contactPhone: text('contact_phone'),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  /** Stripe's status of the subscription (active, past_due, canceled, ...); null without one. */
  subscriptionStatus: text('subscription_status'),
  /** End of the paid period: a cancelled subscription keeps its plan until then. */
  currentPeriodEnd: timestamptz('current_period_end'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** Set by invoice.payment_failed, cleared by invoice.paid: the banner with the portal link. */
  paymentFailedAt: timestamptz('payment_failed_at'),
  /** When the subscription state applied was read back from Stripe: a webhook holding an older read changes nothing. */
  billingUpdatedAt: timestamptz('billing_updated_at'),
  plan: text('plan').notNull().default(DEFAULT_PLAN),
  trialStartDate: timestamptz('trial_start_date'),
  trialEndDate: timestamptz('trial_end_date'),
  isPastTrial: boolean('is_past_trial').notNull().default(false),
  hasCompletedOnboarding: boolean('has_completed_onboarding').notNull().default(false),
  googleId: text('google_id').unique(),
  displayName: text('display_name'),
  profilePicture: text('profile_picture'),
  isGoogleAccount: boolean('is_google_account').notNull().default(false),
  /** SHA-256 of the API key: the key itself is shown once and never stored. */
  apiKey: text('api_key').unique(),
  apiKeyCreatedAt: timestamptz('api_key_created_at'),
  apiKeyLastUsed: timestamptz('api_key_last_used'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** The owning user of a row: every per-user table has one, and rows go when the user goes. */
export const ownerUserId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value, so a leaked table cannot be replayed. */
    id: text('id').primaryKey(),
    userId: ownerUserId(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** Links to choose a new password: one hour, one use, stored as a hash. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    /** SHA-256 of the emailed token. */
    id: text('id').primaryKey(),
    userId: ownerUserId(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/**
 * Browsers that have signed in to an account: their failed passwords never count towards
 * the limits that shield the account from everyone else (docs/decisions/009-sign-in-limits.md).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    /** SHA-256 of the device cookie; one browser may be known to several accounts. */
    id: text('id').notNull(),
    userId: ownerUserId(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.userId] }), index('known_devices_user_id_idx').on(t.userId)],
);

/**
 * Counters of rate-limiter-flexible's RateLimiterDrizzle, shared by every process on the
 * database; keys are SHA-256 of the limit's name and subject, so no address or IP is kept.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: timestamptz('expire'),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
