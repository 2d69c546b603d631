import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { ownerUserId } from './users';

/** Where an Enterprise integrator wants events posted; the signing secret is sealed with the app's key. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** SecretBox-sealed whsec_... secret. */
    secret: text('secret').notNull(),
    secretPrefix: text('secret_prefix').notNull(),
    /** Events created before this are not sent: set at create, reset on enable and on a change of events (no back-fill). */
    eventsSince: timestamptz('events_since').notNull().defaultNow(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/** One event for one endpoint: unique per (endpoint, event), so a second fan-out finds the first. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    eventType: text('event_type').notNull(),
    /** Stable across retries: the receiver deduplicates on it. */
    eventId: text('event_id').notNull(),
    /** The exact body posted. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending, sending, retrying, delivered or failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: timestamptz('next_attempt_at').defaultNow(),
    /** A worker sending it holds it until then; after that another may take it over. */
    leaseUntil: timestamptz('lease_until'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (t) => [
    unique('webhook_deliveries_endpoint_event_uq').on(t.endpointId, t.eventId),
    index('webhook_deliveries_user_idx').on(t.userId, t.createdAt, t.id),
    index('webhook_deliveries_open_idx').on(t.nextAttemptAt).where(sql`status in ('pending', 'sending', 'retrying')`),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
