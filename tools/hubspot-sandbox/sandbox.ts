/**
 * A HubSpot-compatible server on loopback for tests, local development and benchmarks: the
 * official SDK, pointed at `url`, gets HubSpot's answers, limits and failures (HUBSPOT.md).
 *
 *   const sandbox = await startSandbox({ portals: [{ contacts: 500 }], rateLimits: { windowMs: 500 } });
 *   const client = new Client({ accessToken: sandbox.portals[0].token, basePath: sandbox.url });
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { ADMIN_PREFIX, AdminError, registerAdminRoutes } from './admin-routes';
import { registerCrmRoutes } from './crm-routes';
import type { FaultOptions, FaultSettings } from './faults';
import { HubSpotHttpError, errorBody, internalError } from './hubspot-errors';
import { registerOAuthRoutes } from './oauth-routes';
import { registerOwnerPipelineRoutes } from './owner-pipeline-routes';
import type { ObjectType } from './object-types';
import type { PortalOptions, PrivateAppOptions } from './portal';
import type { RateLimitOptions, RateLimitSettings } from './rate-limiter';
import type { StatsSnapshot } from './request-stats';
import type { SandboxClock } from './sandbox-clock';
import { SandboxState, type SandboxStateOptions } from './sandbox-state';
import type { OAuthApp, PrivateApp, TokenResponse } from './token-registry';

export interface SandboxOptions extends SandboxStateOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the admin routes have no authentication. */
  host?: string;
  /** Fastify's request log on stdout. */
  logger?: boolean;
}

export interface PortalInfo {
  portalId: number;
  tier: string;
  timeZone: string;
  counts: Record<ObjectType, number>;
  /** The first private app's token: enough for most tests. */
  token: string;
  privateApps: PrivateApp[];
}

export interface Sandbox {
  /** What `basePath` (and HUBSPOT_API_BASE) should be; no trailing slash. */
  readonly url: string;
  readonly port: number;
  readonly portals: PortalInfo[];
  readonly oauthApps: OAuthApp[];
  /** `${url}/oauth/authorize`: HUBSPOT_AUTHORIZE_URL for the product. */
  readonly authorizeUrl: string;
  readonly clock: SandboxClock;
  /** Direct access to records, tokens and limits, for tests that set up or inspect state. */
  readonly state: SandboxState;
  addPortal(options: PortalOptions): PortalInfo;
  addPrivateApp(portalId: number, options?: PrivateAppOptions): PrivateApp;
  /** OAuth tokens as if the app had been installed in the portal (no browser round trip). */
  installOAuthApp(options: { scopes: string[]; portalId?: number; clientId?: string }): TokenResponse;
  setFaults(options: FaultOptions): FaultSettings;
  /** Changes limits on top of the current ones; `false` turns them off. */
  setRateLimits(options: RateLimitOptions | false, how?: { restoreDefaults?: boolean; resetCounters?: boolean }): RateLimitSettings;
  /** Forgets every request counted against the limits. */
  resetRateLimits(): void;
  stats(): StatsSnapshot;
  resetStats(): void;
  close(): Promise<void>;
}

/** The Fastify app over a state, not listening: the sandbox's routes, hooks and error shapes. */
export function buildSandboxApp(state: SandboxState, options: { logger?: boolean } = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });
  const isAdmin = (url: string) => url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`) || url.startsWith(`${ADMIN_PREFIX}?`);
  const routeOf = (request: { method: string; routeOptions: { url?: string | undefined } }) => `${request.method} ${request.routeOptions.url ?? '(no route)'}`;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.addHook('onRequest', async (request, reply) => {
    if (isAdmin(request.url)) return;
    const decision = state.faults.decide(request.url);
    if (decision.delayMs > 0) await sleep(decision.delayMs);
    if (decision.action === 'drop') {
      state.stats.record(state.callerOf(request), routeOf(request), 0);
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (decision.action === 'error') return reply.code(state.faults.current.errorStatus).send(internalError());
  });

  app.addHook('onSend', async (request, reply) => {
    if (!isAdmin(request.url)) reply.header('x-hubspot-correlation-id', randomUUID());
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!isAdmin(request.url)) state.stats.record(state.callerOf(request), routeOf(request), reply.statusCode);
  });

  app.setErrorHandler((error: FastifyError | HubSpotHttpError | AdminError, request, reply) => {
    if (error instanceof HubSpotHttpError) return reply.code(error.statusCode).headers(error.headers).send(error.body);
    if (error instanceof AdminError) return reply.code(error.statusCode).send({ message: error.message });
    const status = 'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.code(500).send(isAdmin(request.url) ? { message: error.message } : internalError());
    }
    if (isAdmin(request.url)) return reply.code(status).send({ message: error.message });
    return reply.code(status).send(errorBody(status === 400 ? `Invalid input JSON: ${error.message}` : error.message, 'VALIDATION_ERROR'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (isAdmin(request.url)) return reply.code(404).send({ message: `No admin route ${request.method} ${request.url}` });
    return reply.code(404).send(errorBody(`No HubSpot API at ${request.method} ${request.url.split('?')[0]}`, 'OBJECT_NOT_FOUND'));
  });

  registerCrmRoutes(app, state);
  registerOAuthRoutes(app, state);
  registerOwnerPipelineRoutes(app, state);
  registerAdminRoutes(app, state);
  return app;
}

function portalInfo(state: SandboxState, portalId: number): PortalInfo {
  const portal = state.portal(portalId)!;
  const privateApps = state.tokens.privateAppsOf(portalId);
  return { portalId, tier: portal.tier, timeZone: portal.timeZone, counts: portal.counts(), token: privateApps[0]?.token ?? '', privateApps };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const state = new SandboxState(options);
  const app = buildSandboxApp(state, { logger: options.logger });
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  return {
    url,
    port: address.port,
    get portals() {
      return state.portals().map((portal) => portalInfo(state, portal.id));
    },
    get oauthApps() {
      return state.tokens.oauthApps();
    },
    authorizeUrl: `${url}/oauth/authorize`,
    clock: state.clock,
    state,
    addPortal: (portalOptions) => portalInfo(state, state.addPortal(portalOptions).id),
    addPrivateApp: (portalId, appOptions) => {
      const portal = state.portal(portalId);
      if (!portal) throw new Error(`No portal ${portalId}`);
      return state.tokens.addPrivateApp(portal, appOptions);
    },
    installOAuthApp: ({ scopes, portalId, clientId }) => {
      const portal = portalId === undefined ? state.defaultPortal : state.portal(portalId);
      const oauthApp = clientId === undefined ? state.tokens.oauthApps()[0] : state.tokens.oauthApp(clientId);
      if (!portal || !oauthApp) throw new Error(`No portal ${portalId} or OAuth app ${clientId}`);
      return state.tokens.install(oauthApp, portal, scopes);
    },
    setFaults: (faults) => state.faults.configure(faults),
    setRateLimits: (limits, how) => state.configureRateLimits(limits, how),
    resetRateLimits: () => state.limiter.reset(),
    stats: () => state.stats.snapshot(),
    resetStats: () => state.stats.reset(),
    close: () => app.close(),
  };
}
