import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** The plan catalog; rows come from src/shared/plans.ts at start-up. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  /** US dollars per month. */
  pricePerMonth: integer('price_per_month').notNull(),
  features: jsonb('features').$type<string[]>().notNull(),
  /** Null means unlimited. */
  recordLimit: integer('record_limit'),
  mostPopular: boolean('most_popular').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Stripe events already handled, by Stripe's event id: a replayed webhook changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The account it was about, when it named one we know. */
  userId: integer('user_id'),
  /** Stripe's creation time of the event. */
  createdAt: timestamptz('created_at').notNull(),
  processedAt: timestamptz('processed_at').notNull().defaultNow(),
});
