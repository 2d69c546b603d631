import type { WebClient, WebClientOptions } from '@slack/web-api';
import { beforeEach, describe, expect, it } from 'vitest';
import { pollUntil } from '../../src/server/test/poll-until';
import type { SlackSandbox } from './sandbox';
import { sandboxClient, useSlackSandbox } from './test-fixture';

const sandbox = useSlackSandbox();
let slack: SlackSandbox;
beforeEach(() => {
  slack = sandbox();
});
const client = (options: WebClientOptions = {}) => sandboxClient(slack, slack.botToken, options);
const post = (web: WebClient, text: string) => web.chat.postMessage({ channel: '#crm-alerts', text });
const failure = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => error as Record<string, unknown>,
  );

describe('faults', () => {
  it('rate limits the next calls of a method with 429 and Retry-After, posting nothing', async () => {
    slack.fail({ method: 'chat.postMessage', kind: 'ratelimited', times: 2, retryAfterSeconds: 7 });
    const web = client();
    expect(await failure(post(web, 'one'))).toMatchObject({ code: 'slack_webapi_rate_limited_error', retryAfter: 7 });
    // Other methods are not affected.
    expect(await web.auth.test()).toMatchObject({ ok: true });
    expect(await failure(post(web, 'two'))).toMatchObject({ retryAfter: 7 });
    expect(await post(web, 'three')).toMatchObject({ ok: true });
    expect(slack.messages().map((m) => m.text)).toEqual(['three']);
    expect(slack.calls('chat.postMessage').map((c) => c.status)).toEqual([429, 429, 200]);

    const raw = await fetch(`${slack.apiUrl}chat.postMessage`, { method: 'POST', headers: { authorization: `Bearer ${slack.botToken}` } });
    expect(raw.status).toBe(200);
    slack.fail({ method: 'chat.postMessage', kind: 'ratelimited', retryAfterSeconds: 3 });
    const limited = await fetch(`${slack.apiUrl}chat.postMessage`, { method: 'POST', headers: { authorization: `Bearer ${slack.botToken}` } });
    expect([limited.status, limited.headers.get('retry-after'), await limited.json()]).toEqual([429, '3', { ok: false, error: 'ratelimited' }]);
  });

  it('lets the SDK retry after Retry-After when it is allowed to', async () => {
    slack.fail({ method: 'chat.postMessage', kind: 'ratelimited', retryAfterSeconds: 0 });
    const patient = client({ rejectRateLimitedCalls: false, retryConfig: { retries: 2, minTimeout: 0, maxTimeout: 0 } });
    expect(await post(patient, 'after the limit')).toMatchObject({ ok: true });
    expect(slack.calls('chat.postMessage').map((c) => c.status)).toEqual([429, 200]);
    expect(slack.messages()).toHaveLength(1);
  });

  it('answers server errors with the status asked for, for any method with *', async () => {
    slack.fail({ method: '*', kind: 'error', status: 503, times: 2 });
    const web = client();
    expect(await failure(web.auth.test())).toMatchObject({ code: 'slack_webapi_http_error', statusCode: 503 });
    expect(await failure(post(web, 'lost'))).toMatchObject({ statusCode: 503 });
    expect(await post(web, 'kept')).toMatchObject({ ok: true });
    expect(slack.messages().map((m) => m.text)).toEqual(['kept']);
  });

  it('hangs after posting until released, as a worker killed mid-post would leave it', async () => {
    slack.fail({ method: 'chat.postMessage', kind: 'hang' });
    const web = client();
    const pending = post(web, 'held');
    await pollUntil(
      async () => slack.messages(),
      (messages) => messages.length === 1,
      10_000,
      (messages) => `${messages.length} messages`,
    );
    await pollUntil(
      async () => slack.state.faults.heldCount,
      (held) => held === 1,
      10_000,
      (held) => `${held} held`,
    );
    expect(slack.release()).toBe(1);
    expect(await pending).toMatchObject({ ok: true, message: { text: 'held' } });
  });

  it('lets go of a held answer when the client gives up, the message still posted', async () => {
    slack.fail({ method: 'chat.postMessage', kind: 'hang' });
    const error = await failure(post(client({ timeout: 300 }), 'timed out'));
    expect(error).toMatchObject({ code: 'slack_webapi_request_error' });
    expect(slack.messages().map((m) => m.text)).toEqual(['timed out']);
    await pollUntil(
      async () => slack.state.faults.heldCount,
      (held) => held === 0,
      10_000,
      (held) => `${held} held`,
    );
  });

  it('cuts the connection after posting', async () => {
    slack.fail({ method: 'chat.postMessage', kind: 'disconnect' });
    expect(await failure(post(client(), 'cut'))).toMatchObject({ code: 'slack_webapi_request_error' });
    expect(slack.messages().map((m) => m.text)).toEqual(['cut']);
    expect(slack.calls('chat.postMessage')).toMatchObject([{ status: 0, fault: 'disconnect' }]);
  });

  it('queues faults through the admin routes too', async () => {
    const response = await fetch(`${slack.url}/_sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'auth.test', kind: 'ratelimited', retryAfterSeconds: 30 }) });
    expect(response.status).toBe(201);
    expect(await failure(client().auth.test())).toMatchObject({ retryAfter: 30 });
    const bad = await fetch(`${slack.url}/_sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'auth.test', kind: 'explode' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('kind');
  });
});
