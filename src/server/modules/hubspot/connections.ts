import { Client } from '@hubspot/api-client';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { crmConnections, type CrmConnection } from '../../db/schema';
import { secretBoxFor, type SecretBox } from '../../security/secret-box';
import { HubSpotApi, HubSpotError, type TokenSource } from './hubspot-api';
import { budgetKey, portalLimiter } from './portal-limiter';

/** Refresh an OAuth token this long before HubSpot says it expires. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export interface ConnectionDependencies {
  db: Db;
  config: Config;
  secrets: SecretBox;
}

export async function findConnection(db: Db, userId: number): Promise<CrmConnection | null> {
  const [connection] = await db
    .select()
    .from(crmConnections)
    .where(and(eq(crmConnections.userId, userId), eq(crmConnections.provider, 'hubspot')))
    .limit(1);
  return connection ?? null;
}

/** What HubSpot says about a token: whose portal it opens. */
export interface PortalIdentity {
  hubId: string;
  hubDomain: string | null;
  /** The portal's name, where HubSpot gives one. */
  portalName?: string | null;
  scopes: string[];
}

/** Stores (or replaces) the user's HubSpot connection, tokens sealed. */
export async function saveConnection(
  { db, secrets }: ConnectionDependencies,
  userId: number,
  values: { authType: 'oauth' | 'private_app'; accessToken: string; refreshToken?: string | null; expiresInSeconds?: number | null; portal: PortalIdentity },
): Promise<CrmConnection> {
  const row = {
    userId,
    provider: 'hubspot',
    authType: values.authType,
    accessToken: secrets.seal(values.accessToken),
    refreshToken: secrets.sealOptional(values.refreshToken),
    accessTokenExpiresAt: values.expiresInSeconds ? new Date(Date.now() + values.expiresInSeconds * 1000) : null,
    hubId: values.portal.hubId,
    hubDomain: values.portal.hubDomain,
    portalName: values.portal.portalName ?? null,
    scopes: values.portal.scopes,
    isConnected: true,
    updatedAt: new Date(),
  };
  const [saved] = await db
    .insert(crmConnections)
    .values(row)
    .onConflictDoUpdate({ target: [crmConnections.userId, crmConnections.provider], set: row })
    .returning();
  return saved!;
}

/**
 * The connection's access token, refreshed shortly before it expires (OAuth). A refresh
 * HubSpot refuses marks the connection disconnected: the user must connect again.
 */
export function connectionTokens(deps: ConnectionDependencies, connection: CrmConnection): TokenSource {
  let current = connection;
  const refresh = async (): Promise<string> => {
    if (!current.refreshToken || !deps.config.HUBSPOT_CLIENT_ID || !deps.config.HUBSPOT_CLIENT_SECRET) {
      throw new HubSpotError('auth', 'The HubSpot connection has expired. Reconnect HubSpot in Settings.', 401);
    }
    try {
      const tokens = await oauthClient(deps.config).oauth.tokensApi.create(
        'refresh_token',
        undefined,
        undefined,
        deps.config.HUBSPOT_CLIENT_ID,
        deps.config.HUBSPOT_CLIENT_SECRET,
        deps.secrets.open(current.refreshToken),
      );
      const [updated] = await deps.db
        .update(crmConnections)
        .set({
          accessToken: deps.secrets.seal(tokens.accessToken),
          refreshToken: deps.secrets.seal(tokens.refreshToken),
          accessTokenExpiresAt: new Date(Date.now() + tokens.expiresIn * 1000),
          updatedAt: new Date(),
        })
        .where(eq(crmConnections.id, current.id))
        .returning();
      current = updated ?? current;
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof HubSpotError) throw error;
      const status = (error as { code?: unknown }).code;
      if (status === 400 || status === 401) {
        await deps.db.update(crmConnections).set({ isConnected: false, updatedAt: new Date() }).where(eq(crmConnections.id, current.id));
        throw new HubSpotError('auth', 'HubSpot no longer accepts this connection. Reconnect HubSpot in Settings.', 401);
      }
      throw new HubSpotError('unavailable', 'HubSpot could not renew the connection right now. Please try again later.');
    }
  };
  return {
    async current() {
      const expiresAt = current.accessTokenExpiresAt?.getTime();
      if (current.authType === 'oauth' && expiresAt !== undefined && expiresAt - Date.now() < REFRESH_MARGIN_MS) return refresh();
      return deps.secrets.open(current.accessToken!);
    },
    ...(connection.authType === 'oauth' ? { refresh } : {}),
  };
}

/** A client for HubSpot's OAuth endpoints: no access token, the configured base. */
export function oauthClient(config: Config): Client {
  return new Client({ basePath: config.HUBSPOT_API_BASE.replace(/\/$/, '') });
}

/** The HubSpot API of a user's connection: scans, merges and restores of one portal and app share its limiter. */
export async function hubspotApiFor(deps: { db: Db; config: Config; log: FastifyBaseLogger }, connection: CrmConnection): Promise<HubSpotApi> {
  const portalKey = connection.hubId ?? `connection-${connection.id}`;
  const secrets = await secretBoxFor(deps.config);
  const oauth = connection.authType === 'oauth';
  const app = oauth ? ({ authType: 'oauth' } as const) : ({ authType: 'private_app', token: secrets.open(connection.accessToken!) } as const);
  return new HubSpotApi({
    config: deps.config,
    tokens: connectionTokens({ db: deps.db, config: deps.config, secrets }, connection),
    limiter: portalLimiter(deps.db, budgetKey(portalKey, app), app.authType),
    log: deps.log,
    portalKey,
  });
}
