import type { WebAPIPlatformError } from '@slack/web-api';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SlackSandbox } from './sandbox';
import { sandboxClient, useSlackSandbox } from './test-fixture';

const REDIRECT = 'https://app.example/api/settings/slack/callback';

const sandbox = useSlackSandbox();
let slack: SlackSandbox;
beforeEach(() => {
  slack = sandbox();
});
const client = (token?: string) => sandboxClient(slack, token, { rejectRateLimitedCalls: false });

/** Follows the authorize page as a browser would, up to the app's redirect. */
async function authorize(query: Record<string, string>): Promise<URL> {
  const response = await fetch(`${slack.authorizeUrl}?${new URLSearchParams(query)}`, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

const approve = (extra: Record<string, string> = {}) => authorize({ client_id: slack.clientId, scope: 'chat:write,channels:read,channels:history,incoming-webhook', redirect_uri: REDIRECT, state: 's-123', ...extra });

describe('Add to Slack', () => {
  it('approves at once; the code buys a working bot token and the webhook channel', async () => {
    const back = await approve();
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('s-123');
    const code = back.searchParams.get('code')!;

    const result = await client().oauth.v2.access({ client_id: slack.clientId, client_secret: slack.clientSecret, code, redirect_uri: REDIRECT });
    const crmAlerts = slack.channels().find((c) => c.name === 'crm-alerts')!;
    expect(result).toMatchObject({ ok: true, token_type: 'bot', bot_user_id: 'U0SANDBOT01', scope: 'chat:write,channels:read,channels:history,incoming-webhook', team: { id: 'T0SANDBOX01' }, incoming_webhook: { channel: '#crm-alerts', channel_id: crmAlerts.id } });
    expect(result.access_token).toMatch(/^xoxb-/);
    expect(await client(result.access_token).chat.postMessage({ channel: '#crm-alerts', text: 'installed' })).toMatchObject({ ok: true });

    // A code is good once.
    const again = await client().oauth.v2.access({ client_id: slack.clientId, client_secret: slack.clientSecret, code, redirect_uri: REDIRECT }).catch((error: WebAPIPlatformError) => error.data);
    expect(again).toMatchObject({ ok: false, error: 'invalid_code' });
  });

  it('takes the client credentials as HTTP basic auth too, and adds the app to the chosen channel', async () => {
    const back = await approve({ channel: 'random' });
    const response = await fetch(`${slack.apiUrl}oauth.v2.access`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${slack.clientId}:${slack.clientSecret}`).toString('base64')}` },
      body: new URLSearchParams({ code: back.searchParams.get('code')!, redirect_uri: REDIRECT }),
    });
    const body = (await response.json()) as { ok: boolean; incoming_webhook: { channel: string } };
    expect(body).toMatchObject({ ok: true, incoming_webhook: { channel: '#random' } });
    expect(slack.channels().find((c) => c.name === 'random')!.botIsMember).toBe(true);
  });

  it("answers Slack's errors for a wrong client, secret, code or redirect", async () => {
    const refusal = (args: Record<string, string>) =>
      client()
        .apiCall('oauth.v2.access', args)
        .then(() => null, (error: WebAPIPlatformError) => error.data.error);
    const code = (await approve()).searchParams.get('code')!;
    expect(await refusal({ client_id: 'nope', client_secret: slack.clientSecret, code })).toBe('invalid_client_id');
    expect(await refusal({ client_id: slack.clientId, client_secret: 'wrong', code })).toBe('bad_client_secret');
    expect(await refusal({ client_id: slack.clientId, client_secret: slack.clientSecret, code: 'made-up' })).toBe('invalid_code');
    const fresh = (await approve()).searchParams.get('code')!;
    expect(await refusal({ client_id: slack.clientId, client_secret: slack.clientSecret, code: fresh, redirect_uri: 'https://elsewhere.example/cb' })).toBe('bad_redirect_uri');
  });

  it('answers error=access_denied in deny mode', async () => {
    slack.setAuthorizeMode('deny');
    const back = await approve();
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('s-123');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('shows a problem page for an unknown client', async () => {
    const response = await fetch(`${slack.authorizeUrl}?${new URLSearchParams({ client_id: 'nope', scope: 'chat:write', redirect_uri: REDIRECT })}`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Invalid client_id');
  });
});
