import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandling } from './http/errors';
import { projectRoot } from './project-root';
import { registerInputTextCheck } from './http/input-text';
import { registerOpenApi } from './http/openapi';
import { registerSecurityHeaders } from './http/security';
import { registerWebApp } from './http/web-app';
import { registerOriginCheck } from './http/origin-check';
import { OneLinePerRequest } from './http/request-log';
import type { JobQueue } from './jobs/queue';
import { accountRoutes } from './modules/accounts';
import { billingRoutes } from './modules/billing';
import { authRoutes, type AuthDependencies, googleSignInRoutes, passwordResetRoutes, authRateLimits, verificationRoutes } from './modules/auth';
import { healthRoutes } from './modules/health';
import { createMailer, type Mailer, notificationRoutes, outboxRoutes, slackInstallRoutes, unsubscribeRoutes } from './modules/notifications';
import { cleanupRoutes } from './modules/cleanup';
import { connectionRoutes } from './modules/hubspot';
import { type DemoAccount, demoRoutes } from './modules/demo';
import { duplicateRoutes } from './modules/duplicates';
import { keyRoutes, v1Routes, webhookRoutes, type V1Dependencies } from './modules/enterprise-api';
import { objectRoutes } from './modules/objects';
import { recommendationRoutes } from './modules/recommendations';
import { resultsRoutes, scanRoutes } from './modules/scans';
import { settingsRoutes } from './modules/settings';
import { aiSettingsRoutes } from './modules/ai';
import { assistantRoutes } from './modules/assistant';
import { supportRoutes } from './modules/support';
import { secretBoxFor } from './security/secret-box';
import { APP_VERSION } from './version';

export const defaultWebRoot = path.join(projectRoot, 'dist/web');

export interface AppDependencies {
  config: Config;
  database: Database;
  queue: JobQueue;
  logger?: FastifyBaseLogger | boolean;
  /** Folder of the built web app; tests point elsewhere or nowhere. */
  webRoot?: string;
  /** Folder of the blog's Markdown files (content/blog when not given). */
  blogDir?: string;
  /** Outgoing email; built from the config (SMTP or the development outbox) when not given. */
  mailer?: Mailer;
  /** The public demo's account; the server passes one it prepares at start-up. */
  demo?: DemoAccount;
  /** The public API's clock and quota limits, for tests that cross midnight or use a small limit. */
  api?: Pick<V1Dependencies, 'now' | 'quotaLimits'>;
}

/** Builds the whole HTTP app without listening, so tests can use `app.inject()`. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    ...(typeof deps.logger === 'object' ? { loggerInstance: deps.logger } : { logger: deps.logger ?? false }),
    // Fastify trusts no hop for a bare number (it cannot check the nearest peer); a count
    // here says the app is reachable only through that many proxies, so trust them by position.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  registerInputTextCheck(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  registerOriginCheck(app, config);
  await registerOpenApi(app, APP_VERSION);

  const mailer = deps.mailer ?? createMailer({ config, log: app.log });
  if (!deps.mailer) app.addHook('onClose', () => mailer.close());
  const auth: AuthDependencies = { db: deps.database.db, config, mailer, limits: authRateLimits(deps.database.db) };

  await app.register(healthRoutes({ database: deps.database, queue: deps.queue, version: APP_VERSION }));
  await app.register(authRoutes(auth));
  await app.register(verificationRoutes(auth));
  await app.register(passwordResetRoutes(auth));
  await app.register(googleSignInRoutes(auth));
  await app.register(accountRoutes(auth));
  await app.register(billingRoutes({ db: deps.database.db, config }));
  await app.register(supportRoutes({ db: deps.database.db, config, mailer }));
  if (config.NODE_ENV !== 'production' && mailer.transport === 'outbox') await app.register(outboxRoutes({ config }));
  await app.register(unsubscribeRoutes({ db: deps.database.db, config }));
  const secrets = await secretBoxFor(config);
  await app.register(connectionRoutes({ db: deps.database.db, config, secrets }));
  await app.register(scanRoutes({ db: deps.database.db, queue: deps.queue }));
  await app.register(settingsRoutes({ db: deps.database.db, queue: deps.queue, config }));
  await app.register(aiSettingsRoutes({ db: deps.database.db, queue: deps.queue, config }));
  await app.register(notificationRoutes({ db: deps.database.db, config, mailer }));
  await app.register(slackInstallRoutes({ db: deps.database.db, config }));
  await app.register(resultsRoutes({ db: deps.database.db }));
  await app.register(recommendationRoutes({ db: deps.database.db }));
  await app.register(assistantRoutes({ db: deps.database.db, config }));
  await app.register(cleanupRoutes({ db: deps.database.db, config, queue: deps.queue }));
  await app.register(duplicateRoutes({ db: deps.database.db }));
  await app.register(demoRoutes({ db: deps.database.db, queue: deps.queue, config, log: app.log, ...(deps.demo ? { demo: deps.demo } : {}) }));
  await app.register(objectRoutes({ db: deps.database.db }));
  await app.register(keyRoutes({ db: deps.database.db }));
  await app.register(v1Routes({ db: deps.database.db, queue: deps.queue, log: app.log, config, ...deps.api }));
  await app.register(webhookRoutes({ db: deps.database.db, config, secrets }));

  await registerWebApp(app, deps.webRoot ?? defaultWebRoot, { publicUrl: config.publicUrl, ...(deps.blogDir ? { blogDir: deps.blogDir } : {}) });
  return app;
}

/** Trusts the nearest `hops` proxies: the client address is the one the outermost of them saw. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
