import { z } from 'zod';
import { OBJECT_TYPES } from '../object-types';

/** What happened, as the outbox records it (DESIGN.md, events, notifications and webhooks). */
export const NOTIFICATION_EVENT_KINDS = ['scan.completed', 'scan.failed', 'duplicates.found', 'health.changed', 'cleanup.completed'] as const;
export type NotificationEventKind = (typeof NOTIFICATION_EVENT_KINDS)[number];

/** A health score that moved at least this many points since the type's previous scan is news (stated in Help). */
export const HEALTH_CHANGE_THRESHOLD = 5;

export const NOTIFICATION_CHANNELS = ['email', 'slack'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What one delivery is: the notice of one scan or cleanup, a digest, the weekly report, or a test. */
export const DELIVERY_KINDS = ['scan', 'cleanup', 'digest', 'weekly-report', 'test'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/** pending: waiting for its first attempt; retrying: failed for now, tried again later; failed: given up (the reason is kept). */
export const DELIVERY_STATUSES = ['pending', 'sending', 'retrying', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const objectType = z.enum(OBJECT_TYPES);
const count = z.number().int().nonnegative();

export const scanCompletedPayloadSchema = z.object({
  runId: z.number().int().nullable(),
  /** manual, schedule or api. */
  trigger: z.string(),
  scanId: z.number().int(),
  objectType,
  totalRecords: count,
  duplicateRecords: count,
  /** Pending duplicate groups of this type after the scan. */
  duplicateGroups: count,
  /** Of those, the groups no earlier scan had found pending. */
  newDuplicateGroups: count,
  healthScore: z.number(),
  /** The type's health score at its previous completed scan; null at its first. */
  previousHealthScore: z.number().nullable(),
  scannedAt: z.iso.datetime(),
});

/** A scan run that ended in failure (not a cancelled one): which types it finished first, and why it stopped. */
export const scanFailedPayloadSchema = z.object({
  runId: z.number().int(),
  trigger: z.string(),
  objectTypes: z.array(objectType),
  /** Finished (and told of in their own scan.completed) before the failure. */
  completedTypes: z.array(objectType),
  /** Why, in words (such as "HubSpot did not accept the connection's access token"). */
  message: z.string(),
  failedAt: z.iso.datetime(),
});

export const duplicatesFoundPayloadSchema = z.object({
  runId: z.number().int().nullable(),
  scanId: z.number().int(),
  objectType,
  newGroups: z.number().int().positive(),
  totalGroups: count,
  /** Records in the new groups. */
  newRecords: count,
  /** When the new groups were found: the duplicates screen filters on it. */
  foundAt: z.iso.datetime(),
});

export const healthChangedPayloadSchema = z.object({
  runId: z.number().int().nullable(),
  scanId: z.number().int(),
  objectType,
  healthScore: z.number(),
  previousHealthScore: z.number(),
  /** healthScore - previousHealthScore, rounded to one decimal. */
  change: z.number(),
});

export const cleanupCompletedPayloadSchema = z.object({
  cleanupRunId: z.number().int(),
  scanRunId: z.number().int().nullable(),
  status: z.enum(['completed', 'failed', 'skipped']),
  mergedGroups: count,
  mergedRecords: count,
  failedGroups: count,
  skippedGroups: count,
  deferredGroups: count,
  /** The run's summary in words. */
  message: z.string(),
});

export type ScanCompletedPayload = z.infer<typeof scanCompletedPayloadSchema>;
export type ScanFailedPayload = z.infer<typeof scanFailedPayloadSchema>;
export type DuplicatesFoundPayload = z.infer<typeof duplicatesFoundPayloadSchema>;
export type HealthChangedPayload = z.infer<typeof healthChangedPayloadSchema>;
export type CleanupCompletedPayload = z.infer<typeof cleanupCompletedPayloadSchema>;

export const notificationEventSchema = z.discriminatedUnion('kind', [
  z.object({ id: z.number().int(), kind: z.literal('scan.completed'), createdAt: z.iso.datetime(), payload: scanCompletedPayloadSchema }),
  z.object({ id: z.number().int(), kind: z.literal('scan.failed'), createdAt: z.iso.datetime(), payload: scanFailedPayloadSchema }),
  z.object({ id: z.number().int(), kind: z.literal('duplicates.found'), createdAt: z.iso.datetime(), payload: duplicatesFoundPayloadSchema }),
  z.object({ id: z.number().int(), kind: z.literal('health.changed'), createdAt: z.iso.datetime(), payload: healthChangedPayloadSchema }),
  z.object({ id: z.number().int(), kind: z.literal('cleanup.completed'), createdAt: z.iso.datetime(), payload: cleanupCompletedPayloadSchema }),
]);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** One notification as the history screen shows it. */
export const notificationDeliverySchema = z
  .object({
    id: z.number().int(),
    createdAt: z.iso.datetime(),
    channel: z.enum(NOTIFICATION_CHANNELS),
    kind: z.enum(DELIVERY_KINDS),
    status: z.enum(DELIVERY_STATUSES),
    /** The email address or Slack channel it went to. */
    target: z.string(),
    /** The email's subject or the Slack message's headline. */
    subject: z.string(),
    /** The events it tells of. */
    events: z.array(z.enum(NOTIFICATION_EVENT_KINDS)),
    attempts: z.number().int(),
    sentAt: z.iso.datetime().nullable(),
    /** When it is tried again, while retrying. */
    nextAttemptAt: z.iso.datetime().nullable(),
    /** Why the last attempt failed, in words; null once sent. */
    error: z.string().nullable(),
  })
  .meta({ id: 'NotificationDelivery' });

export const notificationHistoryQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').max(100_000, 'page must be at most 100000').default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be a whole number from 1 to 100' }).int('pageSize must be a whole number from 1 to 100').min(1, 'pageSize must be a whole number from 1 to 100').max(100, 'pageSize must be a whole number from 1 to 100').default(20),
});

export const notificationHistorySchema = z
  .object({
    deliveries: z.array(notificationDeliverySchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Notifications over all pages. */
    total: z.number().int(),
  })
  .meta({ id: 'NotificationHistory' });

export const testEmailRequestSchema = z
  .strictObject({
    /** Where to send it; the saved notification address (or the account's) when left out. */
    to: z.email({ error: 'Please enter a valid email address' }).max(254, 'An email address is at most 254 characters').optional(),
  })
  .meta({ id: 'TestEmailRequest' });

export const testSlackRequestSchema = z
  .strictObject({
    /** A token to try before saving it; the saved one when left out. */
    botToken: z.string({ error: 'Slack bot token must be text' }).trim().min(1, 'Slack bot token is empty').max(500, 'Slack bot token must be at most 500 characters').regex(/^xox[a-z]-[\w-]+$/, 'A Slack bot token starts with xoxb- (copy it from your Slack app, OAuth & Permissions)').optional(),
    /** A channel to try before saving it; the saved one when left out. */
    channel: z
      .string({ error: 'Slack channel must be text' })
      .trim()
      .regex(/^#?[\p{Ll}\p{N}_-]{1,80}$|^[CG][A-Z0-9]{6,}$/u, 'A Slack channel is a name such as #crm-alerts (lowercase letters, digits, - and _) or a channel id such as C0123456789')
      .optional(),
  })
  .meta({ id: 'TestSlackRequest' });

export const testNotificationResponseSchema = z
  .object({
    ok: z.boolean(),
    channel: z.enum(NOTIFICATION_CHANNELS),
    /** Where it went (address or channel). */
    target: z.string().nullable(),
    /** The outcome in words, with the fix when it failed. */
    message: z.string(),
    /** A stable code for the failure (invalid_auth, channel_not_found, not_in_channel, smtp_refused, ...). */
    code: z.string().nullable(),
  })
  .meta({ id: 'TestNotificationResult' });

export type NotificationDeliveryView = z.infer<typeof notificationDeliverySchema>;
export type NotificationHistory = z.infer<typeof notificationHistorySchema>;
export type TestNotificationResult = z.infer<typeof testNotificationResponseSchema>;
