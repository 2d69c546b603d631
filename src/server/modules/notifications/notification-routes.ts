import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { notificationHistoryQuerySchema, notificationHistorySchema, testEmailRequestSchema, testNotificationResponseSchema, testSlackRequestSchema, type TestNotificationResult } from '../../../shared/contracts/notifications';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notificationDeliveries, userSettings, type User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { secretBoxFor } from '../../security/secret-box';
import { allowsChatNotifications, CHAT_NOTIFICATIONS_NEED_PROFESSIONAL } from '../accounts';
import { Limit, requireUser, signedInUser } from '../auth';
import { noticeLinks, renderDeliveryEmail } from './delivery-content';
import { emailTarget, withDefaults } from './dispatch-events';
import { EmailDeliveryError, type Mailer } from './mailer';
import { listDeliveries } from './notification-history';
import { testSlack } from './slack-client';

export interface NotificationRoutesDependencies {
  db: Db;
  config: Config;
  mailer: Mailer;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

/** Settings, notifications: the history of what was sent, and "Send a test" for email and Slack. */
export function notificationRoutes({ db, config, mailer }: NotificationRoutesDependencies): FastifyPluginAsyncZod {
  const guard = requireUser(db);
  // A test can go to any address the user types: few, so that nobody uses it to send mail.
  const tests = new Limit(db, 'notification-tests', 10, 3600);

  /** A test is part of the history too, so a user can see it went (or why not). */
  const record = async (user: User, result: TestNotificationResult, subject: string) => {
    const now = new Date();
    await db.insert(notificationDeliveries).values({
      userId: user.id,
      channel: result.channel,
      kind: 'test',
      idempotencyKey: `test:${randomUUID()}`,
      target: result.target ?? '',
      subject,
      status: result.ok ? 'sent' : 'failed',
      attempts: 1,
      errorCode: result.code,
      errorMessage: result.ok ? null : result.message,
      createdAt: now,
      nextAttemptAt: now,
      sentAt: result.ok ? now : null,
    });
  };

  return async (app) => {
    app.get(
      '/api/settings/notifications/history',
      { preHandler: guard, schema: { tags: ['settings'], summary: 'The notifications sent to me (email and Slack), newest first, a page at a time', querystring: notificationHistoryQuerySchema, response: { 200: notificationHistorySchema, ...errors } } },
      async (request) => listDeliveries(db, signedInUser(request).id, request.query),
    );

    app.post(
      '/api/settings/notifications/test-email',
      {
        preHandler: guard,
        schema: {
          tags: ['settings'],
          summary: 'Send a test notification email now, to the given address or my notification address; the outcome in words',
          body: testEmailRequestSchema.optional(),
          response: { 200: testNotificationResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        await tests.take(`user:${user.id}`, reply);
        const [stored] = await db.select().from(userSettings).where(eq(userSettings.userId, user.id)).limit(1);
        const settings = withDefaults(stored);
        const to = request.body?.to ?? emailTarget(user, settings);
        const email = await renderDeliveryEmail(config, { userId: user.id, kind: 'test', events: [], details: {}, timeZone: settings.timeZone });
        let result: TestNotificationResult;
        try {
          // No List-Unsubscribe: a test may go to an address that is not the user's, which must not turn their emails off.
          await mailer.send({ to, subject: email.subject, html: email.html, text: email.text, kind: 'notification-test' });
          const where = mailer.transport === 'smtp' ? 'It can take a minute to arrive; look in the spam folder if it does not.' : 'This server has no mail server (SMTP_URL), so it went to the development outbox.';
          result = { ok: true, channel: 'email', target: to, message: `A test email was sent to ${to}. ${where}`, code: null };
        } catch (error) {
          if (!(error instanceof EmailDeliveryError)) throw error;
          result = { ok: false, channel: 'email', target: to, message: error.message, code: error.code };
        }
        await record(user, result, email.subject);
        return result;
      },
    );

    app.post(
      '/api/settings/notifications/test-slack',
      {
        preHandler: guard,
        schema: {
          tags: ['settings'],
          summary: 'Post a test message to Slack now, with the given or my saved token and channel; the outcome in words',
          body: testSlackRequestSchema.optional(),
          response: { 200: testNotificationResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        if (!allowsChatNotifications(user)) throw new HttpError(403, 'PLAN_REQUIRED', CHAT_NOTIFICATIONS_NEED_PROFESSIONAL);
        await tests.take(`user:${user.id}`, reply);
        const [stored] = await db.select().from(userSettings).where(eq(userSettings.userId, user.id)).limit(1);
        const token = request.body?.botToken ?? (stored?.slackBotToken ? (await secretBoxFor(config)).open(stored.slackBotToken) : null);
        const channel = request.body?.channel ?? stored?.slackChannel ?? null;
        if (!token) throw new HttpError(400, 'SLACK_TOKEN_MISSING', 'Add a Slack bot token (it starts with xoxb-) before sending a test.');
        if (!channel) throw new HttpError(400, 'SLACK_CHANNEL_MISSING', 'Choose the Slack channel to post to (such as #crm-alerts) before sending a test.');
        const result = await testSlack(config, { token, channel, links: { ...noticeLinks(config), settingsUrl: `${config.publicUrl}/settings#slack` } });
        await record(user, result, 'Test message from DataCleaner');
        return result;
      },
    );
  };
}
