/**
 * Who may call: private-app tokens configured per portal, and OAuth apps with their
 * authorization codes, access tokens (expiring) and refresh tokens (not rotated, as HubSpot's
 * are not). OAuth errors come in HubSpot's OAuth shape: the code in `status`.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { oauthError } from './hubspot-errors';
import { ALL_CRM_SCOPES } from './object-types';
import type { Portal, PrivateAppOptions } from './portal';
import type { SandboxClock } from './sandbox-clock';

const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 1800;
/** HubSpot's codes are short-lived and single-use. */
const AUTHORIZATION_CODE_TTL_MS = 10 * 60_000;

const oauthAppOptionsSchema = z.object({
  appId: z.number().int().positive().optional(),
  name: z.string().min(1).optional(),
  /** Default: derived from the app id, the same on every start. */
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
  /** Where authorize may redirect; empty allows any (handy for local ports). */
  redirectUris: z.array(z.string()).default([]),
});
export type OAuthAppOptions = z.input<typeof oauthAppOptionsSchema>;

export interface OAuthApp {
  appId: number;
  name: string;
  clientId: string;
  clientSecret: string;
  redirectUris: readonly string[];
}

export interface PrivateApp {
  token: string;
  name: string;
  portalId: number;
  scopes: readonly string[];
}

interface User {
  id: number;
  email: string;
}

export type Principal =
  | { kind: 'private-app'; token: string; portal: Portal; scopes: ReadonlySet<string>; app: PrivateApp }
  | { kind: 'oauth'; token: string; portal: Portal; scopes: ReadonlySet<string>; app: OAuthApp; expiresAt: number; user: User };

interface Grant {
  app: OAuthApp;
  portal: Portal;
  scopes: readonly string[];
  user: User;
}

export interface TokenResponse {
  token_type: 'bearer';
  access_token: string;
  refresh_token: string;
  expires_in: number;
  hub_id: number;
  scopes: string[];
}

/** A UUID-shaped value that only depends on its input: stable tokens and client ids. */
function stableUuid(input: string): string {
  const hex = createHash('sha256').update(input).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const DEFAULT_APP_ID = 1_234_567;

export class TokenRegistry {
  private readonly privateApps = new Map<string, PrivateApp & { portal: Portal }>();
  private readonly apps = new Map<string, OAuthApp>();
  private readonly codes = new Map<string, Grant & { redirectUri: string; expiresAt: number }>();
  private readonly accessTokens = new Map<string, Grant & { expiresAt: number }>();
  private readonly refreshTokens = new Map<string, Grant>();

  constructor(
    private readonly clock: SandboxClock,
    public accessTokenTtlSeconds = DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  ) {}

  addPrivateApp(portal: Portal, options: PrivateAppOptions = {}): PrivateApp {
    const name = options.name ?? `DataCleaner sandbox app ${this.countPrivateApps(portal) + 1}`;
    const token = options.token ?? `pat-na1-${stableUuid(`private-app:${portal.id}:${name}`)}`;
    if (this.privateApps.has(token)) throw new Error(`Private app token ${token} is already in use`);
    const app = { token, name, portalId: portal.id, scopes: options.scopes ?? [...ALL_CRM_SCOPES] };
    this.privateApps.set(token, { ...app, portal });
    return app;
  }

  privateAppsOf(portalId: number): PrivateApp[] {
    return [...this.privateApps.values()].filter((app) => app.portalId === portalId).map(({ portal: _portal, ...app }) => app);
  }

  addOAuthApp(options: OAuthAppOptions = {}): OAuthApp {
    const resolved = oauthAppOptionsSchema.parse(options);
    const appId = resolved.appId ?? DEFAULT_APP_ID + this.apps.size;
    const app: OAuthApp = {
      appId,
      name: resolved.name ?? `DataCleaner sandbox OAuth app ${appId}`,
      clientId: resolved.clientId ?? stableUuid(`client-id:${appId}`),
      clientSecret: resolved.clientSecret ?? stableUuid(`client-secret:${appId}`),
      redirectUris: resolved.redirectUris,
    };
    if (this.apps.has(app.clientId)) throw new Error(`OAuth client id ${app.clientId} is already in use`);
    this.apps.set(app.clientId, app);
    return app;
  }

  oauthApps(): OAuthApp[] {
    return [...this.apps.values()];
  }

  oauthApp(clientId: string): OAuthApp | undefined {
    return this.apps.get(clientId);
  }

  /** The caller behind a bearer token, expired or not; undefined when unknown. */
  lookup(token: string): Principal | undefined {
    const app = this.privateApps.get(token);
    if (app) {
      const { portal, ...rest } = app;
      return { kind: 'private-app', token, portal, scopes: new Set(rest.scopes), app: rest };
    }
    const grant = this.accessTokens.get(token);
    if (grant) return { kind: 'oauth', token, portal: grant.portal, scopes: new Set(grant.scopes), app: grant.app, expiresAt: grant.expiresAt, user: grant.user };
    return undefined;
  }

  /** What the authorize page hands back: a code for this app, portal and redirect. */
  createAuthorizationCode(app: OAuthApp, portal: Portal, redirectUri: string, scopes: readonly string[]): string {
    const code = randomUUID();
    this.codes.set(code, { app, portal, scopes, redirectUri, user: userOf(portal), expiresAt: this.clock.now() + AUTHORIZATION_CODE_TTL_MS });
    return code;
  }

  /** `POST /oauth/v1/token`, both grants. */
  exchange(form: Readonly<Record<string, string | undefined>>): TokenResponse {
    const grantType = form.grant_type;
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') throw oauthError('BAD_GRANT_TYPE', 'missing or unknown grant type');
    const app = form.client_id ? this.apps.get(form.client_id) : undefined;
    if (!app) throw oauthError('BAD_CLIENT_ID', 'missing or unknown client id');
    if (form.client_secret !== app.clientSecret) throw oauthError('BAD_CLIENT_SECRET', 'missing or invalid client secret');

    if (grantType === 'authorization_code') {
      const code = form.code ? this.codes.get(form.code) : undefined;
      if (!code || code.app !== app) throw oauthError('BAD_AUTH_CODE', 'missing or unknown auth code');
      this.codes.delete(form.code!);
      if (code.expiresAt <= this.clock.now()) throw oauthError('EXPIRED_AUTH_CODE', 'auth code is expired');
      if (form.redirect_uri !== code.redirectUri) throw oauthError('MISMATCH_REDIRECT_URI_AUTH_CODE', 'redirect URI does not match initial auth code URL');
      const refreshToken = `na1-${randomUUID()}`;
      this.refreshTokens.set(refreshToken, code);
      return this.issue(code, refreshToken);
    }

    const grant = form.refresh_token ? this.refreshTokens.get(form.refresh_token) : undefined;
    if (!grant || grant.app !== app) throw oauthError('BAD_REFRESH_TOKEN', 'missing or invalid refresh token');
    return this.issue(grant, form.refresh_token!);
  }

  /** Tokens for an app installed in a portal, without the browser round trip (admin helper). */
  install(app: OAuthApp, portal: Portal, scopes: readonly string[]): TokenResponse {
    const grant: Grant = { app, portal, scopes, user: userOf(portal) };
    const refreshToken = `na1-${randomUUID()}`;
    this.refreshTokens.set(refreshToken, grant);
    return this.issue(grant, refreshToken);
  }

  /** `GET /oauth/v1/access-tokens/{token}`; undefined when unknown or expired. */
  accessTokenInfo(token: string): Record<string, unknown> | undefined {
    const grant = this.accessTokens.get(token);
    const now = this.clock.now();
    if (!grant || grant.expiresAt <= now) return undefined;
    return {
      token,
      user: grant.user.email,
      hub_domain: grant.portal.hubDomain,
      scopes: [...grant.scopes],
      hub_id: grant.portal.id,
      app_id: grant.app.appId,
      expires_in: Math.floor((grant.expiresAt - now) / 1000),
      user_id: grant.user.id,
      token_type: 'access',
    };
  }

  /** `GET /oauth/v1/refresh-tokens/{token}`. */
  refreshTokenInfo(token: string): Record<string, unknown> | undefined {
    const grant = this.refreshTokens.get(token);
    if (!grant) return undefined;
    return {
      token,
      user: grant.user.email,
      hub_domain: grant.portal.hubDomain,
      scopes: [...grant.scopes],
      hub_id: grant.portal.id,
      client_id: grant.app.clientId,
      user_id: grant.user.id,
      token_type: 'refresh',
    };
  }

  /** `DELETE /oauth/v1/refresh-tokens/{token}`: the app is uninstalled; issued access tokens run out. */
  revokeRefreshToken(token: string): boolean {
    return this.refreshTokens.delete(token);
  }

  private issue(grant: Grant, refreshToken: string): TokenResponse {
    const accessToken = `C${randomBytes(48).toString('base64url')}`;
    const ttl = this.accessTokenTtlSeconds;
    this.accessTokens.set(accessToken, { ...grant, expiresAt: this.clock.now() + ttl * 1000 });
    return {
      token_type: 'bearer',
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: ttl,
      hub_id: grant.portal.id,
      scopes: [...grant.scopes],
    };
  }

  private countPrivateApps(portal: Portal): number {
    let count = 0;
    for (const app of this.privateApps.values()) if (app.portalId === portal.id) count++;
    return count;
  }
}

/** The portal's super admin, who installs apps. */
function userOf(portal: Portal): User {
  return { id: portal.id * 10 + 1, email: `admin@portal-${portal.id}.sandbox.example` };
}
