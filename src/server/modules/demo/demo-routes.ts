import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientUserSchema } from '../../../shared/contracts/auth';
import { automaticCleanupRunPageSchema, automaticCleanupRunsQuerySchema, historyPageSchema, historyQuerySchema, mergePlanQuerySchema, mergePlanSchema } from '../../../shared/contracts/cleanup';
import { aiSettingsSchema } from '../../../shared/contracts/ai';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { rowIdParam } from '../../../shared/contracts/ids';
import { hubspotStatusSchema } from '../../../shared/contracts/hubspot';
import { notificationHistoryQuerySchema, notificationHistorySchema, testEmailRequestSchema, testNotificationResponseSchema, testSlackRequestSchema, type TestNotificationResult } from '../../../shared/contracts/notifications';
import { lastScanResponseSchema, updateSettingsRequestSchema, userSettingsSchema } from '../../../shared/contracts/settings';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { toClientUser, findUserById } from '../accounts';
import { demoAiSettings } from '../ai';
import { assistantRoutes } from '../assistant';
import { listAutomaticCleanupRuns, listHistory } from '../cleanup';
import { duplicateRoutes } from '../duplicates';
import { hubspotStatus } from '../hubspot';
import { listDeliveries } from '../notifications';
import { recommendationRoutes } from '../recommendations';
import { resultsRoutes, recentScanRuns } from '../scans';
import { previewSettings, readSettings } from '../settings';
import { DemoAccount } from './demo-account';
import { demoMergePlan } from './demo-cleanup';
import { demoEnterpriseRoutes } from './demo-enterprise';
import { DEMO_SLACK_CHANNEL } from './demo-notifications';

export const DEMO_PREFIX = '/api/demo';
export const DEMO_READ_ONLY = 'This is the demo, so nothing here can be changed. Start your free trial to clean up your own HubSpot portal.';
export const DEMO_NOTHING_SENT = 'This is the demo, so nothing was sent.';

export interface DemoDependencies {
  db: Db;
  queue: JobQueue;
  config: Config;
  log: FastifyBaseLogger;
  demo?: DemoAccount;
}

/**
 * The public demo's API under /api/demo: the same reads as a signed-in user's, of the demo
 * account, with no sign-in. Settings and duplicate decisions answer as if saved and keep
 * nothing; any other write is refused with a word on how to get a real account.
 */
export function demoRoutes(deps: DemoDependencies): FastifyPluginAsyncZod {
  const { db } = deps;
  const demo = deps.demo ?? new DemoAccount(db, deps.log);
  const owner = () => demo.userId();
  const demoUser = async (): Promise<User> => {
    const user = await findUserById(db, await owner());
    if (!user) throw new HttpError(503, 'DEMO_UNAVAILABLE', 'The demo is being prepared. Try again in a few seconds.');
    return user;
  };
  const tags = ['demo'];

  return async (app) => {
    app.get(`${DEMO_PREFIX}/user`, { schema: { tags, summary: "The demo account, as /api/user shows a signed-in user", response: { 200: clientUserSchema } } }, async () => toClientUser(await demoUser()));

    app.get(`${DEMO_PREFIX}/settings`, { schema: { tags, summary: "The demo account's settings", response: { 200: userSettingsSchema } } }, async () => readSettings(deps, await demoUser()));

    app.put(
      `${DEMO_PREFIX}/settings`,
      { schema: { tags, summary: 'Settings as they would be saved; the demo keeps nothing', body: updateSettingsRequestSchema, response: { 200: userSettingsSchema, 400: apiErrorSchema } } },
      async (request) => previewSettings(deps, await demoUser(), request.body),
    );

    // AI changes are refused by the catch-all below, as every other write.
    app.get(`${DEMO_PREFIX}/settings/ai`, { schema: { tags, summary: "The demo's AI settings: on only when the server has a demo key", response: { 200: aiSettingsSchema } } }, async () =>
      demoAiSettings(deps),
    );

    app.get(`${DEMO_PREFIX}/settings/last-scan`, { schema: { tags, summary: "The demo account's newest scan run", response: { 200: lastScanResponseSchema } } }, async () => ({
      lastScan: (await recentScanRuns(db, await owner(), 1))[0] ?? null,
    }));

    app.get(
      `${DEMO_PREFIX}/settings/notifications/history`,
      { schema: { tags, summary: 'What the demo team was sent, newest first', querystring: notificationHistoryQuerySchema, response: { 200: notificationHistorySchema, 400: apiErrorSchema } } },
      async (request) => listDeliveries(db, await owner(), request.query),
    );

    // The test buttons answer as a real send would, after the same checks, and send nothing.
    app.post(
      `${DEMO_PREFIX}/settings/notifications/test-email`,
      { schema: { tags, summary: 'A test email as it would be sent; the demo sends nothing', body: testEmailRequestSchema, response: { 200: testNotificationResponseSchema, 400: apiErrorSchema } } },
      async (request): Promise<TestNotificationResult> => {
        const user = await demoUser();
        const target = request.body.to ?? (await readSettings(deps, user)).notificationEmail ?? user.email;
        return { ok: true, channel: 'email', target, message: DEMO_NOTHING_SENT, code: null };
      },
    );

    app.post(
      `${DEMO_PREFIX}/settings/notifications/test-slack`,
      { schema: { tags, summary: 'A test Slack message as it would be posted; the demo sends nothing', body: testSlackRequestSchema, response: { 200: testNotificationResponseSchema, 400: apiErrorSchema } } },
      async (request): Promise<TestNotificationResult> => {
        const target = request.body.channel ?? (await readSettings(deps, await demoUser())).slackChannel ?? DEMO_SLACK_CHANNEL;
        return { ok: true, channel: 'slack', target, message: DEMO_NOTHING_SENT, code: null };
      },
    );

    app.get(`${DEMO_PREFIX}/hubspot/status`, { schema: { tags, summary: "The demo portal's connection and mirror", response: { 200: hubspotStatusSchema } } }, async () => hubspotStatus(deps, await owner()));

    app.get(
      `${DEMO_PREFIX}/cleanup/groups/:groupId/plan`,
      {
        schema: {
          tags,
          summary: "A demo group's merge as it would run, from the demo portal's records; merging itself is refused",
          params: z.object({ groupId: rowIdParam('group') }),
          querystring: mergePlanQuerySchema,
          response: { 200: mergePlanSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request) => demoMergePlan(db, await owner(), request.params.groupId, request.query),
    );

    app.get(
      `${DEMO_PREFIX}/cleanup/history`,
      { schema: { tags, summary: "What the demo team merged and dismissed, newest first", querystring: historyQuerySchema, response: { 200: historyPageSchema, 400: apiErrorSchema } } },
      async (request) => listHistory(db, await owner(), request.query),
    );

    app.get(
      `${DEMO_PREFIX}/cleanup/automatic-runs`,
      { schema: { tags, summary: "The demo account's automatic cleanup runs", querystring: automaticCleanupRunsQuerySchema, response: { 200: automaticCleanupRunPageSchema, 400: apiErrorSchema } } },
      async (request) => listAutomaticCleanupRuns(db, await owner(), request.query.page, request.query.pageSize),
    );

    // The demo's results never change (a rebuild makes a new account), so one version serves.
    await app.register(resultsRoutes({ db, prefix: DEMO_PREFIX, resultsOwner: async () => ({ id: await owner(), version: 0 }) }));
    await app.register(recommendationRoutes({ db, prefix: DEMO_PREFIX, owner: demoUser }));
    // Asking is a read: its POST is answered here, before the catch-all below refuses writes.
    await app.register(assistantRoutes({ db, config: deps.config, prefix: DEMO_PREFIX, owner: demoUser }));
    await app.register(duplicateRoutes({ db, prefix: DEMO_PREFIX, groupsOwner: owner, persist: false }));
    await app.register(demoEnterpriseRoutes({ prefix: DEMO_PREFIX }));

    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${DEMO_PREFIX}/*`,
      schema: { tags, summary: 'Every other change: refused, the demo is read-only', response: { 403: apiErrorSchema } },
      handler: async () => {
        throw new HttpError(403, 'DEMO_READ_ONLY', DEMO_READ_ONLY);
      },
    });
  };
}
