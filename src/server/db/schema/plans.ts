import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

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
