import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { ownerUserId } from './users';

/**
 * The outbox: what happened (a scan finished, duplicates were found, ...), written in the same
 * transaction as the results it tells of, so an event is never lost nor doubled. Deliveries
 * (email, Slack, later webhooks) are made from it by the dispatcher.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    /** scan.completed, duplicates.found, health.changed or cleanup.completed. */
    kind: text('kind').notNull(),
    /** The scan run it belongs to: one notice tells of a whole run, once the run has finished. */
    runId: integer('run_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** When the dispatcher made its deliveries; null while waiting (for its run to finish). */
    dispatchedAt: timestamptz('dispatched_at'),
    /** instant, digest or none: how the email channel took it, so a digest gathers only what was not sent at once. */
    emailRoute: text('email_route'),
    /** The digest that told of it: a digest takes the routed events no digest took, whenever they were routed. */
    digestDeliveryId: integer('digest_delivery_id'),
  },
  (t) => [
    index('notification_events_waiting_idx').on(t.id).where(sql`dispatched_at is null`),
    index('notification_events_user_idx').on(t.userId, t.id),
    index('notification_events_digest_idx').on(t.userId, t.id).where(sql`email_route = 'digest' and digest_delivery_id is null`),
  ],
);

/** One message to one channel: its idempotency key makes it exist once, its status says how it went. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    /** email or slack. */
    channel: text('channel').notNull(),
    /** scan, cleanup, digest, weekly-report or test. */
    kind: text('kind').notNull(),
    /** (what, channel): a second dispatch of the same thing finds the first row instead of sending again. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The outbox events it tells of (none for the weekly report and tests). */
    eventIds: jsonb('event_ids').$type<number[]>().notNull().default([]),
    /** What to render besides the events: the period of a digest or report. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The address or channel, fixed when the delivery is made. */
    target: text('target').notNull(),
    subject: text('subject').notNull(),
    /** pending, sending, retrying, sent or failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** The job attempt sending it now: another job waits for the lease to run out before it may take over. */
    claimedBy: text('claimed_by'),
    claimedAt: timestamptz('claimed_at'),
    /** A stable code for the last failure (invalid_auth, smtp_refused, ...). */
    errorCode: text('error_code'),
    /** The last failure in words, shown in the history. */
    errorMessage: text('error_message'),
    /** The Message-ID of the email or the ts of the Slack message. */
    providerId: text('provider_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('notification_deliveries_user_idx').on(t.userId, t.createdAt, t.id),
    index('notification_deliveries_open_idx').on(t.nextAttemptAt).where(sql`status in ('pending', 'sending', 'retrying')`),
  ],
);

export type NotificationEventRow = typeof notificationEvents.$inferSelect;
export type NotificationDeliveryRow = typeof notificationDeliveries.$inferSelect;
