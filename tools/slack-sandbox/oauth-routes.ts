/**
 * `GET /oauth/v2/authorize`: Slack's "Add to Slack" approval page, which here approves at once
 * (or refuses, in deny mode) and sends the browser back to the app with `code` and `state`.
 * The channel for the incoming webhook is the workspace's install channel, or `channel=<name>`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SandboxState } from './sandbox-state';

const authorizeQuery = z.object({
  client_id: z.string().optional(),
  scope: z.string().optional(),
  user_scope: z.string().optional(),
  redirect_uri: z.string().optional(),
  state: z.string().optional(),
  team: z.string().optional(),
  channel: z.string().optional(),
});

/** Slack shows such problems to the person installing, not to the app. */
function problemPage(reply: FastifyReply, message: string): FastifyReply {
  const escaped = message.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  return reply.code(400).type('text/html; charset=utf-8').send(`<!doctype html><title>Something went wrong</title><h1>Something went wrong</h1><p>${escaped}</p>`);
}

export function registerOAuthRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get('/oauth/v2/authorize', async (request, reply) => {
    const parsed = authorizeQuery.safeParse(request.query);
    if (!parsed.success) return problemPage(reply, 'The installation link is malformed.');
    const query = parsed.data;
    const workspace = state.workspace;
    if (query.client_id !== workspace.clientId) return problemPage(reply, 'Invalid client_id parameter');
    const redirectUri = query.redirect_uri ?? workspace.redirectUris[0];
    if (!redirectUri) return problemPage(reply, 'No redirect_uri, and the app has none configured.');
    if (workspace.redirectUris.length > 0 && !workspace.redirectUris.includes(redirectUri)) return problemPage(reply, 'redirect_uri did not match any configured URIs.');
    let target: URL;
    try {
      target = new URL(redirectUri);
    } catch {
      return problemPage(reply, 'redirect_uri is not a URL.');
    }
    const scopes = [...new Set((query.scope ?? '').split(/[\s,]+/).filter(Boolean))];
    if (scopes.length === 0 && !query.user_scope) return problemPage(reply, 'The installation link asks for no scopes.');
    const channel = workspace.resolveChannel(query.channel ?? workspace.installChannel);
    if (!channel) return problemPage(reply, `The workspace has no channel ${query.channel ?? workspace.installChannel}.`);

    if (workspace.authorizeMode === 'deny') target.searchParams.set('error', 'access_denied');
    else target.searchParams.set('code', workspace.createCode(query.redirect_uri ?? null, scopes, channel.id));
    if (query.state !== undefined) target.searchParams.set('state', query.state);
    return reply.redirect(target.toString(), 302);
  });
}
