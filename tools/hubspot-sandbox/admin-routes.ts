/**
 * `/__sandbox/*`: set the sandbox up and look into it while it runs. No HubSpot auth: the
 * server listens on loopback only. Errors come as `{ message }`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { faultSettingsSchema } from './faults';
import { OBJECT_TYPES, resolveObjectType } from './object-types';
import { portalOptionsSchema, privateAppOptionsSchema, type Portal } from './portal';
import { RecordState } from './record-store';
import type { SandboxState } from './sandbox-state';

export const ADMIN_PREFIX = '/__sandbox';

export class AdminError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AdminError';
  }
}

const tierCounts = z.object({ starter: z.number().int().min(0), professional: z.number().int().min(0), enterprise: z.number().int().min(0) }).partial();
const rateLimitBody = z.object({
  enabled: z.boolean().optional(),
  windowMs: z.number().int().positive().optional(),
  burst: tierCounts.extend({ oauth: z.number().int().min(0).optional() }).optional(),
  daily: tierCounts.optional(),
  searchWindowMs: z.number().int().positive().optional(),
  searchPerWindow: z.number().int().min(0).optional(),
  restoreDefaults: z.boolean().optional(),
  resetCounters: z.boolean().optional(),
});
const clockBody = z.object({
  advanceMs: z.number().int().optional(),
  setTo: z.union([z.number().int(), z.iso.datetime()]).optional(),
  freeze: z.boolean().optional(),
  reset: z.boolean().optional(),
});
const oauthInstallBody = z.object({
  portalId: z.number().int().optional(),
  clientId: z.string().optional(),
  scopes: z.array(z.string()).min(1),
});

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new AdminError(400, result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
  return result.data;
}

function portalSummary(state: SandboxState, portal: Portal): Record<string, unknown> {
  return {
    portalId: portal.id,
    tier: portal.tier,
    timeZone: portal.timeZone,
    seed: portal.seed,
    duplicateRate: portal.duplicateRate,
    salesforceIntegration: portal.salesforceIntegration,
    counts: portal.counts(),
    privateApps: state.tokens.privateAppsOf(portal.id),
  };
}

export function registerAdminRoutes(app: FastifyInstance, state: SandboxState): void {
  const portalOf = (params: unknown): Portal => {
    const id = Number((params as { portalId: string }).portalId);
    const portal = state.portal(id);
    if (!portal) throw new AdminError(404, `No portal ${id}`);
    return portal;
  };

  app.get(ADMIN_PREFIX, async () => ({
    portals: state.portals().map((portal) => portalSummary(state, portal)),
    oauthApps: state.tokens.oauthApps(),
    accessTokenTtlSeconds: state.tokens.accessTokenTtlSeconds,
    rateLimits: state.limiter.current,
    faults: state.faults.current,
    clock: { now: new Date(state.clock.now()).toISOString(), frozen: state.clock.frozen },
  }));

  app.get(`${ADMIN_PREFIX}/portals`, async () => ({ results: state.portals().map((portal) => portalSummary(state, portal)) }));

  app.post(`${ADMIN_PREFIX}/portals`, async (request, reply) => {
    const options = parse(portalOptionsSchema, request.body);
    if (options.portalId !== undefined && state.portal(options.portalId)) throw new AdminError(409, `Portal ${options.portalId} exists already`);
    const portal = state.addPortal(options);
    return reply.code(201).send(portalSummary(state, portal));
  });

  app.get(`${ADMIN_PREFIX}/portals/:portalId`, async (request) => portalSummary(state, portalOf(request.params)));

  app.patch(`${ADMIN_PREFIX}/portals/:portalId`, async (request) => {
    const portal = portalOf(request.params);
    const body = parse(z.object({ salesforceIntegration: z.boolean().optional() }), request.body);
    if (body.salesforceIntegration !== undefined) portal.salesforceIntegration = body.salesforceIntegration;
    return portalSummary(state, portal);
  });

  app.post(`${ADMIN_PREFIX}/portals/:portalId/private-apps`, async (request, reply) => {
    const portal = portalOf(request.params);
    const options = parse(privateAppOptionsSchema, request.body);
    try {
      return reply.code(201).send(state.tokens.addPrivateApp(portal, options));
    } catch (error) {
      throw new AdminError(409, error instanceof Error ? error.message : String(error));
    }
  });

  // Which records are copies of one real-world entity: the answer key for benchmarks.
  app.get(`${ADMIN_PREFIX}/portals/:portalId/truth/:objectType`, async (request) => {
    const portal = portalOf(request.params);
    const type = resolveObjectType((request.params as { objectType: string }).objectType);
    if (!type) throw new AdminError(400, `Object type must be one of ${OBJECT_TYPES.join(', ')}`);
    const store = portal.store(type);
    const results: { id: string; entity: number }[] = [];
    for (let slot = 0; slot < store.slotCount; slot++) {
      if (store.stateOf(slot) === RecordState.Live && store.entityOf(slot) >= 0) results.push({ id: String(store.idOf(slot)), entity: store.entityOf(slot) });
    }
    return { objectType: type, results };
  });

  app.get(`${ADMIN_PREFIX}/faults`, async () => state.faults.current);
  app.post(`${ADMIN_PREFIX}/faults`, async (request) => state.faults.configure(parse(faultSettingsSchema.partial(), request.body)));

  app.get(`${ADMIN_PREFIX}/rate-limits`, async () => state.limiter.current);
  app.post(`${ADMIN_PREFIX}/rate-limits`, async (request) => {
    const { restoreDefaults, resetCounters, ...options } = parse(rateLimitBody, request.body);
    return state.configureRateLimits(options, { restoreDefaults, resetCounters });
  });

  app.get(`${ADMIN_PREFIX}/clock`, async () => ({ now: new Date(state.clock.now()).toISOString(), frozen: state.clock.frozen }));
  app.post(`${ADMIN_PREFIX}/clock`, async (request) => {
    const body = parse(clockBody, request.body);
    if (body.reset) state.clock.reset();
    // Frozen first: "set to X and freeze" then stops at X itself, not at X plus the
    // millisecond that may pass between the two steps.
    if (body.freeze === true) state.clock.freeze();
    if (body.setTo !== undefined) state.clock.set(typeof body.setTo === 'number' ? body.setTo : Date.parse(body.setTo));
    if (body.advanceMs !== undefined) state.clock.advance(body.advanceMs);
    if (body.freeze === false) state.clock.unfreeze();
    return { now: new Date(state.clock.now()).toISOString(), frozen: state.clock.frozen };
  });

  app.get(`${ADMIN_PREFIX}/stats`, async () => state.stats.snapshot());
  app.delete(`${ADMIN_PREFIX}/stats`, async (_request, reply) => {
    state.stats.reset();
    return reply.code(204).send();
  });

  app.post(`${ADMIN_PREFIX}/oauth/tokens`, async (request) => {
    const body = parse(oauthInstallBody, request.body);
    const portal = body.portalId === undefined ? state.defaultPortal : state.portal(body.portalId);
    if (!portal) throw new AdminError(404, `No portal ${body.portalId}`);
    const oauthApp = body.clientId ? state.tokens.oauthApp(body.clientId) : state.tokens.oauthApps()[0];
    if (!oauthApp) throw new AdminError(404, `No OAuth app ${body.clientId}`);
    return state.tokens.install(oauthApp, portal, body.scopes);
  });
}
