import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { v1ScanListSchema } from '../../../shared/contracts/enterprise-api';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { rowIdParam } from '../../../shared/contracts/ids';
import { scanRunSchema, startScanRequestSchema } from '../../../shared/contracts/scans';
import type { PlanCapabilities } from '../../../shared/plans';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { capabilitiesOf } from '../accounts';
import { recentScanRuns, scanRunView, startScanFor } from '../scans';
import { apiPlanRequired } from './key-routes';
import { MatchIndexCache } from './match-index-cache';
import { matchRoutes } from './match-routes';
import { consumeQuota, peekQuota, type QuotaLimits } from './quota';
import { ApiRequestLogBuffer } from './request-log-buffer';
import { authenticateApiKey, KeyUseMarks } from './v1-auth';
import { callerOf, knownCaller, setCaller } from './v1-caller';
import { v1DuplicateRoutes } from './v1-duplicate-routes';
import { v1MergeRoutes } from './v1-merge-routes';
import { v1OpenApiRoutes } from './v1-openapi';
import { v1RecommendationRoutes } from './v1-recommendation-routes';
import { v1ResultsRoutes } from './v1-results-routes';

export interface V1Dependencies {
  db: Db;
  queue: JobQueue;
  log: FastifyBaseLogger;
  config: Config;
  /** The clock quotas count by (tests move it across midnight). */
  now?: () => Date;
  /** The limits a plan gives (tests set a small one); the capability table's by default. */
  quotaLimits?: (capabilities: PlanCapabilities) => QuotaLimits;
  /** Warm match indexes (bench and tests share one to warm it up front). */
  matchIndexes?: MatchIndexCache;
}

const planQuotaLimits = (capabilities: PlanCapabilities): QuotaLimits => ({ daily: capabilities.apiDailyLimit, monthly: capabilities.apiMonthlyLimit });

const READ_METHODS = new Set(['GET', 'HEAD']);
const USER_AGENT_MAX = 256;
/** POST routes that only read (Starter's read-only API may call them). */
const READ_POSTS = new Set(['/api/v1/:objectType/match']);
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };
const tags = ['v1'];

const errorMessages = new WeakMap<FastifyRequest, string>();

function refuse(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.status(status).send({ message, code });
}

/** The versioned API: every call authenticated by an API key (no cookies), counted against the quota and logged. */
export function v1Routes(deps: V1Dependencies): FastifyPluginAsyncZod {
  const now = deps.now ?? (() => new Date());
  const quotaLimits = deps.quotaLimits ?? planQuotaLimits;
  return async (root) => {
    const requestLog = new ApiRequestLogBuffer(deps.db, deps.log);
    const keyUses = new KeyUseMarks();
    root.addHook('onClose', async () => requestLog.flush());

    const keyed: FastifyPluginAsyncZod = async (app) => {
      app.addHook('onRequest', async (request, reply) => {
        const at = now();
        const caller = await authenticateApiKey(deps.db, request.headers.authorization, at, keyUses);
        setCaller(request, caller);
        const capabilities = capabilitiesOf(caller.user, at);
        if (capabilities.apiAccess === 'none') throw apiPlanRequired();
        const limits = quotaLimits(capabilities);
        const readOnlyRefused = capabilities.apiAccess === 'basic' && !READ_METHODS.has(request.method) && !READ_POSTS.has(request.routeOptions.url ?? '');
        const quota = readOnlyRefused ? await peekQuota(deps.db, caller.user.id, limits, at) : await consumeQuota(deps.db, caller.user.id, limits, at);
        reply.header('X-RateLimit-Limit', quota.limit).header('X-RateLimit-Remaining', quota.remaining).header('X-RateLimit-Reset', quota.reset);
        if (readOnlyRefused) {
          return refuse(reply, 403, 'API_READ_ONLY', 'Your plan has the read-only API on Starter: GET calls only. Upgrade to Professional for full API access.');
        }
        if (!quota.allowed) {
          reply.header('Retry-After', quota.retryAfter);
          const what = quota.exhausted === 'day' ? 'daily' : 'monthly';
          return refuse(reply, 429, 'RATE_LIMITED', `You have used your ${what} API quota. Try again in ${quota.retryAfter} seconds, or upgrade for a higher limit.`);
        }
        return undefined;
      });

      // The error's words for the log (never the body of a success).
      app.addHook('onSend', async (request, reply, payload) => {
        if (reply.statusCode >= 400 && typeof payload === 'string') {
          try {
            errorMessages.set(request, String((JSON.parse(payload) as { message?: unknown }).message ?? ''));
          } catch {
            errorMessages.set(request, payload.slice(0, 500));
          }
        }
        return payload;
      });

      app.addHook('onResponse', async (request, reply) => {
        const caller = knownCaller(request);
        if (!caller) return; // no known user: the log belongs to users
        requestLog.add({
          userId: caller.user.id,
          endpoint: request.routeOptions.url ?? request.url.split('?')[0]!,
          method: request.method,
          statusCode: reply.statusCode,
          responseTimeMs: Math.round(reply.elapsedTime),
          requestSize: Number(request.headers['content-length'] ?? 0) || 0,
          responseSize: Number(reply.getHeader('content-length') ?? 0) || 0,
          userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
          ipAddress: request.ip,
          timestamp: now(),
          errorMessage: reply.statusCode >= 400 ? (errorMessages.get(request) ?? null) : null,
        });
      });

      app.get(
        '/scans',
        { schema: { tags, summary: 'Recent scans, newest first, with their results', response: { 200: v1ScanListSchema, ...errors } } },
        async (request) => ({ scans: await recentScanRuns(deps.db, callerOf(request).user.id) }),
      );

      app.post(
        '/scans',
        {
          schema: {
            tags,
            summary: 'Start a scan of the given object types (default: the objects to analyze in settings)',
            body: startScanRequestSchema,
            response: { 202: scanRunSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...errors },
          },
        },
        async (request, reply) => reply.status(202).send(await startScanFor(deps.db, deps.queue, callerOf(request).user.id, request.body.objectTypes, 'api')),
      );

      app.get(
        '/scans/:id',
        { schema: { tags, summary: 'One scan: its status, progress and, once finished, its results', params: z.object({ id: rowIdParam('scan') }), response: { 200: scanRunSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...errors } } },
        async (request) => {
          const run = await scanRunView(deps.db, callerOf(request).user.id, request.params.id);
          if (!run) throw new HttpError(404, 'NOT_FOUND', 'No such scan.');
          return run;
        },
      );

      await app.register(v1ResultsRoutes(deps));
      await app.register(v1RecommendationRoutes(deps));
      await app.register(v1DuplicateRoutes(deps));
      await app.register(v1MergeRoutes(deps));

      await app.register(matchRoutes(deps.matchIndexes ?? new MatchIndexCache(deps.db), errors));

      // Any other path under /api/v1 is still a keyed call: checked, counted, logged, and told where the docs are.
      app.all('/*', { schema: { hide: true } }, async (request) => {
        throw new HttpError(404, 'NOT_FOUND', `There is no ${request.method} ${request.url.split('?')[0]} in the API. Every endpoint is listed at /api/v1/docs.`);
      });
    };
    await root.register(keyed, { prefix: '/api/v1' });
    await root.register(v1OpenApiRoutes(deps));
  };
}
