import { LogLevel, WebClient, type Logger } from '@slack/web-api';
import type { TestNotificationResult } from '../../../shared/contracts/notifications';
import type { Config } from '../../config';
import type { NoticeLinks, SendFailure, SendOutcome } from './notice-types';
import { channelLabel, slackFailure } from './slack-errors';
import { testSlackMessage, type SlackMessage } from './slack-messages';

/**
 * DataCleaner's Slack port: the official SDK on SLACK_API_URL with its own retries off, so the
 * delivery job decides when to try again (after Retry-After on a 429). Tokens go to Slack only:
 * never into a log, an error or a result.
 */

type SlackConfig = Pick<Config, 'SLACK_API_URL'>;

/** The metadata event every notification carries, so a retry can find a post an earlier attempt made. */
export const SLACK_NOTIFICATION_EVENT = 'datacleaner_notification';

const DEFAULT_TIMEOUT_MS = 30_000;
/** Channels looked through to turn a #name into an id, at most. */
const MAX_CHANNEL_PAGES = 10;
/** A retry looks for its earlier post among this many of the channel's newest messages. */
const HISTORY_LIMIT = 200;

/** The SDK logs warnings on the console; our callers report outcomes themselves. */
const SILENT: Logger = { debug() {}, info() {}, warn() {}, error() {}, setLevel() {}, getLevel: () => LogLevel.ERROR, setName() {} };

export function slackWebClient(config: SlackConfig, token?: string, timeoutMs = DEFAULT_TIMEOUT_MS): WebClient {
  return new WebClient(token || undefined, { slackApiUrl: config.SLACK_API_URL, rejectRateLimitedCalls: true, retryConfig: { retries: 0 }, timeout: timeoutMs, logger: SILENT });
}

export interface SlackPostRequest {
  token: string;
  /** #name, name or channel id, as saved in the settings. */
  channel: string;
  message: SlackMessage;
  /** The delivery's idempotency key, stored in the message's metadata. */
  idempotencyKey: string;
  /** An earlier attempt may have posted before its worker died: look before posting again. */
  alreadyTried: boolean;
  /** When the first attempt started; the look back starts a minute before. */
  firstTriedAt?: Date;
  /** Default 30 s. */
  timeoutMs?: number;
}

export type SlackPostOutcome = SendOutcome & { channelId?: string; ts?: string };

const isChannelId = (channel: string) => /^[CG][A-Z0-9]{6,}$/.test(channel);

async function channelId(client: WebClient, channel: string): Promise<string | null> {
  if (isChannelId(channel)) return channel;
  const name = channel.replace(/^#/, '');
  let cursor: string | undefined;
  for (let page = 0; page < MAX_CHANNEL_PAGES; page++) {
    const result = await client.conversations.list({ types: 'public_channel,private_channel', exclude_archived: true, limit: 200, ...(cursor ? { cursor } : {}) });
    const found = result.channels?.find((c) => c.name === name);
    if (found?.id) return found.id;
    cursor = result.response_metadata?.next_cursor;
    if (!cursor) return null;
  }
  return null;
}

type EarlierPost = { found: { channelId: string; ts: string } | null } | { failure: SendFailure };

/**
 * The message an earlier attempt posted with this key, if any. None when the history cannot
 * be read for good (no scope, not a member): then posting is the best we can do. A transient
 * failure is returned instead: posting blind while Slack is unwell could post twice.
 */
async function earlierPost(client: WebClient, request: SlackPostRequest): Promise<EarlierPost> {
  try {
    const id = await channelId(client, request.channel);
    if (!id) return { found: null };
    const oldest = request.firstTriedAt ? String(Math.floor(request.firstTriedAt.getTime() / 1000) - 60) : undefined;
    const history = await client.conversations.history({ channel: id, include_all_metadata: true, limit: HISTORY_LIMIT, ...(oldest ? { oldest } : {}) });
    const found = history.messages?.find((m) => m.metadata?.event_type === SLACK_NOTIFICATION_EVENT && (m.metadata.event_payload as { key?: unknown } | undefined)?.key === request.idempotencyKey);
    return { found: found?.ts ? { channelId: id, ts: found.ts } : null };
  } catch (error) {
    const failure = slackFailure(error, { channel: request.channel });
    return failure.permanent ? { found: null } : { failure };
  }
}

/** The bot's user name, for "/invite @<bot>"; undefined when Slack will not say. */
async function botName(client: WebClient): Promise<string | undefined> {
  return client.auth.test().then(
    (result) => result.user,
    () => undefined,
  );
}

const NO_CHANNEL: SendFailure = { ok: false, permanent: true, code: 'no_channel', message: 'No Slack channel is chosen. Enter one in Settings, such as #crm-alerts, or use Add to Slack.' };

/** Posts one notification, at most once per idempotency key however often it is retried. */
export async function postSlackMessage(config: SlackConfig, request: SlackPostRequest): Promise<SlackPostOutcome> {
  if (!request.channel.trim()) return NO_CHANNEL;
  const client = slackWebClient(config, request.token, request.timeoutMs);
  try {
    if (request.alreadyTried) {
      const earlier = await earlierPost(client, request);
      if ('failure' in earlier) return earlier.failure;
      if (earlier.found) return { ok: true, providerId: earlier.found.ts, ...earlier.found };
    }
    const result = await client.chat.postMessage({
      channel: request.channel,
      text: request.message.text,
      blocks: request.message.blocks,
      metadata: { event_type: SLACK_NOTIFICATION_EVENT, event_payload: { key: request.idempotencyKey } },
      unfurl_links: false,
      unfurl_media: false,
    });
    return { ok: true, providerId: result.ts ?? null, ...(result.channel ? { channelId: result.channel } : {}), ...(result.ts ? { ts: result.ts } : {}) };
  } catch (error) {
    const failure = slackFailure(error, { channel: request.channel });
    if (failure.code !== 'not_in_channel' && failure.code !== 'channel_not_found') return failure;
    return slackFailure(error, { channel: request.channel, botName: await botName(client) });
  }
}

export interface SlackTestRequest {
  token: string;
  channel: string;
  links: NoticeLinks;
  timeoutMs?: number;
}

/** "Send a test": checks the token, posts a short message, and says what happened and how to fix it. */
export async function testSlack(config: SlackConfig, request: SlackTestRequest): Promise<TestNotificationResult> {
  const target = channelLabel(request.channel);
  const failed = (failure: SendFailure): TestNotificationResult => ({ ok: false, channel: 'slack', target: request.channel.trim() ? target : null, code: failure.code, message: failure.message });
  if (!request.channel.trim()) return failed(NO_CHANNEL);
  const client = slackWebClient(config, request.token, request.timeoutMs);
  let identity: Awaited<ReturnType<WebClient['auth']['test']>>;
  try {
    identity = await client.auth.test();
  } catch (error) {
    return failed(slackFailure(error, { channel: request.channel, forTest: true }));
  }
  try {
    const message = testSlackMessage(request.links);
    await client.chat.postMessage({ channel: request.channel, text: message.text, blocks: message.blocks, unfurl_links: false, unfurl_media: false });
  } catch (error) {
    return failed(slackFailure(error, { channel: request.channel, botName: identity.user, forTest: true }));
  }
  const scopes = identity.response_metadata?.scopes;
  const historyTip =
    scopes && !scopes.includes('channels:history') && !scopes.includes('groups:history')
      ? ' Tip: give the Slack app the channels:history scope, so that a notification retried after a failure is never posted twice.'
      : '';
  const workspace = identity.team ? ` in ${identity.team}` : '';
  return { ok: true, channel: 'slack', target, code: null, message: `Sent a test message to ${target}${workspace}. Check Slack to see it.${historyTip}` };
}
