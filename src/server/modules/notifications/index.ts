/**
 * Emails: templates, the mailer (SMTP or the development outbox) and the outbox routes.
 * This is what other modules may use: the rest of the folder is its own.
 */
export { passwordChangedEmail, passwordResetEmail, registrationAttemptEmail, supportMessageEmail, verificationEmail } from './email-templates';
export { createMailer, readOutbox } from './mailer';
export type { Mailer, OutboxEmail } from './mailer';
export { outboxRoutes } from './outbox-routes';
export { listDeliveries } from './notification-history';
export { recordCleanupEvent, recordMergeEvent, recordScanEvents, recordScanFailedEvent, type MergeCompletedPayload } from './outbox-events';
export { notificationRoutes } from './notification-routes';
export { deliverNotification, deliverNotificationJob } from './deliver-notification';
export { dispatchEvents } from './dispatch-events';
export { dispatchNotificationsJob, notificationsTickJob } from './notification-schedule';
export { unsubscribeRoutes } from './unsubscribe-routes';
export { slackInstallRoutes } from './slack-install-routes';
