/**
 * One Slack workspace as the sandbox keeps it: its channels, the bot's tokens and scopes, the
 * messages posted, the OAuth app and its pending codes. Ids and the default token are fixed,
 * so a developer's `.env` stays valid from one start to the next.
 */
import { randomBytes } from 'node:crypto';

export const TEAM = { id: 'T0SANDBOX01', name: 'Sandbox Workspace', domain: 'sandbox' } as const;
export const BOT = { userId: 'U0SANDBOT01', botId: 'B0SANDBOT01', appId: 'A0SANDAPP01' } as const;

/** What "Add to Slack" asks for, and what the default token holds. */
export const DEFAULT_SCOPES = ['chat:write', 'channels:read', 'channels:history', 'groups:read', 'groups:history', 'incoming-webhook'];
export const DEFAULT_BOT_TOKEN = 'xoxb-1000000001-2000000001-sandboxBotToken0000000001';
export const DEFAULT_CLIENT_ID = '1000000001.3000000001';
export const DEFAULT_CLIENT_SECRET = 'sandbox0client0secret0000000001';

export interface Channel {
  id: string;
  name: string;
  isPrivate: boolean;
  isArchived: boolean;
  /** Whether the bot was invited (or joined); it may post and read history only then. */
  botIsMember: boolean;
  created: number;
}

export interface ChannelOptions {
  name: string;
  isPrivate?: boolean;
  isArchived?: boolean;
  botIsMember?: boolean;
}

export interface Token {
  token: string;
  scopes: string[];
  revoked: boolean;
}

export interface MessageMetadata {
  event_type: string;
  event_payload: Record<string, unknown>;
}

export interface PostedMessage {
  channel: string;
  channelName: string;
  ts: string;
  text: string;
  blocks: unknown[] | null;
  metadata: MessageMetadata | null;
  user: string;
  botId: string;
  /** The token's last four characters, so tests can tell tokens apart without printing them. */
  tokenEnding: string;
  postedAt: string;
}

interface AuthorizationCode {
  redirectUri: string | null;
  scopes: string[];
  channelId: string;
  expiresAt: number;
}

export interface WorkspaceOptions {
  /** Channels instead of the default ones. */
  channels?: ChannelOptions[];
  /** Scopes of the default bot token (DEFAULT_BOT_TOKEN). */
  botScopes?: string[];
  botName?: string;
  clientId?: string;
  clientSecret?: string;
  /** Redirect URLs the app accepts; any when empty. */
  redirectUris?: string[];
  /** The channel an "Add to Slack" approval picks for its incoming webhook (a name). */
  installChannel?: string;
}

const DEFAULT_CHANNELS: ChannelOptions[] = [
  { name: 'general', botIsMember: true },
  { name: 'crm-alerts', botIsMember: true },
  { name: 'random' },
  { name: 'old-alerts', isArchived: true, botIsMember: true },
  { name: 'leadership', isPrivate: true },
];

const CODE_LIFETIME_MS = 10 * 60_000;

export class Workspace {
  readonly botName: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: string[];
  installChannel: string;
  /** approve: the authorize page approves at once; deny: it answers error=access_denied. */
  authorizeMode: 'approve' | 'deny' = 'approve';
  private channels = new Map<string, Channel>();
  private tokens = new Map<string, Token>();
  private messages: PostedMessage[] = [];
  private codes = new Map<string, AuthorizationCode>();
  private nextChannel = 1;
  private lastTs = 0;

  constructor(private readonly options: WorkspaceOptions = {}) {
    this.botName = options.botName ?? 'datacleaner';
    this.clientId = options.clientId ?? DEFAULT_CLIENT_ID;
    this.clientSecret = options.clientSecret ?? DEFAULT_CLIENT_SECRET;
    this.redirectUris = options.redirectUris ?? [];
    this.installChannel = options.installChannel ?? 'crm-alerts';
    this.reset();
  }

  /** Back to the state it started with: default channels and token, no messages. */
  reset(): void {
    this.channels.clear();
    this.tokens.clear();
    this.codes.clear();
    this.messages = [];
    this.nextChannel = 1;
    this.authorizeMode = 'approve';
    this.installChannel = this.options.installChannel ?? 'crm-alerts';
    for (const channel of this.options.channels ?? DEFAULT_CHANNELS) this.addChannel(channel);
    this.addToken({ token: DEFAULT_BOT_TOKEN, scopes: this.options.botScopes ?? DEFAULT_SCOPES });
  }

  addChannel(options: ChannelOptions): Channel {
    const name = options.name.replace(/^#/, '');
    if (this.channelByName(name)) throw new Error(`A channel #${name} exists already`);
    const id = `C0SB${String(this.nextChannel++).padStart(7, '0')}`;
    const channel: Channel = { id, name, isPrivate: options.isPrivate ?? false, isArchived: options.isArchived ?? false, botIsMember: options.botIsMember ?? false, created: Math.floor(Date.now() / 1000) };
    this.channels.set(id, channel);
    return channel;
  }

  updateChannel(id: string, changes: Partial<Pick<Channel, 'isArchived' | 'botIsMember'>>): Channel {
    const channel = this.channels.get(id);
    if (!channel) throw new Error(`No channel ${id}`);
    Object.assign(channel, changes);
    return channel;
  }

  listChannels(): Channel[] {
    return [...this.channels.values()];
  }

  channel(id: string): Channel | undefined {
    return this.channels.get(id);
  }

  channelByName(name: string): Channel | undefined {
    return this.listChannels().find((channel) => channel.name === name);
  }

  /** What chat.postMessage accepts: an id, `#name` or `name`. */
  resolveChannel(reference: string): Channel | undefined {
    return this.channels.get(reference) ?? this.channelByName(reference.replace(/^#/, ''));
  }

  addToken(options: { token?: string; scopes?: string[] } = {}): Token {
    const token: Token = { token: options.token ?? `xoxb-1000000001-2000000001-${randomBytes(12).toString('hex')}`, scopes: options.scopes ?? DEFAULT_SCOPES, revoked: false };
    this.tokens.set(token.token, token);
    return token;
  }

  token(value: string): Token | undefined {
    return this.tokens.get(value);
  }

  listTokens(): Token[] {
    return [...this.tokens.values()];
  }

  revokeToken(value: string): boolean {
    const token = this.tokens.get(value);
    if (!token) return false;
    token.revoked = true;
    return true;
  }

  /** Slack's ts: seconds with six digits after the point, unique and increasing. */
  nextTs(): string {
    const micros = Math.max(Date.now() * 1000, this.lastTs + 1);
    this.lastTs = micros;
    return `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`;
  }

  record(message: PostedMessage): void {
    this.messages.push(message);
  }

  /** Oldest first; only one channel's when `channel` (an id or a name) is given. */
  listMessages(channel?: string): PostedMessage[] {
    if (channel === undefined) return [...this.messages];
    const found = this.resolveChannel(channel);
    return found ? this.messages.filter((message) => message.channel === found.id) : [];
  }

  createCode(redirectUri: string | null, scopes: string[], channelId: string): string {
    const code = `${Date.now()}.${randomBytes(16).toString('hex')}`;
    this.codes.set(code, { redirectUri, scopes, channelId, expiresAt: Date.now() + CODE_LIFETIME_MS });
    return code;
  }

  /** A code is good once, for ten minutes. */
  takeCode(code: string): AuthorizationCode | undefined {
    const found = this.codes.get(code);
    this.codes.delete(code);
    return found && found.expiresAt > Date.now() ? found : undefined;
  }
}
