import type { WebAPIPlatformError } from '@slack/web-api';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SlackSandbox } from './sandbox';
import { sandboxClient, useSlackSandbox } from './test-fixture';

const sandbox = useSlackSandbox();
let slack: SlackSandbox;
beforeEach(() => {
  slack = sandbox();
});
const client = (token?: string) => sandboxClient(slack, token);

/** The `ok: false` body the SDK raised, or a failure if the call succeeded. */
async function refusal(call: Promise<unknown>): Promise<WebAPIPlatformError['data']> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toMatchObject({ code: 'slack_webapi_platform_error' });
  return (error as WebAPIPlatformError).data;
}

describe('auth.test', () => {
  it('names the team and the bot for a good token', async () => {
    const result = await client(slack.botToken).auth.test();
    expect(result).toMatchObject({ ok: true, team: 'Sandbox Workspace', user: 'datacleaner', team_id: 'T0SANDBOX01', user_id: 'U0SANDBOT01', bot_id: 'B0SANDBOT01' });
    expect(result.response_metadata?.scopes).toContain('chat:write');
  });

  it('answers not_authed without a token, invalid_auth for an unknown one, token_revoked for a revoked one', async () => {
    expect((await refusal(client().auth.test())).error).toBe('not_authed');
    expect((await refusal(client('xoxb-0-0-unknown').auth.test())).error).toBe('invalid_auth');
    const token = slack.addToken().token;
    slack.revokeToken(token);
    expect((await refusal(client(token).auth.test())).error).toBe('token_revoked');
  });

  it('also takes the token as a form argument, as Slack does', async () => {
    const response = await fetch(`${slack.apiUrl}auth.test`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: slack.botToken }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, user_id: 'U0SANDBOT01' });
  });
});

describe('chat.postMessage', () => {
  const blocks = [
    { type: 'header', text: { type: 'plain_text', text: 'Scan finished' } },
    { type: 'section', fields: [{ type: 'mrkdwn', text: '*Records*\n1,200' }] },
    { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open' }, url: 'https://app.example/dashboard' }] },
  ];

  it('posts by #name, name or id and keeps text, blocks and metadata', async () => {
    const web = client(slack.botToken);
    const metadata = { event_type: 'datacleaner_notification', event_payload: { key: 'delivery-1' } };
    const first = await web.chat.postMessage({ channel: '#crm-alerts', text: 'Scan finished', blocks, metadata });
    const crmAlerts = slack.channels().find((c) => c.name === 'crm-alerts')!;
    expect(first).toMatchObject({ ok: true, channel: crmAlerts.id, message: { text: 'Scan finished', bot_id: 'B0SANDBOT01', blocks, metadata } });
    expect(first.ts).toMatch(/^\d+\.\d{6}$/);
    await web.chat.postMessage({ channel: 'crm-alerts', text: 'Second' });
    await web.chat.postMessage({ channel: crmAlerts.id, text: 'Third' });

    const messages = slack.messages('#crm-alerts');
    expect(messages.map((m) => m.text)).toEqual(['Scan finished', 'Second', 'Third']);
    expect(messages[0]).toMatchObject({ channel: crmAlerts.id, channelName: 'crm-alerts', blocks, metadata, ts: first.ts });
    expect(new Set(messages.map((m) => m.ts)).size).toBe(3);
    // The admin route lists the same.
    const listed = (await (await fetch(`${slack.url}/_sandbox/messages?channel=crm-alerts`)).json()) as { messages: unknown[] };
    expect(listed.messages).toHaveLength(3);
  });

  it("answers Slack's errors for channels it cannot post in", async () => {
    const web = client(slack.botToken);
    expect((await refusal(web.chat.postMessage({ channel: '#nowhere', text: 'x' }))).error).toBe('channel_not_found');
    expect((await refusal(web.chat.postMessage({ channel: '#leadership', text: 'x' }))).error).toBe('channel_not_found');
    expect((await refusal(web.chat.postMessage({ channel: '#random', text: 'x' }))).error).toBe('not_in_channel');
    expect((await refusal(web.chat.postMessage({ channel: '#old-alerts', text: 'x' }))).error).toBe('is_archived');
    expect(slack.messages()).toEqual([]);
    // With chat:write.public a bot may post in public channels it was not invited to.
    const publicToken = slack.addToken({ scopes: ['chat:write', 'chat:write.public'] }).token;
    expect(await client(publicToken).chat.postMessage({ channel: '#random', text: 'x' })).toMatchObject({ ok: true });
  });

  it('needs text or blocks, valid blocks, valid metadata and the chat:write scope', async () => {
    const web = client(slack.botToken);
    expect((await refusal(web.apiCall('chat.postMessage', { channel: '#general' }))).error).toBe('no_text');
    const tooMany = await refusal(web.chat.postMessage({ channel: '#general', text: 'x', blocks: [{ type: 'section', fields: Array.from({ length: 11 }, () => ({ type: 'mrkdwn', text: 'a' })) }] }));
    expect(tooMany).toMatchObject({ error: 'invalid_blocks', errors: ['must be no more than 10 items [json-pointer:/blocks/0/fields]'] });
    const longHeader = await refusal(web.chat.postMessage({ channel: '#general', text: 'x', blocks: [{ type: 'header', text: { type: 'plain_text', text: 'h'.repeat(151) } }] }));
    expect(longHeader.error).toBe('invalid_blocks');
    expect((await refusal(web.apiCall('chat.postMessage', { channel: '#general', text: 'x', metadata: { event_type: 'no spaces allowed', event_payload: {} } }))).error).toBe('invalid_metadata_format');
    const readOnly = slack.addToken({ scopes: ['channels:read'] }).token;
    expect(await refusal(client(readOnly).chat.postMessage({ channel: '#general', text: 'x' }))).toMatchObject({ error: 'missing_scope', needed: 'chat:write', provided: 'channels:read' });
    expect(slack.messages()).toEqual([]);
  });

  it('accepts a JSON body as well as a form', async () => {
    const response = await fetch(`${slack.apiUrl}chat.postMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${slack.botToken}` },
      body: JSON.stringify({ channel: '#general', text: 'From JSON', blocks }),
    });
    expect(await response.json()).toMatchObject({ ok: true, message: { text: 'From JSON', blocks } });
  });
});

describe('conversations', () => {
  it('lists history newest first, with metadata only when asked, paged with oldest and limit', async () => {
    const web = client(slack.botToken);
    const posted = [];
    for (const n of [1, 2, 3]) posted.push(await web.chat.postMessage({ channel: '#general', text: `m${n}`, metadata: { event_type: 'datacleaner_notification', event_payload: { key: `k${n}` } } }));
    const channel = posted[0]!.channel!;

    const plain = await web.conversations.history({ channel });
    expect(plain.messages!.map((m) => m.text)).toEqual(['m3', 'm2', 'm1']);
    expect(plain.messages![0]).not.toHaveProperty('metadata');

    const withMetadata = await web.conversations.history({ channel, include_all_metadata: true, limit: 2 });
    expect(withMetadata.messages!.map((m) => m.metadata?.event_payload)).toEqual([{ key: 'k3' }, { key: 'k2' }]);
    expect(withMetadata.has_more).toBe(true);
    const next = await web.conversations.history({ channel, include_all_metadata: true, limit: 2, cursor: withMetadata.response_metadata!.next_cursor! });
    expect(next.messages!.map((m) => m.text)).toEqual(['m1']);

    const newer = await web.conversations.history({ channel, oldest: posted[0]!.ts! });
    expect(newer.messages!.map((m) => m.text)).toEqual(['m3', 'm2']);
  });

  it('refuses history without the scope or membership', async () => {
    const random = slack.channels().find((c) => c.name === 'random')!;
    expect((await refusal(client(slack.botToken).conversations.history({ channel: random.id }))).error).toBe('not_in_channel');
    const writeOnly = slack.addToken({ scopes: ['chat:write'] }).token;
    const general = slack.channels().find((c) => c.name === 'general')!;
    expect(await refusal(client(writeOnly).conversations.history({ channel: general.id }))).toMatchObject({ error: 'missing_scope', needed: 'channels:history,groups:history', provided: 'chat:write' });
  });

  it('gives a channel by id, lists channels and joins public ones', async () => {
    const web = client(slack.botToken);
    const general = slack.channels().find((c) => c.name === 'general')!;
    expect((await web.conversations.info({ channel: general.id })).channel).toMatchObject({ id: general.id, name: 'general', is_member: true, is_archived: false, is_private: false });
    expect((await refusal(web.conversations.info({ channel: 'C0NOPE00000' }))).error).toBe('channel_not_found');

    const listed = await web.conversations.list({ types: 'public_channel,private_channel', exclude_archived: true });
    expect(listed.channels!.map((c) => c.name)).toEqual(['general', 'crm-alerts', 'random']);

    const joiner = slack.addToken({ scopes: ['channels:join', 'chat:write'] }).token;
    const random = slack.channels().find((c) => c.name === 'random')!;
    expect((await client(joiner).conversations.join({ channel: random.id })).channel).toMatchObject({ is_member: true });
    expect(await client(joiner).chat.postMessage({ channel: '#random', text: 'joined' })).toMatchObject({ ok: true });
  });

  it('answers unknown methods as Slack does', async () => {
    const error = await client(slack.botToken)
      .apiCall('no.such.method')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'slack_webapi_http_error', statusCode: 404 });
  });
});
