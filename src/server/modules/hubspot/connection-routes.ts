import { and, count, eq, max } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localPathSchema, messageResponseSchema } from '../../../shared/contracts/auth';
import { apiErrorSchema } from '../../../shared/contracts/errors';
import { hubspotStatusSchema, privateAppTokenRequestSchema, type HubSpotStatus } from '../../../shared/contracts/hubspot';
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import { portalDisplayName } from '../../../shared/portal-name';
import { crmConnections, crmRecords, crmSyncState } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { requireUser, signedInUser, randomToken, cookieOptions } from '../auth';
import { findConnection, oauthClient, saveConnection, type ConnectionDependencies } from './connections';
import { HubSpotApi, HubSpotError } from './hubspot-api';
import { budgetKey, portalLimiter } from './portal-limiter';

const STATE_COOKIE = 'dc_hubspot_oauth';
const STATE_PATH = '/api/hubspot/callback';
/** Everything a scan reads and a merge writes (HUBSPOT.md, Auth). */
const OAUTH_SCOPES = [
  'oauth',
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.companies.read',
  'crm.objects.companies.write',
  'crm.objects.deals.read',
  'crm.objects.deals.write',
  'tickets',
  // Owners' names instead of their ids (property-labels.ts).
  'crm.objects.owners.read',
];

/** Connecting a HubSpot portal: OAuth, or a private-app token; status and disconnect. */
export function connectionRoutes(deps: ConnectionDependencies): FastifyPluginAsyncZod {
  const { db, config } = deps;
  const oauthAvailable = oauthConfigured(config);
  const redirectUri = `${config.publicUrl}${STATE_PATH}`;
  const guard = requireUser(db);

  return async (app) => {
    app.get(
      '/api/hubspot/status',
      { preHandler: guard, schema: { tags: ['hubspot'], summary: 'The HubSpot connection and what the mirror holds', response: { 200: hubspotStatusSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
      async (request) => hubspotStatus(deps, signedInUser(request).id),
    );

    app.get(
      '/api/hubspot/connect',
      {
        preHandler: guard,
        schema: { tags: ['hubspot'], summary: 'Start connecting with OAuth: redirects to HubSpot', querystring: z.object({ redirect: localPathSchema.optional() }), response: { 404: apiErrorSchema } },
      },
      async (request, reply) => {
        if (!oauthAvailable) throw new HttpError(404, 'HUBSPOT_OAUTH_NOT_CONFIGURED', 'Connecting with OAuth is not configured on this server. Connect with a private-app token instead.');
        const state = randomToken();
        reply.setCookie(STATE_COOKIE, JSON.stringify({ state, redirect: request.query.redirect ?? '/settings' }), {
          ...cookieOptions(config, request, new Date(Date.now() + 10 * 60_000)),
          path: STATE_PATH,
        });
        const url = new URL(config.HUBSPOT_AUTHORIZE_URL);
        url.search = new URLSearchParams({ client_id: config.HUBSPOT_CLIENT_ID!, redirect_uri: redirectUri, scope: OAUTH_SCOPES.join(' '), state }).toString();
        return reply.redirect(url.toString());
      },
    );

    app.get(
      STATE_PATH,
      {
        preHandler: guard,
        schema: {
          tags: ['hubspot'],
          summary: 'Where HubSpot sends the user back after approving the app',
          querystring: z.object({ code: z.string().max(512).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() }),
        },
      },
      async (request, reply) => {
        const saved = parseState(request.cookies[STATE_COOKIE]);
        reply.clearCookie(STATE_COOKIE, { ...cookieOptions(config, request), path: STATE_PATH });
        const back = (outcome: string) => {
          const target = new URL(saved?.redirect ?? '/settings', 'http://x');
          target.searchParams.set('hubspot', outcome);
          return reply.redirect(`${target.pathname}${target.search}`);
        };
        if (!saved || !request.query.state || saved.state !== request.query.state) return back('invalid-state');
        if (request.query.error || !request.query.code) return back('denied');
        try {
          const client = oauthClient(config);
          const tokens = await client.oauth.tokensApi.create('authorization_code', request.query.code, redirectUri, config.HUBSPOT_CLIENT_ID!, config.HUBSPOT_CLIENT_SECRET!);
          const info = await client.oauth.accessTokensApi.get(tokens.accessToken);
          await saveConnection(deps, signedInUser(request).id, {
            authType: 'oauth',
            accessToken: tokens.accessToken,
            refreshToken: tokens.refreshToken,
            expiresInSeconds: tokens.expiresIn,
            portal: { hubId: String(info.hubId), hubDomain: info.hubDomain ?? null, scopes: info.scopes ?? [] },
          });
          return back('connected');
        } catch (error) {
          request.log.warn({ err: describe(error) }, 'HubSpot OAuth exchange failed');
          return back('error');
        }
      },
    );

    app.post(
      '/api/hubspot/connect-token',
      {
        preHandler: guard,
        schema: {
          tags: ['hubspot'],
          summary: 'Connect with a private-app access token',
          body: privateAppTokenRequestSchema,
          response: { 200: hubspotStatusSchema.pick({ connected: true, hubId: true, hubDomain: true, portalName: true, authType: true }), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 502: apiErrorSchema },
        },
      },
      async (request) => {
        const token = request.body.accessToken;
        const portal = await identifyPrivateApp(deps, token, request.log);
        const connection = await saveConnection(deps, signedInUser(request).id, { authType: 'private_app', accessToken: token, portal });
        return { connected: true, hubId: connection.hubId, hubDomain: connection.hubDomain, portalName: portalDisplayName(connection), authType: 'private_app' as const };
      },
    );

    app.post(
      '/api/hubspot/disconnect',
      { preHandler: guard, schema: { tags: ['hubspot'], summary: 'Forget the tokens and the record mirror; scans and groups stay', response: { 200: messageResponseSchema } } },
      async (request) => {
        const connection = await findConnection(db, signedInUser(request).id);
        if (connection) {
          await db.delete(crmRecords).where(eq(crmRecords.connectionId, connection.id));
          await db.delete(crmSyncState).where(eq(crmSyncState.connectionId, connection.id));
          await db.update(crmConnections).set({ isConnected: false, accessToken: null, refreshToken: null, accessTokenExpiresAt: null, updatedAt: new Date() }).where(eq(crmConnections.id, connection.id));
        }
        return { message: 'HubSpot is disconnected. Your scan history stays.' };
      },
    );
  };
}

function parseState(raw: string | undefined): { state: string; redirect: string } | null {
  if (!raw) return null;
  try {
    const parsed = z.object({ state: z.string(), redirect: localPathSchema }).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A private-app token names no portal: ask HubSpot whose it is, which also proves it works. */
async function identifyPrivateApp(deps: ConnectionDependencies, token: string, log: FastifyBaseLogger) {
  const client = oauthClient(deps.config);
  client.setAccessToken(token);
  const response = await client.apiRequest({ method: 'GET', path: '/account-info/v3/details' }).catch(() => null);
  if (!response) throw new HttpError(502, 'HUBSPOT_UNAVAILABLE', 'HubSpot could not be reached. Please try again in a moment.');
  if (response.status === 401) throw new HttpError(400, 'HUBSPOT_TOKEN_REJECTED', 'HubSpot did not accept this access token. Copy it again from your private app.');
  if (!response.ok) throw new HttpError(502, 'HUBSPOT_UNAVAILABLE', `HubSpot answered with status ${response.status}. Please try again in a moment.`);
  // portalName: HubSpot's newer account-details versions name the portal; v3 does not, and
  // uiDomain is HubSpot's app host (app.hubspot.com), the same for every portal.
  const details = (await response.json()) as { portalId?: number | string; portalName?: string };
  if (details.portalId === undefined) throw new HttpError(502, 'HUBSPOT_UNAVAILABLE', 'HubSpot did not say which portal this token belongs to.');
  const hubId = String(details.portalId);
  // Which objects the token may read: a scan of the others would fail later with less to go on.
  const api = new HubSpotApi({ config: deps.config, tokens: { current: async () => token }, limiter: portalLimiter(deps.db, budgetKey(hubId, { authType: 'private_app', token }), 'private_app'), log, portalKey: hubId });
  const scopes: string[] = [];
  for (const objectType of OBJECT_TYPES) {
    try {
      await api.listPage(objectType, { properties: [], limit: 1 });
      scopes.push(objectType === 'tickets' ? 'tickets' : `crm.objects.${objectType}.read`);
    } catch (error) {
      if (!(error instanceof HubSpotError && error.kind === 'scopes')) throw new HttpError(502, 'HUBSPOT_UNAVAILABLE', error instanceof Error ? error.message : 'HubSpot could not be reached.');
    }
  }
  if (scopes.length === 0) throw new HttpError(400, 'HUBSPOT_MISSING_SCOPES', 'This private app may not read contacts, companies, deals or tickets. Give it the CRM read scopes in HubSpot, then paste its token again.');
  return { hubId, hubDomain: null, portalName: details.portalName?.trim() || null, scopes };
}

/** The connection as the settings page and dashboard show it, with what the mirror holds. */
export async function hubspotStatus(deps: Pick<ConnectionDependencies, 'db' | 'config'>, userId: number): Promise<HubSpotStatus> {
  const oauthAvailable = oauthConfigured(deps.config);
  const connection = await findConnection(deps.db, userId);
  const mirror = connection ? await mirrorSummary(deps, connection.id) : [];
  return {
    connected: Boolean(connection?.isConnected),
    authType: connection ? (connection.authType as 'oauth' | 'private_app') : null,
    hubId: connection?.hubId ?? null,
    hubDomain: connection?.hubDomain ?? null,
    portalName: connection ? portalDisplayName(connection) : null,
    connectedAt: connection?.createdAt.toISOString() ?? null,
    oauthAvailable,
    problem: connection && !connection.isConnected && connection.accessToken ? 'HubSpot no longer accepts this connection. Connect HubSpot again.' : null,
    mirror,
  };
}

function oauthConfigured(config: ConnectionDependencies['config']): boolean {
  return Boolean(config.HUBSPOT_CLIENT_ID && config.HUBSPOT_CLIENT_SECRET);
}

async function mirrorSummary({ db }: Pick<ConnectionDependencies, 'db'>, connectionId: number) {
  const counts = await db
    .select({ objectType: crmRecords.objectType, records: count() })
    .from(crmRecords)
    .where(and(eq(crmRecords.connectionId, connectionId), eq(crmRecords.archived, false)))
    .groupBy(crmRecords.objectType);
  const syncs = await db
    .select({ objectType: crmSyncState.objectType, completed: max(crmSyncState.lastSyncCompletedAt) })
    .from(crmSyncState)
    .where(eq(crmSyncState.connectionId, connectionId))
    .groupBy(crmSyncState.objectType);
  return OBJECT_TYPES.map((objectType: ObjectType) => ({
    objectType,
    records: Number(counts.find((c) => c.objectType === objectType)?.records ?? 0),
    lastSyncCompletedAt: syncs.find((s) => s.objectType === objectType)?.completed?.toISOString() ?? null,
  }));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
