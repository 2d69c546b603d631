/**
 * The Web API methods the sandbox speaks, with Slack's argument rules, scopes and error codes.
 * Each takes the call's arguments (form fields or JSON) and answers the body Slack would send
 * with `ok: true`, or throws SlackApiError for Slack's `ok: false` answer.
 */
import { blockProblems } from './block-kit-check';
import { BOT, TEAM, type Channel, type MessageMetadata, type PostedMessage, type Token, type Workspace } from './workspace';

export class SlackApiError extends Error {
  constructor(
    readonly error: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(error);
    this.name = 'SlackApiError';
  }
}

export type Args = Record<string, unknown>;

export interface MethodContext {
  workspace: Workspace;
  /** The caller's token; null only for methods that authenticate otherwise (oauth.v2.access). */
  token: Token | null;
  /** The sandbox's address, for the URLs Slack hands out. */
  baseUrl: string;
  /** Client credentials from a Basic Authorization header. */
  basicAuth: { clientId: string; clientSecret: string } | null;
}

export interface MethodDefinition {
  /** `token`: a bot token is required; `client`: the app's client id and secret are. */
  auth: 'token' | 'client';
  run(args: Args, context: MethodContext): Record<string, unknown>;
}

const SLACK_HOST = `https://${TEAM.domain}.slack.com`;

const text = (args: Args, name: string): string | undefined => {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : String(value);
};

const flag = (args: Args, name: string): boolean => {
  const value = args[name];
  return value === true || value === 'true' || value === '1' || value === 1;
};

/** Form bodies carry objects as JSON text; JSON bodies carry them as they are. */
function structured(args: Args, name: string): { present: boolean; value: unknown; valid: boolean } {
  const raw = args[name];
  if (raw === undefined || raw === null || raw === '') return { present: false, value: undefined, valid: true };
  if (typeof raw !== 'string') return { present: true, value: raw, valid: true };
  try {
    return { present: true, value: JSON.parse(raw), valid: true };
  } catch {
    return { present: true, value: undefined, valid: false };
  }
}

/** One of `accepted` scopes is needed; Slack names the first in `needed`. */
function requireScope(token: Token | null, ...accepted: string[]): void {
  if (!token || accepted.some((scope) => token.scopes.includes(scope))) return;
  throw new SlackApiError('missing_scope', { needed: accepted.join(','), provided: token.scopes.join(',') });
}

function channelView(channel: Channel): Record<string, unknown> {
  return {
    id: channel.id,
    name: channel.name,
    is_channel: true,
    is_group: false,
    is_im: false,
    is_mpim: false,
    is_private: channel.isPrivate,
    created: channel.created,
    is_archived: channel.isArchived,
    is_general: channel.name === 'general',
    unlinked: 0,
    name_normalized: channel.name,
    is_shared: false,
    is_org_shared: false,
    is_pending_ext_shared: false,
    pending_shared: [],
    context_team_id: TEAM.id,
    is_ext_shared: false,
    shared_team_ids: [TEAM.id],
    is_member: channel.botIsMember,
    topic: { value: '', creator: '', last_set: 0 },
    purpose: { value: '', creator: '', last_set: 0 },
    previous_names: [],
  };
}

function messageView(message: PostedMessage, workspace: Workspace, withMetadata: boolean): Record<string, unknown> {
  return {
    type: 'message',
    subtype: 'bot_message',
    user: message.user,
    bot_id: message.botId,
    app_id: BOT.appId,
    text: message.text,
    ts: message.ts,
    team: TEAM.id,
    bot_profile: { id: BOT.botId, app_id: BOT.appId, name: workspace.botName, deleted: false, team_id: TEAM.id },
    ...(message.blocks ? { blocks: message.blocks } : {}),
    ...(withMetadata && message.metadata ? { metadata: message.metadata } : {}),
  };
}

/** A channel the bot can see by id: public ones always, private ones only as a member. */
function visibleChannel(workspace: Workspace, args: Args): Channel {
  const id = text(args, 'channel');
  if (!id) throw new SlackApiError('channel_not_found');
  const channel = workspace.channel(id);
  if (!channel || (channel.isPrivate && !channel.botIsMember)) throw new SlackApiError('channel_not_found');
  return channel;
}

function metadataOf(args: Args): MessageMetadata | null {
  const parsed = structured(args, 'metadata');
  if (!parsed.present) return null;
  const value = parsed.value as { event_type?: unknown; event_payload?: unknown } | undefined;
  const valid =
    parsed.valid &&
    typeof value === 'object' &&
    value !== null &&
    typeof value.event_type === 'string' &&
    /^[A-Za-z0-9_.-]{1,255}$/.test(value.event_type) &&
    typeof value.event_payload === 'object' &&
    value.event_payload !== null &&
    !Array.isArray(value.event_payload);
  if (!valid) throw new SlackApiError('invalid_metadata_format');
  return { event_type: value.event_type as string, event_payload: value.event_payload as Record<string, unknown> };
}

function postMessage(args: Args, { workspace, token }: MethodContext): Record<string, unknown> {
  requireScope(token, 'chat:write');
  const reference = text(args, 'channel');
  if (!reference) throw new SlackApiError('channel_not_found');
  const channel = workspace.resolveChannel(reference);
  if (!channel || (channel.isPrivate && !channel.botIsMember)) throw new SlackApiError('channel_not_found');
  if (channel.isArchived) throw new SlackApiError('is_archived');
  // chat:write.public lets a bot post in public channels it was not invited to.
  if (!channel.botIsMember && !(token!.scopes.includes('chat:write.public') && !channel.isPrivate)) throw new SlackApiError('not_in_channel');

  const body = text(args, 'text') ?? '';
  const blocks = structured(args, 'blocks');
  if (!blocks.valid) throw new SlackApiError('invalid_blocks_format');
  if (blocks.present) {
    const problems = blockProblems(blocks.value);
    if (problems.length > 0) throw new SlackApiError('invalid_blocks', { errors: problems, response_metadata: { messages: problems.map((problem) => `[ERROR] ${problem}`) } });
  }
  const hasBlocks = blocks.present && Array.isArray(blocks.value) && blocks.value.length > 0;
  if (body.trim() === '' && !hasBlocks && !text(args, 'attachments')) throw new SlackApiError('no_text');
  if (body.length > 40_000) throw new SlackApiError('msg_too_long');
  const metadata = metadataOf(args);

  const message: PostedMessage = {
    channel: channel.id,
    channelName: channel.name,
    ts: workspace.nextTs(),
    text: body,
    blocks: hasBlocks ? (blocks.value as unknown[]) : null,
    metadata,
    user: BOT.userId,
    botId: BOT.botId,
    tokenEnding: token!.token.slice(-4),
    postedAt: new Date().toISOString(),
  };
  workspace.record(message);
  return { channel: channel.id, ts: message.ts, message: messageView(message, workspace, true) };
}

function conversationsHistory(args: Args, { workspace, token }: MethodContext): Record<string, unknown> {
  requireScope(token, 'channels:history', 'groups:history');
  const channel = visibleChannel(workspace, args);
  requireScope(token, channel.isPrivate ? 'groups:history' : 'channels:history');
  if (!channel.botIsMember) throw new SlackApiError('not_in_channel');
  const limit = Math.min(Math.max(Number(text(args, 'limit') ?? 100) || 100, 1), 999);
  const inclusive = flag(args, 'inclusive');
  const oldest = Number(text(args, 'oldest') ?? 0);
  const latest = text(args, 'latest') === undefined ? Infinity : Number(text(args, 'latest'));
  const after = (ts: number, bound: number) => (inclusive ? ts >= bound : ts > bound);
  const before = (ts: number, bound: number) => (inclusive ? ts <= bound : ts < bound);
  const matching = workspace
    .listMessages(channel.id)
    .filter((message) => after(Number(message.ts), oldest) && before(Number(message.ts), latest))
    .reverse();
  const offset = Number(Buffer.from(text(args, 'cursor') ?? '', 'base64').toString('utf8').replace(/^offset:/, '')) || 0;
  const page = matching.slice(offset, offset + limit);
  const hasMore = offset + limit < matching.length;
  return {
    messages: page.map((message) => messageView(message, workspace, flag(args, 'include_all_metadata'))),
    has_more: hasMore,
    pin_count: 0,
    channel_actions_ts: null,
    channel_actions_count: 0,
    response_metadata: { next_cursor: hasMore ? Buffer.from(`offset:${offset + limit}`).toString('base64') : '' },
  };
}

function conversationsList(args: Args, { workspace, token }: MethodContext): Record<string, unknown> {
  const types = (text(args, 'types') ?? 'public_channel').split(',').map((type) => type.trim());
  if (types.includes('public_channel')) requireScope(token, 'channels:read');
  if (types.includes('private_channel')) requireScope(token, 'groups:read');
  const limit = Math.min(Math.max(Number(text(args, 'limit') ?? 100) || 100, 1), 1000);
  const offset = Number(Buffer.from(text(args, 'cursor') ?? '', 'base64').toString('utf8').replace(/^offset:/, '')) || 0;
  const matching = workspace
    .listChannels()
    .filter((channel) => (channel.isPrivate ? types.includes('private_channel') && channel.botIsMember : types.includes('public_channel')))
    .filter((channel) => !(flag(args, 'exclude_archived') && channel.isArchived));
  const page = matching.slice(offset, offset + limit);
  const next = offset + limit < matching.length ? Buffer.from(`offset:${offset + limit}`).toString('base64') : '';
  return { channels: page.map(channelView), response_metadata: { next_cursor: next } };
}

function conversationsInfo(args: Args, { workspace, token }: MethodContext): Record<string, unknown> {
  requireScope(token, 'channels:read', 'groups:read');
  const channel = visibleChannel(workspace, args);
  requireScope(token, channel.isPrivate ? 'groups:read' : 'channels:read');
  return { channel: channelView(channel) };
}

function conversationsJoin(args: Args, { workspace, token }: MethodContext): Record<string, unknown> {
  requireScope(token, 'channels:join');
  const channel = visibleChannel(workspace, args);
  if (channel.isPrivate) throw new SlackApiError('method_not_supported_for_channel_type');
  if (channel.isArchived) throw new SlackApiError('is_archived');
  const already = channel.botIsMember;
  workspace.updateChannel(channel.id, { botIsMember: true });
  return { channel: channelView(channel), ...(already ? { warning: 'already_in_channel', response_metadata: { warnings: ['already_in_channel'] } } : {}) };
}

function authTest(_args: Args, { workspace }: MethodContext): Record<string, unknown> {
  return { url: `${SLACK_HOST}/`, team: TEAM.name, user: workspace.botName, team_id: TEAM.id, user_id: BOT.userId, bot_id: BOT.botId, is_enterprise_install: false };
}

function oauthV2Access(args: Args, { workspace, baseUrl, basicAuth }: MethodContext): Record<string, unknown> {
  const clientId = basicAuth?.clientId ?? text(args, 'client_id');
  const clientSecret = basicAuth?.clientSecret ?? text(args, 'client_secret');
  if (!clientId || clientId !== workspace.clientId) throw new SlackApiError('invalid_client_id');
  if (clientSecret !== workspace.clientSecret) throw new SlackApiError('bad_client_secret');
  const code = workspace.takeCode(text(args, 'code') ?? '');
  if (!code) throw new SlackApiError('invalid_code');
  // A redirect_uri sent to the authorize page must come again, the same.
  if (code.redirectUri !== null && text(args, 'redirect_uri') !== code.redirectUri) throw new SlackApiError('bad_redirect_uri');
  const token = workspace.addToken({ scopes: code.scopes });
  const channel = workspace.channel(code.channelId)!;
  // Choosing a channel for the incoming webhook adds the app to it.
  workspace.updateChannel(channel.id, { botIsMember: true });
  return {
    app_id: BOT.appId,
    authed_user: { id: 'U0SANDUSR01' },
    scope: code.scopes.join(','),
    token_type: 'bot',
    access_token: token.token,
    bot_user_id: BOT.userId,
    team: { id: TEAM.id, name: TEAM.name },
    enterprise: null,
    is_enterprise_install: false,
    ...(code.scopes.includes('incoming-webhook')
      ? {
          incoming_webhook: {
            channel: `#${channel.name}`,
            channel_id: channel.id,
            configuration_url: `${SLACK_HOST}/services/${BOT.botId}`,
            url: `${baseUrl}/services/${TEAM.id}/${BOT.botId}/${token.token.slice(-24)}`,
          },
        }
      : {}),
  };
}

export const METHODS: Record<string, MethodDefinition> = {
  'auth.test': { auth: 'token', run: authTest },
  'chat.postMessage': { auth: 'token', run: postMessage },
  'conversations.history': { auth: 'token', run: conversationsHistory },
  'conversations.info': { auth: 'token', run: conversationsInfo },
  'conversations.join': { auth: 'token', run: conversationsJoin },
  'conversations.list': { auth: 'token', run: conversationsList },
  'oauth.v2.access': { auth: 'client', run: oauthV2Access },
};
