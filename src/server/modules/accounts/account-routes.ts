import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountRequestSchema, profileRequestSchema } from '../../../shared/contracts/accounts';
import { clientUserSchema, messageResponseSchema } from '../../../shared/contracts/auth';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { aiConversations, aiMessages, apiRequestLog, apiUsageQuota, billingEvents, cleanupRuns, crmConnections, crmSyncState, duplicateGroups, knownDevices, mergeBackups, merges, notificationDeliveries, notificationEvents, recommendationStates, recordActions, scanHistory, scanRuns, sessions, userSettings, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { requireUser, signedInUser, verifyPassword, endSession } from '../auth';
import { cancelSubscriptionOfDeletedAccount } from '../billing';
import { toClientUser } from './client-user';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** Profile setup, onboarding, and the data rights the /gdpr page promises. */
export function accountRoutes({ db, config }: { db: Db; config: Config }): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/api/profile',
      {
        preHandler: requireUser(db, { incompleteProfile: true }),
        schema: { tags: ['account'], summary: 'Complete or change the profile', body: profileRequestSchema, response: { 200: clientUserSchema, ...errors } },
      },
      async (request) => {
        const [user] = await db
          .update(users)
          .set({ ...request.body, updatedAt: new Date() })
          .where(eq(users.id, signedInUser(request).id))
          .returning();
        return toClientUser(user!);
      },
    );

    app.post(
      '/api/onboarding/complete',
      {
        preHandler: requireUser(db),
        schema: { tags: ['account'], summary: 'Mark onboarding as done', response: { 200: clientUserSchema, ...errors } },
      },
      async (request) => {
        const [user] = await db.update(users).set({ hasCompletedOnboarding: true, updatedAt: new Date() }).where(eq(users.id, signedInUser(request).id)).returning();
        return toClientUser(user!);
      },
    );

    app.get(
      '/api/account/export',
      {
        // Data rights hold whatever the state of the account.
        preHandler: requireUser(db, { unverified: true, incompleteProfile: true, expiredTrial: true }),
        schema: { tags: ['account'], summary: 'Everything stored about me, as JSON', response: { 200: z.record(z.string(), z.unknown()), ...errors } },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const [settings, connections, syncState, runs, scans, groups, actions, mergeRows, backups, cleanups, apiLog, quota, signIns, devices, deliveries, events, stripeEvents, conversations, messages, recommendationChoices] = await Promise.all([
          db.select().from(userSettings).where(eq(userSettings.userId, user.id)),
          db.select().from(crmConnections).where(eq(crmConnections.userId, user.id)),
          db
            .select({ syncState: crmSyncState })
            .from(crmSyncState)
            .innerJoin(crmConnections, eq(crmConnections.id, crmSyncState.connectionId))
            .where(eq(crmConnections.userId, user.id)),
          db.select().from(scanRuns).where(eq(scanRuns.userId, user.id)).orderBy(desc(scanRuns.createdAt)),
          db.select().from(scanHistory).where(eq(scanHistory.userId, user.id)).orderBy(desc(scanHistory.timestamp)),
          db.select().from(duplicateGroups).where(eq(duplicateGroups.userId, user.id)),
          db.select().from(recordActions).where(eq(recordActions.userId, user.id)),
          db.select().from(merges).where(eq(merges.userId, user.id)),
          // The backups hold the CRM values of merged records: they are the user's data too.
          db.select().from(mergeBackups).where(eq(mergeBackups.userId, user.id)),
          db.select().from(cleanupRuns).where(eq(cleanupRuns.userId, user.id)),
          db.select().from(apiRequestLog).where(eq(apiRequestLog.userId, user.id)),
          db.select().from(apiUsageQuota).where(eq(apiUsageQuota.userId, user.id)),
          db
            .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress })
            .from(sessions)
            .where(eq(sessions.userId, user.id)),
          // Browsers that signed in (their ids are hashes of cookie secrets, so they stay out).
          db.select({ createdAt: knownDevices.createdAt, lastUsedAt: knownDevices.lastUsedAt }).from(knownDevices).where(eq(knownDevices.userId, user.id)),
          db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, user.id)).orderBy(desc(notificationDeliveries.createdAt)),
          db.select().from(notificationEvents).where(eq(notificationEvents.userId, user.id)).orderBy(desc(notificationEvents.createdAt)),
          db.select().from(billingEvents).where(eq(billingEvents.userId, user.id)).orderBy(desc(billingEvents.createdAt)),
          db.select().from(aiConversations).where(eq(aiConversations.userId, user.id)).orderBy(desc(aiConversations.updatedAt)),
          db.select().from(aiMessages).where(eq(aiMessages.userId, user.id)).orderBy(asc(aiMessages.id)),
          db.select().from(recommendationStates).where(eq(recommendationStates.userId, user.id)),
        ]);
        const { password, verificationToken, apiKey, ...account } = user;
        reply.header('content-disposition', `attachment; filename="datacleaner-export-${new Date().toISOString().slice(0, 10)}.json"`);
        reply.header('cache-control', 'no-store');
        return {
          exportedAt: new Date().toISOString(),
          // Secrets are named, never shown: an export file is easy to leave lying around.
          account: { ...account, hasPassword: password !== null, hasPendingVerification: verificationToken !== null, hasApiKey: apiKey !== null },
          settings: settings.map(({ hubspotToken, slackBotToken, openaiApiKey, ...rest }) => ({ ...rest, hasHubspotToken: hubspotToken !== null, hasSlackBotToken: slackBotToken !== null, hasOpenaiApiKey: openaiApiKey !== null })),
          crmConnections: connections.map(({ accessToken, refreshToken, ...rest }) => ({ ...rest, hasAccessToken: accessToken !== null, hasRefreshToken: refreshToken !== null })),
          crmSyncState: syncState.map((row) => row.syncState),
          scanRuns: runs,
          scans,
          duplicateGroups: groups,
          recordActions: actions,
          merges: mergeRows,
          mergeBackups: backups,
          automaticCleanupRuns: cleanups,
          apiRequests: apiLog,
          apiUsageQuota: quota,
          sessions: signIns,
          knownDevices: devices,
          // Every email and Slack message sent (or tried), and the events they told of.
          notifications: deliveries.map(({ claimedBy: _claimedBy, claimedAt: _claimedAt, ...rest }) => rest),
          notificationEvents: events,
          // The assistant's conversations with every question, answer, table and link, and the tokens they used.
          assistantConversations: conversations.map((conversation) => ({ ...conversation, messages: messages.filter((m) => m.conversationId === conversation.id) })),
          recommendationStates: recommendationChoices,
          // The plan as Stripe's webhooks set it, and which of their events concerned this account.
          billing: {
            plan: user.plan,
            subscriptionStatus: user.subscriptionStatus,
            currentPeriodEnd: user.currentPeriodEnd,
            cancelAtPeriodEnd: user.cancelAtPeriodEnd,
            paymentFailedAt: user.paymentFailedAt,
            stripeCustomerId: user.stripeCustomerId,
            stripeSubscriptionId: user.stripeSubscriptionId,
            events: stripeEvents,
          },
        };
      },
    );

    app.delete(
      '/api/account',
      {
        preHandler: requireUser(db, { unverified: true, incompleteProfile: true, expiredTrial: true }),
        schema: { tags: ['account'], summary: 'Delete my account and everything stored with it (a subscription is cancelled first)', body: deleteAccountRequestSchema, response: { 200: messageResponseSchema, 409: apiErrorSchema, 502: apiErrorSchema, ...errors } },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const confirmed = user.password
          ? await verifyPassword(user.password, request.body.password ?? '')
          : request.body.confirmEmail?.trim().toLowerCase() === user.email;
        if (!confirmed) {
          throw new HttpError(400, 'CONFIRMATION_FAILED', user.password ? 'The password is not correct.' : 'Type your email address to confirm.');
        }
        // Nobody keeps paying for a deleted account: no deletion unless Stripe has ended the subscription.
        await cancelSubscriptionOfDeletedAccount(config, user, request.log);
        // Every per-user table references users with ON DELETE CASCADE: one delete takes it all.
        await db.transaction(async (tx) => {
          // Stripe event ids are kept without a reference to the user (an event may name no known account).
          await tx.delete(billingEvents).where(eq(billingEvents.userId, user.id));
          await tx.delete(users).where(eq(users.id, user.id));
        });
        await endSession(db, config, request, reply);
        request.log.info({ userId: user.id }, 'account deleted at the user\'s request');
        return { message: 'Your account and all its data have been deleted.' };
      },
    );
  };
}
