/**
 * Everything one sandbox server holds, shared by its routes, and the check every HubSpot API
 * route starts with: token (401), rate limit (429), scopes (403), in HubSpot's order.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FaultInjector, type FaultOptions } from './faults';
import { HubSpotHttpError, expiredAuthentication, invalidAuthentication, missingScopes, rateLimitBody } from './hubspot-errors';
import { DEFAULT_PORTAL_ID, Portal, resolvePortalOptions, type PortalOptions } from './portal';
import {
  HUBSPOT_RATE_LIMITS,
  RateLimiter,
  resolveRateLimits,
  type RateLimitCaller,
  type RateLimitOptions,
  type RateLimitSettings,
  type RequestKind,
} from './rate-limiter';
import { RequestStats, type RequestCaller } from './request-stats';
import { SandboxClock } from './sandbox-clock';
import { TokenRegistry, type OAuthAppOptions, type Principal } from './token-registry';

export interface SandboxStateOptions {
  /** Default: one portal with a few records of each type. */
  portals?: PortalOptions[];
  /** Default: one app with stable client id and secret. */
  oauthApps?: OAuthAppOptions[];
  /** HubSpot's is 1800. */
  accessTokenTtlSeconds?: number;
  /** `false` turns limits off; an object scales or overrides them. */
  rateLimits?: RateLimitOptions | false;
  faults?: FaultOptions;
}

export class SandboxState {
  readonly clock = new SandboxClock();
  readonly tokens: TokenRegistry;
  readonly limiter: RateLimiter;
  readonly faults: FaultInjector;
  readonly stats = new RequestStats();
  private readonly portalsById = new Map<number, Portal>();

  constructor(options: SandboxStateOptions = {}) {
    this.tokens = new TokenRegistry(this.clock, options.accessTokenTtlSeconds);
    this.limiter = new RateLimiter(resolveRateLimits(HUBSPOT_RATE_LIMITS, options.rateLimits), this.clock);
    this.faults = new FaultInjector(options.faults);
    for (const portal of options.portals ?? [{}]) this.addPortal(portal);
    for (const app of options.oauthApps ?? [{}]) this.tokens.addOAuthApp(app);
  }

  addPortal(options: PortalOptions): Portal {
    const resolved = resolvePortalOptions(options);
    const id = resolved.portalId ?? this.nextPortalId();
    if (this.portalsById.has(id)) throw new Error(`Portal ${id} exists already`);
    const portal = new Portal(id, resolved);
    this.portalsById.set(id, portal);
    for (const app of resolved.privateApps ?? [{}]) this.tokens.addPrivateApp(portal, app);
    return portal;
  }

  portal(id: number): Portal | undefined {
    return this.portalsById.get(id);
  }

  /** The first portal: where the authorize page installs apps unless told otherwise. */
  get defaultPortal(): Portal {
    const [first] = this.portalsById.values();
    if (!first) throw new Error('The sandbox has no portal');
    return first;
  }

  portals(): Portal[] {
    return [...this.portalsById.values()];
  }

  /** Who made a request, for the statistics (known before or without authentication). */
  callerOf(request: FastifyRequest): RequestCaller {
    const token = bearerToken(request);
    if (token === null) return { key: '(none)', kind: 'none', portalId: null };
    const principal = this.tokens.lookup(token);
    return { key: token, kind: principal?.kind ?? 'unknown', portalId: principal?.portal.id ?? null };
  }

  /**
   * Authenticates, counts against the limits and checks scopes (any one of `scopes`);
   * throws HubSpot's 401, 429 or 403, or sets the rate-limit headers and returns the caller.
   */
  authorize(request: FastifyRequest, reply: FastifyReply, need: { kind: RequestKind; scopes?: readonly string[] }): Principal {
    const token = bearerToken(request);
    const principal = token === null ? undefined : this.tokens.lookup(token);
    if (!principal) throw invalidAuthentication();
    const now = this.clock.now();
    if (principal.kind === 'oauth' && principal.expiresAt <= now) throw expiredAuthentication(principal.expiresAt, now);
    const verdict = this.limiter.check(limitCaller(principal), need.kind);
    if (!verdict.allowed) throw new HubSpotHttpError(429, rateLimitBody(verdict.policy), verdict.headers);
    reply.headers(verdict.headers);
    if (need.scopes && !need.scopes.some((scope) => principal.scopes.has(scope))) throw missingScopes(need.scopes);
    return principal;
  }

  /**
   * Changes the given limits on top of the current ones (or of HubSpot's with
   * `restoreDefaults`); `resetCounters` forgets the requests counted so far.
   */
  configureRateLimits(options: RateLimitOptions | false, how: { restoreDefaults?: boolean; resetCounters?: boolean } = {}): RateLimitSettings {
    this.limiter.configure(resolveRateLimits(how.restoreDefaults ? HUBSPOT_RATE_LIMITS : this.limiter.current, options));
    if (how.resetCounters) this.limiter.reset();
    return this.limiter.current;
  }

  private nextPortalId(): number {
    let id = DEFAULT_PORTAL_ID;
    while (this.portalsById.has(id)) id++;
    return id;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1]! : null;
}

function limitCaller(principal: Principal): RateLimitCaller {
  const portal = principal.portal;
  return {
    kind: principal.kind,
    burstKey: principal.kind === 'oauth' ? `oauth:${principal.app.appId}:${portal.id}` : `app:${principal.token}`,
    portalId: portal.id,
    tier: portal.tier,
    timeZone: portal.timeZone,
  };
}
