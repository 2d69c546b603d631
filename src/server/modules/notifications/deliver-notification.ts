import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DeliveryKind, DeliveryStatus } from '../../../shared/contracts/notifications';
import type { Config } from '../../config';
import { notificationDeliveries, userSettings, users, type NotificationDeliveryRow } from '../../db/schema';
import { defineJob, type JobContext } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/queue';
import { secretBoxFor } from '../../security/secret-box';
import { allowsChatNotifications } from '../accounts';
import { loadEvents, renderDeliveryEmail, renderDeliverySlack, type DeliveryDetails } from './delivery-content';
import { withDefaults } from './dispatch-events';
import { createMailer, EmailDeliveryError, messageIdFor, type Mailer } from './mailer';
import type { SendFailure, SendOutcome } from './notice-types';
import { postSlackMessage } from './slack-client';
import { unsubscribeHeaders } from './unsubscribe';

/** Attempts before a delivery that keeps failing for now is given up. */
export const MAX_ATTEMPTS = 6;
/** An attempt holds its delivery this long; only then may another job take a 'sending' one over. */
const LEASE_MS = 300_000;
/** One attempt ends by then, whatever the service does: well inside the lease and the job's expiry. */
const SEND_DEADLINE_MS = 120_000;

/**
 * Sends one delivery. Its row is the state: claimed (status sending, by this job), then sent,
 * failed with its reason, or retrying at a time that backs off (or that the service asked for).
 * A worker killed mid-send leaves it 'sending': pg-boss retries the same job, which may take it
 * over at once and tells the channel an earlier attempt may have gone out (Slack then looks for
 * the message before posting; an email keeps its Message-ID), so nothing is sent twice or skipped.
 */
export const deliverNotificationJob = defineJob({
  name: 'notification-delivery',
  payload: z.object({ deliveryId: z.number().int().positive() }),
  retryLimit: 3,
  expireInSeconds: 240,
  heartbeatSeconds: 10,
  pollingIntervalSeconds: 1,
  handler: async ({ deliveryId }, context) => {
    await deliverNotification(context, deliveryId);
  },
});

/** Queues a delivery's next attempt, at once or at its retry time. */
export async function queueDelivery(queue: JobQueue, deliveryId: number, startAfter?: Date): Promise<void> {
  await queue.boss.send(deliverNotificationJob.name, { deliveryId }, startAfter && startAfter.getTime() > Date.now() ? { startAfter } : {});
}

const mailers = new WeakMap<Config, Mailer>();

/** One mailer per process and configuration (the web app has its own for account emails). */
function mailerFor(context: Pick<JobContext, 'config' | 'log'>): Mailer {
  let mailer = mailers.get(context.config);
  if (!mailer) {
    mailer = createMailer({ config: context.config, log: context.log });
    mailers.set(context.config, mailer);
  }
  return mailer;
}

export async function deliverNotification(context: Pick<JobContext, 'db' | 'config' | 'log' | 'queue' | 'jobId'>, deliveryId: number, now = new Date()): Promise<DeliveryStatus | null> {
  const { db, log } = context;
  // Per attempt: a retry of the same pg-boss job (its worker died) may take its row over at once,
  // and the dead attempt, if it were only stalled, can no longer write its outcome.
  const job = context.jobId ?? 'direct';
  const claimant = `${job}:${randomUUID()}`;
  const [before] = await db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, deliveryId)).limit(1);
  if (!before) return null;
  const open = (before.status === 'pending' || before.status === 'retrying') && before.nextAttemptAt.getTime() <= now.getTime() + 1000;
  const abandoned = before.status === 'sending' && ((context.jobId !== undefined && before.claimedBy?.startsWith(`${job}:`) === true) || (before.claimedAt?.getTime() ?? 0) < now.getTime() - LEASE_MS);
  if (!open && !abandoned) return before.status as DeliveryStatus;
  const [row] = await db
    .update(notificationDeliveries)
    .set({ status: 'sending', attempts: sql`${notificationDeliveries.attempts} + 1`, claimedBy: claimant, claimedAt: now })
    .where(and(eq(notificationDeliveries.id, deliveryId), eq(notificationDeliveries.status, before.status), eq(notificationDeliveries.attempts, before.attempts)))
    .returning();
  if (!row) return null;

  let outcome: SendOutcome;
  try {
    // Any earlier attempt may have sent it (a timeout, a 5xx after Slack posted, a dead worker):
    // the channel looks for it first, as far back as the delivery goes.
    outcome = await withDeadline(send(context, row, row.attempts > 1 ? row.createdAt : undefined), SEND_DEADLINE_MS);
  } catch (error) {
    log.error({ err: error, deliveryId }, 'notification delivery broke');
    outcome = { ok: false, permanent: false, code: 'internal_error', message: 'Something went wrong on our side while sending; it is tried again.' };
  }
  const mine = and(eq(notificationDeliveries.id, deliveryId), eq(notificationDeliveries.claimedBy, claimant), eq(notificationDeliveries.status, 'sending'));
  if (outcome.ok) {
    await db.update(notificationDeliveries).set({ status: 'sent', sentAt: new Date(), providerId: outcome.providerId, errorCode: null, errorMessage: null, claimedBy: null }).where(mine);
    log.info({ deliveryId, channel: row.channel, kind: row.kind }, 'notification sent');
    return 'sent';
  }
  const failure: SendFailure = outcome;
  if (failure.permanent || row.attempts >= MAX_ATTEMPTS) {
    const message = failure.permanent ? failure.message : `Gave up after ${row.attempts} attempts. ${failure.message}`;
    await db.update(notificationDeliveries).set({ status: 'failed', errorCode: failure.code, errorMessage: message, claimedBy: null }).where(mine);
    log.warn({ deliveryId, channel: row.channel, code: failure.code }, 'notification not sent');
    return 'failed';
  }
  const next = new Date(Date.now() + Math.max(backoffMs(row.attempts), (failure.retryAfterSeconds ?? 0) * 1000));
  const [retrying] = await db.update(notificationDeliveries).set({ status: 'retrying', nextAttemptAt: next, errorCode: failure.code, errorMessage: failure.message, claimedBy: null }).where(mine).returning({ id: notificationDeliveries.id });
  if (retrying) await queueDelivery(context.queue, deliveryId, next);
  log.info({ deliveryId, channel: row.channel, code: failure.code, next }, 'notification retried later');
  return 'retrying';
}

/** Why a notice made earlier must not go out now: the user turned its kind off since (an unsubscribe link, Settings). */
function switchedOff(channel: string, kind: DeliveryKind, settings: ReturnType<typeof withDefaults>): string | null {
  if (kind === 'test') return null;
  if (channel === 'slack') {
    if (!settings.slackNotifications) return 'Not sent: Slack notifications were turned off before it went out.';
    return kind === 'weekly-report' && !settings.slackSendWeeklyReport ? 'Not sent: the weekly report in Slack was turned off before it went out.' : null;
  }
  if (kind === 'weekly-report') return settings.emailNotifications && settings.emailWeeklyReport ? null : 'Not sent: the weekly report email was turned off before it went out.';
  return settings.emailNotifications ? null : 'Not sent: email notifications were turned off before it went out.';
}

function withDeadline(sending: Promise<SendOutcome>, ms: number): Promise<SendOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<SendOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, permanent: false, code: 'timeout', message: 'The service took too long to answer; it is tried again.' }), ms);
  });
  return Promise.race([sending, late]).finally(() => clearTimeout(timer));
}

/** 30 s, 1, 2, 4, 8 minutes... after the first, second... failed attempt, at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(3600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** `triedAt`: when an earlier attempt that may have sent it began (its worker died), so the channel can look for it first. */
async function send(context: Pick<JobContext, 'db' | 'config' | 'log'>, row: NotificationDeliveryRow, triedAt: Date | undefined): Promise<SendOutcome> {
  const { db, config } = context;
  const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) return { ok: false, permanent: true, code: 'account_deleted', message: 'The account no longer exists.' };
  // The public demo's team is made up: nothing is ever sent for it, whatever made the row.
  if (user.isDemo) return { ok: false, permanent: true, code: 'demo', message: 'This is the demo, so nothing was sent.' };
  const [stored] = await db.select().from(userSettings).where(eq(userSettings.userId, row.userId)).limit(1);
  const settings = withDefaults(stored);
  const subject = { userId: row.userId, kind: row.kind as DeliveryKind, events: await loadEvents(db, row.eventIds), details: row.details as DeliveryDetails, timeZone: settings.timeZone };

  const turnedOff = switchedOff(row.channel, row.kind as DeliveryKind, settings);
  if (turnedOff) return { ok: false, permanent: true, code: 'turned_off', message: turnedOff };

  if (row.channel === 'email') {
    const email = await renderDeliveryEmail(config, subject);
    // The same for every attempt: a resend after a crash is the same email to mail systems.
    const messageId = messageIdFor(config, `notification-${row.id}`);
    try {
      await mailerFor(context).send({ to: row.target, subject: email.subject, html: email.html, text: email.text, kind: `notification-${row.kind}`, headers: unsubscribeHeaders(email.unsubscribeUrl), messageId });
      return { ok: true, providerId: messageId };
    } catch (error) {
      if (error instanceof EmailDeliveryError) return { ok: false, permanent: error.permanent, code: error.code, message: error.message };
      throw error;
    }
  }

  if (!settings.slackBotToken) return { ok: false, permanent: true, code: 'slack_not_configured', message: 'Slack has no bot token any more: add one in Settings to get Slack messages again.' };
  if (!allowsChatNotifications(user)) return { ok: false, permanent: true, code: 'plan_required', message: 'Slack notifications are part of the Professional plan, which this account no longer has.' };
  const token = (await secretBoxFor(config)).open(settings.slackBotToken);
  return postSlackMessage(config, { token, channel: row.target, message: renderDeliverySlack(config, subject), idempotencyKey: row.idempotencyKey, alreadyTried: triedAt !== undefined, ...(triedAt ? { firstTriedAt: triedAt } : {}) });
}
