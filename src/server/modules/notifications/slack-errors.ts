import { ErrorCode, type WebAPIHTTPError, type WebAPIPlatformError, type WebAPIRateLimitedError, type WebAPIRequestError } from '@slack/web-api';
import type { SendFailure } from './notice-types';

/**
 * Every way a Slack call can fail, as a SendFailure: permanent when trying again cannot help
 * (the token, the channel, the scopes, the message), transient otherwise (rate limits, Slack's
 * own failures, the network), each in words with the fix.
 */

export interface SlackErrorContext {
  /** The channel as the user wrote it (#name, name or id). */
  channel?: string;
  /** The bot's user name, for "/invite @<bot>". */
  botName?: string;
  /** "Send a test" answers: say "send the test again" rather than what deliveries do next. */
  forTest?: boolean;
}

const TOKEN_REVOKED = new Set(['token_revoked', 'token_expired', 'account_inactive', 'app_uninstalled']);
const WORKSPACE_REFUSES = new Set(['no_permission', 'team_access_not_granted', 'ekm_access_denied', 'org_login_required', 'access_denied', 'restricted_action', 'enterprise_is_restricted', 'two_factor_setup_required']);
const SLACK_TROUBLE = new Set(['internal_error', 'fatal_error', 'service_unavailable', 'request_timeout', 'team_added_to_org']);
const MESSAGE_REFUSED = new Set(['no_text', 'invalid_blocks', 'invalid_blocks_format', 'msg_too_long', 'invalid_metadata_format', 'invalid_metadata_schema', 'metadata_too_large', 'too_many_attachments', 'invalid_arguments', 'invalid_form_data', 'invalid_json', 'json_not_object']);

/** `#crm-alerts` for a name with or without its #, the id as it is. */
export function channelLabel(channel: string | undefined): string {
  if (!channel) return 'the channel';
  if (/^[CG][A-Z0-9]{6,}$/.test(channel)) return channel;
  return channel.startsWith('#') ? channel : `#${channel}`;
}

const permanent = (code: string, message: string): SendFailure => ({ ok: false, permanent: true, code, message });
const transient = (code: string, message: string, retryAfterSeconds?: number): SendFailure => ({ ok: false, permanent: false, code, message, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) });

function platformFailure(data: WebAPIPlatformError['data'], context: SlackErrorContext): SendFailure {
  const code = data.error;
  const channel = channelLabel(context.channel);
  const bot = context.botName ?? 'your-bot';
  const later = context.forTest ? 'Please send the test again in a moment.' : 'It will be tried again.';
  if (code === 'not_authed') return permanent(code, 'No Slack bot token is saved. Paste your bot token (xoxb-...) in Settings, or use Add to Slack.');
  if (code === 'invalid_auth') return permanent(code, "Slack did not accept the bot token. Copy the Bot User OAuth Token (xoxb-...) again from your Slack app's OAuth & Permissions page, or use Add to Slack again.");
  if (code === 'not_allowed_token_type') return permanent(code, 'This token is not a bot token. Paste the Bot User OAuth Token, which starts with xoxb-.');
  if (TOKEN_REVOKED.has(code)) return permanent(code, 'Slack says the bot token was revoked or the app was removed from the workspace. Add DataCleaner to Slack again, or paste a new bot token.');
  if (WORKSPACE_REFUSES.has(code)) return permanent(code, `Your Slack workspace's settings do not let the bot do this (${code}). Ask a Slack admin to allow the app, then try again.`);
  if (code === 'channel_not_found') return permanent(code, `Slack has no channel ${channel} that the bot can see. Check the channel's name in Settings; for a private channel, invite the bot first with /invite @${bot} in it.`);
  if (code === 'not_in_channel') return permanent(code, `The bot is not a member of ${channel}. Invite the bot with /invite @${bot} in ${channel}, then ${context.forTest ? 'send the test again' : 'send a test from Settings'}.`);
  if (code === 'is_archived') return permanent(code, `${channel} is archived. Unarchive it in Slack, or choose another channel in Settings.`);
  if (code === 'missing_scope') {
    const listed = (data as { needed?: unknown }).needed;
    const needed = (typeof listed === 'string' && listed ? listed : 'a needed').split(',').join(' or ');
    return permanent(code, `The Slack app lacks the ${needed} scope. Add it under OAuth & Permissions, Bot Token Scopes, in your Slack app, reinstall the app to your workspace, then paste the new bot token (or use Add to Slack again).`);
  }
  if (code === 'ratelimited' || code === 'rate_limited') return rateLimited(typeof data.response_metadata?.retryAfter === 'number' ? data.response_metadata.retryAfter : undefined, context);
  if (SLACK_TROUBLE.has(code)) return transient(code, `Slack had a problem of its own (${code}). ${later}`);
  if (MESSAGE_REFUSED.has(code)) return permanent(code, `Slack refused the message (${code}). This is a problem on our side: please tell support.`);
  return permanent(code, `Slack refused the request (${code}).`);
}

function rateLimited(retryAfterSeconds: number | undefined, context: SlackErrorContext): SendFailure {
  const wait = retryAfterSeconds === undefined ? 'a moment' : `${retryAfterSeconds} s`;
  return transient(
    'ratelimited',
    context.forTest ? `Slack is limiting how often the bot may post. Wait ${wait} and send the test again.` : `Slack is limiting how often the bot may post; trying again in ${wait}.`,
    retryAfterSeconds,
  );
}

function httpFailure(error: WebAPIHTTPError, context: SlackErrorContext): SendFailure {
  if (error.statusCode >= 500 || error.statusCode === 408) return transient('slack_unavailable', `Slack answered with HTTP ${error.statusCode}. ${context.forTest ? 'Please send the test again in a moment.' : 'It will be tried again.'}`);
  return permanent('slack_http_error', `Slack's API answered HTTP ${error.statusCode}. Check that the server's SLACK_API_URL points at Slack's Web API.`);
}

function requestFailure(error: WebAPIRequestError, context: SlackErrorContext): SendFailure {
  const later = context.forTest ? 'Please send the test again in a moment.' : 'It will be tried again.';
  const original = error.original;
  if (original.name === 'TimeoutError' || original.name === 'AbortError') return transient('slack_timeout', `Slack did not answer in time. ${later}`);
  const cause = (original as Error & { cause?: { code?: unknown } }).cause;
  const reason = typeof cause?.code === 'string' ? cause.code : original.message;
  return transient('slack_unreachable', `Slack could not be reached (${reason}). ${later}`);
}

/** The failure a Slack call's error stands for. */
export function slackFailure(error: unknown, context: SlackErrorContext = {}): SendFailure {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case ErrorCode.PlatformError:
      return platformFailure((error as WebAPIPlatformError).data, context);
    case ErrorCode.RateLimitedError:
      return rateLimited((error as WebAPIRateLimitedError).retryAfter, context);
    case ErrorCode.HTTPError:
      return httpFailure(error as WebAPIHTTPError, context);
    case ErrorCode.RequestError:
      return requestFailure(error as WebAPIRequestError, context);
    default:
      // Such as a 429 without a usable Retry-After, which the SDK reports as a plain Error.
      return transient('slack_error', `Slack could not be reached (${error instanceof Error ? error.message : String(error)}). ${context.forTest ? 'Please send the test again in a moment.' : 'It will be tried again.'}`);
  }
}
