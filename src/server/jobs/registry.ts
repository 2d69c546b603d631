import { purgeExpiredSessions } from '../modules/auth';
import { automaticCleanupJob, mergeJob } from '../modules/cleanup';
import { purgeApiRequestLog, purgeWebhookDeliveriesJob, webhooksTickJob } from '../modules/enterprise-api';
import { deliverNotificationJob, dispatchNotificationsJob, notificationsTickJob } from '../modules/notifications';
import { scanJob, scheduledScanJob } from '../modules/scans';
import type { JobDefinition } from './define-job';

/** Every job the product runs. A queue exists for each; workers serve them all. */
export const jobRegistry: readonly JobDefinition[] = [purgeExpiredSessions, scanJob, scheduledScanJob, mergeJob, automaticCleanupJob, dispatchNotificationsJob, deliverNotificationJob, notificationsTickJob, purgeApiRequestLog, webhooksTickJob, purgeWebhookDeliveriesJob];
