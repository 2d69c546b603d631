/**
 * A Slack-compatible server on loopback for tests, local development and benchmarks: the
 * official `@slack/web-api` client, pointed at `apiUrl`, gets Slack's answers and failures.
 *
 *   const slack = await startSlackSandbox();
 *   const client = new WebClient(slack.botToken, { slackApiUrl: slack.apiUrl });
 *   await client.chat.postMessage({ channel: '#crm-alerts', text: 'Hello' });
 *   slack.messages('#crm-alerts');
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { ADMIN_PREFIX, registerAdminRoutes } from './admin-routes';
import type { Fault, FaultOptions } from './faults';
import { registerOAuthRoutes } from './oauth-routes';
import { SandboxState, type Call } from './sandbox-state';
import { registerWebApiRoutes } from './web-api-routes';
import { DEFAULT_BOT_TOKEN, type Channel, type ChannelOptions, type PostedMessage, type Token, type WorkspaceOptions } from './workspace';

export interface SlackSandboxOptions extends WorkspaceOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the admin routes have no authentication. */
  host?: string;
  /** Fastify's request log on stdout. */
  logger?: boolean;
}

export interface SlackSandbox {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  readonly url: string;
  /** What `slackApiUrl` (and SLACK_API_URL) should be: `${url}/api/`. */
  readonly apiUrl: string;
  /** `${url}/oauth/v2/authorize`: SLACK_AUTHORIZE_URL for the product. */
  readonly authorizeUrl: string;
  readonly port: number;
  /** A bot token with the scopes "Add to Slack" asks for (unless `botScopes` said otherwise). */
  readonly botToken: string;
  readonly botName: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly state: SandboxState;
  /** The lines for DataCleaner's `.env`. */
  envLines(): string[];
  /** Posted messages, oldest first; one channel's (id, `#name` or `name`) when given. */
  messages(channel?: string): PostedMessage[];
  /** Calls answered, oldest first; one method's when given. */
  calls(method?: string): Call[];
  channels(): Channel[];
  addChannel(options: ChannelOptions): Channel;
  updateChannel(channel: string, changes: Partial<Pick<Channel, 'isArchived' | 'botIsMember'>>): Channel;
  addToken(options?: { token?: string; scopes?: string[] }): Token;
  revokeToken(token: string): void;
  /** Queues a fault for the next calls of a method (see FaultOptions). */
  fail(options: FaultOptions): Fault;
  clearFaults(): void;
  /** Lets held answers (kind `hang`) go; returns how many there were. */
  release(): number;
  /** How the authorize page answers: approve at once, or error=access_denied. */
  setAuthorizeMode(mode: 'approve' | 'deny'): void;
  /** Back to the start: default channels and token, no messages, faults or calls. */
  reset(): void;
  close(): Promise<void>;
}

/** The Fastify app over a state, not listening: the sandbox's routes, parsers and error shapes. */
export function buildSlackSandboxApp(state: SandboxState, options: { logger?: boolean; baseUrl: () => string }): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });
  const isAdmin = (url: string) => url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`) || url.startsWith(`${ADMIN_PREFIX}?`);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (isAdmin(request.url)) return reply.code(status).send({ message: error.message });
    if (status >= 500) {
      request.log.error(error);
      return reply.code(500).send({ ok: false, error: 'internal_error' });
    }
    // A body Slack cannot read is still an HTTP 200 with ok: false.
    return reply.code(200).send({ ok: false, error: error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'invalid_form_data' : 'invalid_json' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (isAdmin(request.url)) return reply.code(404).send({ message: `No admin route ${request.method} ${request.url}` });
    return reply.code(404).send({ ok: false, error: 'unknown_method' });
  });

  registerWebApiRoutes(app, state, options.baseUrl);
  registerOAuthRoutes(app, state);
  registerAdminRoutes(app, state);
  return app;
}

export async function startSlackSandbox(options: SlackSandboxOptions = {}): Promise<SlackSandbox> {
  const state = new SandboxState(options);
  let url = '';
  const app = buildSlackSandboxApp(state, { logger: options.logger, baseUrl: () => url });
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  url = `http://${host}:${address.port}`;
  const { workspace } = state;
  const channelOf = (reference: string) => {
    const channel = workspace.resolveChannel(reference);
    if (!channel) throw new Error(`No channel ${reference}`);
    return channel;
  };
  const sandbox: SlackSandbox = {
    url,
    apiUrl: `${url}/api/`,
    authorizeUrl: `${url}/oauth/v2/authorize`,
    port: address.port,
    botToken: DEFAULT_BOT_TOKEN,
    botName: workspace.botName,
    clientId: workspace.clientId,
    clientSecret: workspace.clientSecret,
    state,
    envLines: () => [
      `SLACK_API_URL=${url}/api/`,
      `SLACK_AUTHORIZE_URL=${url}/oauth/v2/authorize`,
      `SLACK_CLIENT_ID=${workspace.clientId}`,
      `SLACK_CLIENT_SECRET=${workspace.clientSecret}`,
    ],
    messages: (channel) => workspace.listMessages(channel),
    calls: (method) => state.calls(method),
    channels: () => workspace.listChannels(),
    addChannel: (channel) => workspace.addChannel(channel),
    updateChannel: (channel, changes) => workspace.updateChannel(channelOf(channel).id, changes),
    addToken: (token) => workspace.addToken(token),
    revokeToken: (token) => {
      if (!workspace.revokeToken(token)) throw new Error('No such token');
    },
    fail: (fault) => state.faults.add(fault),
    clearFaults: () => state.faults.clear(),
    release: () => state.faults.release(),
    setAuthorizeMode: (mode) => {
      workspace.authorizeMode = mode;
    },
    reset: () => state.reset(),
    close: async () => {
      state.faults.release();
      await app.close();
    },
  };
  return sandbox;
}
