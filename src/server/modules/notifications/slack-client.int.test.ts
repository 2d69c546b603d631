import { beforeEach, describe, expect, it } from 'vitest';
import type { SlackSandbox } from '../../../../tools/slack-sandbox/sandbox';
import { unreachableApiUrl, useSlackSandbox } from '../../../../tools/slack-sandbox/test-fixture';
import type { NoticeLinks } from './notice-types';
import { postSlackMessage, SLACK_NOTIFICATION_EVENT, testSlack, type SlackPostRequest } from './slack-client';
import { scanSlackMessage } from './slack-messages';

const links: NoticeLinks = { appUrl: 'https://app.example.com', settingsUrl: 'https://app.example.com/settings#notifications' };
const message = scanSlackMessage(
  [{ id: 1, kind: 'duplicates.found', createdAt: '2026-11-25T02:00:00.000Z', payload: { runId: 1, scanId: 1, objectType: 'contacts', newGroups: 2, totalGroups: 9, newRecords: 4, foundAt: '2026-11-25T02:00:00.000Z' } }],
  links,
);

const sandbox = useSlackSandbox();
let slack: SlackSandbox;
beforeEach(() => {
  slack = sandbox();
});
const config = () => ({ SLACK_API_URL: slack.apiUrl });
const request = (extra: Partial<SlackPostRequest> = {}): SlackPostRequest => ({ token: slack.botToken, channel: '#crm-alerts', message, idempotencyKey: 'delivery-41', alreadyTried: false, ...extra });
const post = (extra: Partial<SlackPostRequest> = {}) => postSlackMessage(config(), request(extra));

describe('postSlackMessage', () => {
  it('posts the blocks with the idempotency key in the metadata', async () => {
    const outcome = await post();
    const [posted] = slack.messages('#crm-alerts');
    expect(outcome).toEqual({ ok: true, providerId: posted!.ts, channelId: posted!.channel, ts: posted!.ts });
    expect(posted).toMatchObject({ text: message.text, blocks: message.blocks, metadata: { event_type: SLACK_NOTIFICATION_EVENT, event_payload: { key: 'delivery-41' } } });
  });

  it('never posts twice: a retry after a post whose answer was lost finds the earlier message', async () => {
    slack.fail({ method: 'chat.postMessage', kind: 'hang' });
    const firstTriedAt = new Date();
    const lost = await post({ timeoutMs: 300 });
    expect(lost).toMatchObject({ ok: false, permanent: false, code: 'slack_timeout' });
    expect(slack.messages()).toHaveLength(1);

    const retried = await post({ alreadyTried: true, firstTriedAt });
    expect(retried).toEqual({ ok: true, providerId: slack.messages()[0]!.ts, channelId: slack.messages()[0]!.channel, ts: slack.messages()[0]!.ts });
    expect(slack.messages()).toHaveLength(1);
    expect(slack.calls('chat.postMessage')).toHaveLength(1);
    expect(slack.calls('conversations.history')).toHaveLength(1);
  });

  it('never skips: a retry whose earlier attempt posted nothing posts, by channel id too', async () => {
    const crmAlerts = slack.channels().find((c) => c.name === 'crm-alerts')!;
    await post({ idempotencyKey: 'other-delivery' });
    expect(await post({ alreadyTried: true })).toMatchObject({ ok: true });
    expect(await post({ alreadyTried: true, channel: crmAlerts.id, idempotencyKey: 'third' })).toMatchObject({ ok: true });
    expect(slack.messages().map((m) => m.metadata?.event_payload.key)).toEqual(['other-delivery', 'delivery-41', 'third']);
  });

  it('posts anyway when the history cannot be read for good (no scope)', async () => {
    const writeOnly = slack.addToken({ scopes: ['chat:write'] }).token;
    expect(await post({ token: writeOnly, alreadyTried: true })).toMatchObject({ ok: true });
    expect(slack.messages()).toHaveLength(1);
  });

  it('does not post blind while the history check is rate limited', async () => {
    slack.fail({ method: 'conversations.list', kind: 'ratelimited', retryAfterSeconds: 12 });
    expect(await post({ alreadyTried: true })).toEqual({ ok: false, permanent: false, code: 'ratelimited', message: 'Slack is limiting how often the bot may post; trying again in 12 s.', retryAfterSeconds: 12 });
    expect(slack.messages()).toEqual([]);
  });

  it('stops for good on token, channel and scope problems, with the fix in words', async () => {
    const revoked = slack.addToken().token;
    slack.revokeToken(revoked);
    const readOnly = slack.addToken({ scopes: ['channels:read'] }).token;
    const outcomes = {
      invalid: await post({ token: 'xoxb-0-0-not-a-token' }),
      revoked: await post({ token: revoked }),
      missing: await post({ channel: '#no-such-channel' }),
      outside: await post({ channel: 'random' }),
      archived: await post({ channel: '#old-alerts' }),
      scope: await post({ token: readOnly }),
    };
    for (const outcome of Object.values(outcomes)) expect(outcome).toMatchObject({ ok: false, permanent: true });
    expect(outcomes.invalid).toMatchObject({ code: 'invalid_auth', message: expect.stringContaining("Slack did not accept the bot token") });
    expect(outcomes.revoked).toMatchObject({ code: 'token_revoked', message: expect.stringContaining('revoked') });
    expect(outcomes.missing).toMatchObject({ code: 'channel_not_found', message: expect.stringContaining('Slack has no channel #no-such-channel') });
    expect(outcomes.outside).toMatchObject({ code: 'not_in_channel', message: 'The bot is not a member of #random. Invite the bot with /invite @datacleaner in #random, then send a test from Settings.' });
    expect(outcomes.archived).toMatchObject({ code: 'is_archived', message: '#old-alerts is archived. Unarchive it in Slack, or choose another channel in Settings.' });
    expect(outcomes.scope).toMatchObject({ code: 'missing_scope', message: expect.stringContaining('lacks the chat:write scope') });
    expect(slack.messages()).toEqual([]);
    for (const token of ['xoxb-0-0-not-a-token', revoked, readOnly, slack.botToken]) expect(JSON.stringify(outcomes)).not.toContain(token);
  });

  it('tries again later on rate limits (after Retry-After), Slack errors and network failures', async () => {
    slack.fail({ method: 'chat.postMessage', kind: 'ratelimited', retryAfterSeconds: 30 });
    expect(await post()).toMatchObject({ ok: false, permanent: false, code: 'ratelimited', retryAfterSeconds: 30 });
    slack.fail({ method: 'chat.postMessage', kind: 'error', status: 503 });
    expect(await post()).toMatchObject({ ok: false, permanent: false, code: 'slack_unavailable', message: 'Slack answered with HTTP 503. It will be tried again.' });
    const unreachable = await postSlackMessage({ SLACK_API_URL: await unreachableApiUrl() }, request());
    expect(unreachable).toMatchObject({ ok: false, permanent: false, code: 'slack_unreachable', message: 'Slack could not be reached (ECONNREFUSED). It will be tried again.' });
    expect(await post()).toMatchObject({ ok: true });
  });
});

describe('testSlack', () => {
  const test = (extra: { token?: string; channel?: string } = {}) => testSlack(config(), { token: slack.botToken, channel: '#crm-alerts', links, ...extra });

  it('posts a test message and says where', async () => {
    expect(await test()).toEqual({ ok: true, channel: 'slack', target: '#crm-alerts', code: null, message: 'Sent a test message to #crm-alerts in Sandbox Workspace. Check Slack to see it.' });
    expect(slack.messages('#crm-alerts').map((m) => m.text)).toEqual(['DataCleaner test message']);
  });

  it('tells how to invite the bot when it is not in the channel', async () => {
    expect(await test({ channel: 'random' })).toEqual({
      ok: false,
      channel: 'slack',
      target: '#random',
      code: 'not_in_channel',
      message: 'The bot is not a member of #random. Invite the bot with /invite @datacleaner in #random, then send the test again.',
    });
  });

  it('says what is wrong for every other problem', async () => {
    const noWrite = slack.addToken({ scopes: ['channels:read', 'channels:history'] }).token;
    const noHistory = slack.addToken({ scopes: ['chat:write'] }).token;
    expect(await test({ token: 'xoxb-0-0-wrong' })).toMatchObject({ ok: false, code: 'invalid_auth' });
    expect(await test({ token: '' })).toMatchObject({ ok: false, code: 'not_authed', message: expect.stringContaining('Paste your bot token') });
    expect(await test({ channel: ' ' })).toMatchObject({ ok: false, code: 'no_channel', target: null, message: expect.stringContaining('No Slack channel is chosen') });
    expect(await post({ channel: '' })).toMatchObject({ ok: false, permanent: true, code: 'no_channel' });
    expect(await test({ channel: '#nowhere' })).toMatchObject({ ok: false, code: 'channel_not_found', target: '#nowhere' });
    expect(await test({ channel: '#old-alerts' })).toMatchObject({ ok: false, code: 'is_archived' });
    expect(await test({ token: noWrite })).toMatchObject({ ok: false, code: 'missing_scope', message: expect.stringContaining('chat:write') });
    slack.fail({ method: 'chat.postMessage', kind: 'ratelimited', retryAfterSeconds: 9 });
    expect(await test()).toMatchObject({ ok: false, code: 'ratelimited', message: 'Slack is limiting how often the bot may post. Wait 9 s and send the test again.' });
    expect(await testSlack({ SLACK_API_URL: await unreachableApiUrl() }, { token: slack.botToken, channel: '#crm-alerts', links })).toMatchObject({
      ok: false,
      code: 'slack_unreachable',
      message: 'Slack could not be reached (ECONNREFUSED). Please send the test again in a moment.',
    });
    // Works without the history scope, and says why it is worth adding.
    expect(await test({ token: noHistory })).toMatchObject({ ok: true, message: expect.stringContaining('channels:history') });
  });
});
