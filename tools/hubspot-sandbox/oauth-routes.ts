/**
 * OAuth: the token endpoint (form body), token information, and an authorize page that
 * approves at once for a sandbox portal, so the product's connect flow runs end to end.
 * Also the account details every token may read.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { HubSpotHttpError, errorBody } from './hubspot-errors';
import type { SandboxState } from './sandbox-state';

const authorizeQuery = z.object({
  client_id: z.string().optional(),
  redirect_uri: z.string().optional(),
  scope: z.string().optional(),
  optional_scope: z.string().optional(),
  state: z.string().optional(),
  portal: z.string().regex(/^\d+$/).transform(Number).optional(),
});

const scopeList = (text: string | undefined): string[] => (text ?? '').split(/[\s+]+/).filter(Boolean);

/** HubSpot shows such problems as a page to the user, not to the app. */
function authorizeProblem(reply: FastifyReply, message: string): FastifyReply {
  const escaped = message.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><title>Couldn't complete the connection</title><h1>Couldn't complete the connection</h1><p>${escaped}</p>`);
}

function tokenNotFound(): HubSpotHttpError {
  return new HubSpotHttpError(404, errorBody('Token not found or expired.', 'OBJECT_NOT_FOUND'));
}

export function registerOAuthRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get('/oauth/authorize', async (request, reply) => {
    const parsed = authorizeQuery.safeParse(request.query);
    if (!parsed.success) return authorizeProblem(reply, 'The authorization link is malformed.');
    const query = parsed.data;
    const oauthApp = query.client_id ? state.tokens.oauthApp(query.client_id) : undefined;
    if (!oauthApp) return authorizeProblem(reply, 'This app could not be found: check client_id.');
    let redirect: URL;
    try {
      redirect = new URL(query.redirect_uri ?? '');
    } catch {
      return authorizeProblem(reply, 'redirect_uri is missing or not a URL.');
    }
    if (oauthApp.redirectUris.length > 0 && !oauthApp.redirectUris.includes(query.redirect_uri!)) {
      return authorizeProblem(reply, 'redirect_uri does not match the app settings.');
    }
    const scopes = [...new Set([...scopeList(query.scope), ...scopeList(query.optional_scope)])];
    if (scopes.length === 0) return authorizeProblem(reply, 'The link asks for no scopes.');
    const portal = query.portal === undefined ? state.defaultPortal : state.portal(query.portal);
    if (!portal) return authorizeProblem(reply, `There is no sandbox portal ${query.portal}.`);
    redirect.searchParams.set('code', state.tokens.createAuthorizationCode(oauthApp, portal, query.redirect_uri!, scopes));
    if (query.state !== undefined) redirect.searchParams.set('state', query.state);
    return reply.redirect(redirect.toString(), 302);
  });

  app.post('/oauth/v1/token', async (request) => {
    const form = z.record(z.string(), z.string()).safeParse(request.body ?? {});
    return state.tokens.exchange(form.success ? form.data : {});
  });

  app.get('/oauth/v1/access-tokens/:token', async (request) => {
    const info = state.tokens.accessTokenInfo((request.params as { token: string }).token);
    if (!info) throw tokenNotFound();
    return info;
  });

  app.get('/oauth/v1/refresh-tokens/:token', async (request) => {
    const info = state.tokens.refreshTokenInfo((request.params as { token: string }).token);
    if (!info) throw tokenNotFound();
    return info;
  });

  app.delete('/oauth/v1/refresh-tokens/:token', async (request, reply) => {
    if (!state.tokens.revokeRefreshToken((request.params as { token: string }).token)) throw tokenNotFound();
    return reply.code(204).send();
  });

  app.get('/account-info/v3/details', async (request, reply) => {
    const { portal } = state.authorize(request, reply, { kind: 'standard' });
    return portal.accountDetails(state.clock.now());
  });
}
