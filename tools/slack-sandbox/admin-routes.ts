/**
 * `/_sandbox/*`: set the workspace up and look into it while it runs. No Slack auth: the server
 * listens on loopback only. Answers are JSON; errors come as `{ message }`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { faultSchema } from './faults';
import type { SandboxState } from './sandbox-state';
import { BOT, TEAM } from './workspace';

export const ADMIN_PREFIX = '/_sandbox';

/** An error the error handler answers with its status and `{ message }`. */
function adminError(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

const channelBody = z.object({ name: z.string().regex(/^#?[a-z0-9_-]{1,80}$/, 'a channel name is lowercase letters, digits, - and _'), isPrivate: z.boolean().optional(), isArchived: z.boolean().optional(), botIsMember: z.boolean().optional() });
const channelChanges = z.object({ isArchived: z.boolean().optional(), botIsMember: z.boolean().optional() });
const tokenBody = z.object({ token: z.string().regex(/^xox[a-z]-[\w-]+$/).optional(), scopes: z.array(z.string()).optional() });
const oauthBody = z.object({ mode: z.enum(['approve', 'deny']).optional(), installChannel: z.string().optional() });

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw adminError(400, result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
  return result.data;
}

export function registerAdminRoutes(app: FastifyInstance, state: SandboxState): void {
  const { workspace, faults } = state;

  app.get(ADMIN_PREFIX, async () => ({
    team: TEAM,
    bot: { ...BOT, name: workspace.botName },
    oauthApp: { clientId: workspace.clientId, clientSecret: workspace.clientSecret, redirectUris: workspace.redirectUris, authorizeMode: workspace.authorizeMode, installChannel: workspace.installChannel },
    channels: workspace.listChannels(),
    tokens: workspace.listTokens(),
    messages: workspace.listMessages().length,
    faults: faults.pending(),
    heldAnswers: faults.heldCount,
  }));

  app.get(`${ADMIN_PREFIX}/messages`, async (request) => {
    const { channel } = parse(z.object({ channel: z.string().optional() }), request.query);
    return { messages: workspace.listMessages(channel) };
  });

  app.post(`${ADMIN_PREFIX}/reset`, async () => {
    state.reset();
    return { reset: true };
  });

  app.get(`${ADMIN_PREFIX}/channels`, async () => ({ channels: workspace.listChannels() }));
  app.post(`${ADMIN_PREFIX}/channels`, async (request, reply) => {
    const body = parse(channelBody, request.body);
    if (workspace.resolveChannel(body.name)) throw adminError(409, `A channel ${body.name} exists already`);
    return reply.code(201).send(workspace.addChannel(body));
  });
  app.patch(`${ADMIN_PREFIX}/channels/:id`, async (request) => {
    const channel = workspace.resolveChannel((request.params as { id: string }).id);
    if (!channel) throw adminError(404, 'No such channel');
    return workspace.updateChannel(channel.id, parse(channelChanges, request.body));
  });

  app.get(`${ADMIN_PREFIX}/tokens`, async () => ({ tokens: workspace.listTokens() }));
  app.post(`${ADMIN_PREFIX}/tokens`, async (request, reply) => reply.code(201).send(workspace.addToken(parse(tokenBody, request.body))));
  app.delete(`${ADMIN_PREFIX}/tokens/:token`, async (request) => {
    if (!workspace.revokeToken((request.params as { token: string }).token)) throw adminError(404, 'No such token');
    return { revoked: true };
  });

  app.get(`${ADMIN_PREFIX}/faults`, async () => ({ faults: faults.pending(), heldAnswers: faults.heldCount }));
  app.post(`${ADMIN_PREFIX}/faults`, async (request, reply) => reply.code(201).send(faults.add(parse(faultSchema, request.body))));
  app.delete(`${ADMIN_PREFIX}/faults`, async () => {
    faults.clear();
    return { faults: [] };
  });
  app.post(`${ADMIN_PREFIX}/release`, async () => ({ released: faults.release() }));

  app.get(`${ADMIN_PREFIX}/calls`, async (request) => {
    const { method } = parse(z.object({ method: z.string().optional() }), request.query);
    return { calls: state.calls(method) };
  });

  app.post(`${ADMIN_PREFIX}/oauth`, async (request) => {
    const body = parse(oauthBody, request.body);
    if (body.installChannel !== undefined && !workspace.resolveChannel(body.installChannel)) throw adminError(404, `No channel ${body.installChannel}`);
    if (body.mode) workspace.authorizeMode = body.mode;
    if (body.installChannel !== undefined) workspace.installChannel = body.installChannel;
    return { authorizeMode: workspace.authorizeMode, installChannel: workspace.installChannel };
  });
}
