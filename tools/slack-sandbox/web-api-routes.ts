/**
 * `POST /api/<method>` (GET too, as Slack allows): the arguments from the form or JSON body and
 * the query, the token from `Authorization: Bearer` or the `token` argument, queued faults
 * first, then the method. Slack answers errors with HTTP 200 and `ok: false`, except rate
 * limits (429 with Retry-After) and its own failures (5xx).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxState } from './sandbox-state';
import { METHODS, SlackApiError, type Args, type MethodContext } from './web-api-methods';
import type { Token } from './workspace';

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
}

function basicAuth(request: FastifyRequest): MethodContext['basicAuth'] {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) };
}

function argsOf(request: FastifyRequest): Args {
  const body = typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? (request.body as Args) : {};
  return { ...(request.query as Args), ...body };
}

function authenticate(state: SandboxState, request: FastifyRequest, args: Args): Token {
  const value = bearer(request) ?? (typeof args.token === 'string' ? args.token : undefined);
  if (!value) throw new SlackApiError('not_authed');
  const token = state.workspace.token(value);
  if (!token) throw new SlackApiError('invalid_auth');
  if (token.revoked) throw new SlackApiError('token_revoked');
  return token;
}

export function registerWebApiRoutes(app: FastifyInstance, state: SandboxState, baseUrl: () => string): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const name = (request.params as { method: string }).method;
    const method = METHODS[name];
    const log = (status: number, error: string | null, fault: string | null = null) => state.recordCall({ method: name, status, error, fault });
    if (!method) {
      log(404, 'unknown_method');
      return reply.code(404).send({ ok: false, error: 'unknown_method', req_method: name });
    }

    const fault = state.faults.take(name);
    if (fault?.kind === 'ratelimited') {
      log(429, 'ratelimited', 'ratelimited');
      return reply.code(429).header('retry-after', String(fault.retryAfterSeconds)).send({ ok: false, error: 'ratelimited' });
    }
    if (fault?.kind === 'error') {
      log(fault.status, null, 'error');
      return reply.code(fault.status).type('text/html; charset=utf-8').send('<html><body><h1>Slack is having trouble</h1></body></html>');
    }

    const args = argsOf(request);
    let body: Record<string, unknown>;
    try {
      const token = method.auth === 'token' ? authenticate(state, request, args) : null;
      if (token) reply.header('x-oauth-scopes', token.scopes.join(','));
      body = { ok: true, ...method.run(args, { workspace: state.workspace, token, baseUrl: baseUrl(), basicAuth: basicAuth(request) }) };
    } catch (error) {
      if (!(error instanceof SlackApiError)) throw error;
      body = { ok: false, error: error.error, ...error.extra };
    }
    const error = body.ok ? null : (body.error as string);

    if (fault?.kind === 'disconnect') {
      log(0, error, 'disconnect');
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (fault?.kind === 'hang') {
      log(200, error, 'hang');
      await state.faults.hold((stop) => reply.raw.once('close', stop));
      if (reply.raw.destroyed || request.raw.socket.destroyed) {
        reply.hijack();
        return reply;
      }
      return reply.send(body);
    }
    log(200, error);
    return reply.send(body);
  };
  app.post('/api/:method', handler);
  app.get('/api/:method', handler);
}
