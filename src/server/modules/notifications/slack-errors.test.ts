import { ErrorCode } from '@slack/web-api';
import { describe, expect, it } from 'vitest';
import { channelLabel, slackFailure } from './slack-errors';

/** An error shaped as the SDK raises for Slack's `ok: false` answers. */
const refused = (error: string, extra: Record<string, unknown> = {}) => ({ code: ErrorCode.PlatformError, data: { ok: false, error, ...extra } });

describe('slackFailure', () => {
  it('stops for good on token, workspace, channel, scope and message problems', () => {
    for (const code of ['not_authed', 'invalid_auth', 'token_revoked', 'token_expired', 'account_inactive', 'not_allowed_token_type', 'no_permission', 'restricted_action', 'channel_not_found', 'not_in_channel', 'is_archived', 'missing_scope', 'invalid_blocks', 'msg_too_long', 'something_new']) {
      expect(slackFailure(refused(code))).toMatchObject({ ok: false, permanent: true, code });
    }
    expect(slackFailure(refused('token_expired')).message).toContain('Add DataCleaner to Slack again');
    expect(slackFailure(refused('invalid_blocks')).message).toBe('Slack refused the message (invalid_blocks). This is a problem on our side: please tell support.');
    expect(slackFailure(refused('something_new')).message).toBe('Slack refused the request (something_new).');
  });

  it('names every scope Slack says it needs', () => {
    expect(slackFailure(refused('missing_scope', { needed: 'channels:history,groups:history', provided: 'chat:write' })).message).toContain('lacks the channels:history or groups:history scope');
  });

  it("tries again on Slack's own trouble and rate limits, keeping Retry-After", () => {
    for (const code of ['internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']) expect(slackFailure(refused(code))).toMatchObject({ permanent: false, code });
    expect(slackFailure(refused('ratelimited', { response_metadata: { retryAfter: 20 } }))).toMatchObject({ permanent: false, code: 'ratelimited', retryAfterSeconds: 20 });
    expect(slackFailure({ code: ErrorCode.RateLimitedError, retryAfter: 5 })).toEqual({ ok: false, permanent: false, code: 'ratelimited', message: 'Slack is limiting how often the bot may post; trying again in 5 s.', retryAfterSeconds: 5 });
    expect(slackFailure({ code: ErrorCode.HTTPError, statusCode: 502 })).toMatchObject({ permanent: false, code: 'slack_unavailable' });
    expect(slackFailure({ code: ErrorCode.HTTPError, statusCode: 404 })).toMatchObject({ permanent: true, code: 'slack_http_error', message: expect.stringContaining('SLACK_API_URL') });
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    expect(slackFailure({ code: ErrorCode.RequestError, original: timeout })).toMatchObject({ permanent: false, code: 'slack_timeout' });
    expect(slackFailure(new Error('Retry header did not contain a valid timeout'))).toMatchObject({ permanent: false, code: 'slack_error' });
  });

  it('says "send the test again" to a test and what comes next to a delivery', () => {
    expect(slackFailure(refused('not_in_channel'), { channel: 'alerts', botName: 'dc', forTest: true }).message).toBe('The bot is not a member of #alerts. Invite the bot with /invite @dc in #alerts, then send the test again.');
    expect(slackFailure(refused('internal_error'), { forTest: true }).message).toBe('Slack had a problem of its own (internal_error). Please send the test again in a moment.');
    expect(slackFailure(refused('internal_error')).message).toBe('Slack had a problem of its own (internal_error). It will be tried again.');
  });
});

describe('channelLabel', () => {
  it('shows names with their # and ids as they are', () => {
    expect([channelLabel('crm-alerts'), channelLabel('#crm-alerts'), channelLabel('C0123456789'), channelLabel(undefined)]).toEqual(['#crm-alerts', '#crm-alerts', 'C0123456789', 'the channel']);
  });
});
