import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSlackSandbox, type SlackSandbox } from '../../../../tools/slack-sandbox/sandbox';
import { userSettings, users } from '../../db/schema';
import { secretBoxFor } from '../../security/secret-box';
import { activeUser } from '../../test/accounts';
import { captureLog } from '../../test/log-capture';
import { startTestApp, testConfig, type TestApp } from '../../test/test-app';
import { CHAT_NOTIFICATIONS_NEED_PROFESSIONAL } from '../accounts';
import { postSlackMessage } from './slack-client';
import { scanSlackMessage } from './slack-messages';
import { SLACK_INSTALL_NOT_CONFIGURED } from './slack-install-routes';

let slack: SlackSandbox;
let ctx: TestApp;
let log: ReturnType<typeof captureLog>;
let nextAddress = 1;

const CALLBACK = '/api/settings/slack/callback';

async function signedIn(tag: string): Promise<{ cookie: string; userId: number; email: string }> {
  const email = `${tag}@slack-install.example`;
  const cookie = await activeUser(ctx, email, { remoteAddress: `198.51.100.${nextAddress++}` });
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { cookie, userId: user!.id, email };
}

/** The state cookie an install answer set, as a Cookie header value. */
function stateCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'dc_slack_oauth');
  expect(cookie).toMatchObject({ path: CALLBACK, httpOnly: true, sameSite: 'Lax' });
  return `dc_slack_oauth=${cookie!.value}`;
}

/** Add to Slack as a browser goes through it: our install route, Slack's page, back to our callback. */
async function addToSlack(cookie: string): Promise<{ location: string; callbackUrl: URL; state: string }> {
  const install = await ctx.app.inject({ method: 'GET', url: '/api/settings/slack/install', headers: { cookie } });
  expect(install.statusCode).toBe(302);
  const toSlack = new URL(install.headers.location as string);
  expect(`${toSlack.origin}${toSlack.pathname}`).toBe(slack.authorizeUrl);
  expect(Object.fromEntries(toSlack.searchParams)).toMatchObject({ client_id: slack.clientId, scope: 'chat:write,channels:read,channels:history,groups:read,groups:history,incoming-webhook', redirect_uri: `${ctx.config.publicUrl}${CALLBACK}` });
  const approval = await fetch(toSlack, { redirect: 'manual' });
  expect(approval.status).toBe(302);
  const callbackUrl = new URL(approval.headers.get('location')!);
  expect(callbackUrl.pathname).toBe(CALLBACK);
  const state = stateCookie(install);
  const back = await ctx.app.inject({ method: 'GET', url: `${callbackUrl.pathname}${callbackUrl.search}`, headers: { cookie: `${cookie}; ${state}` } });
  expect(back.statusCode).toBe(302);
  return { location: back.headers.location as string, callbackUrl, state };
}

const reasonOf = (location: string) => {
  const url = new URL(location, 'http://x');
  expect(url.pathname).toBe('/settings');
  expect(url.hash).toBe('#slack');
  expect(url.searchParams.get('slack')).toBe('error');
  return url.searchParams.get('reason');
};

beforeAll(async () => {
  slack = await startSlackSandbox();
  const env = { SLACK_API_URL: slack.apiUrl, SLACK_AUTHORIZE_URL: slack.authorizeUrl, SLACK_CLIENT_ID: slack.clientId, SLACK_CLIENT_SECRET: slack.clientSecret };
  log = captureLog(testConfig(env));
  ctx = await startTestApp({ work: false, env, log: log.log });
}, 120_000);
afterAll(async () => {
  await ctx?.stop();
  await slack?.close();
});
beforeEach(() => slack.reset());

describe('Add to Slack', () => {
  it('installs the app: the bot token sealed, the channel picked in Slack, Slack notifications on', async () => {
    const { cookie, userId } = await signedIn('ada');
    const { location } = await addToSlack(cookie);
    expect(location).toBe('/settings?slack=connected#slack');

    const settings = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    expect(settings.json()).toMatchObject({ slackNotifications: true, slackChannel: '#crm-alerts', hasSlackBotToken: true, slackInstallAvailable: true });

    const [row] = await ctx.database.db.select().from(userSettings).where(eq(userSettings.userId, userId));
    expect(row!.slackBotToken).not.toMatch(/xox/);
    const token = (await secretBoxFor(ctx.config)).open(row!.slackBotToken!);
    expect(slack.state.workspace.token(token)?.scopes).toEqual(['chat:write', 'channels:read', 'channels:history', 'groups:read', 'groups:history', 'incoming-webhook']);
    // The stored token posts, and no log line or answer carried it.
    const message = scanSlackMessage([], { appUrl: ctx.config.publicUrl, settingsUrl: `${ctx.config.publicUrl}/settings` });
    expect(await postSlackMessage(ctx.config, { token, channel: row!.slackChannel!, message, idempotencyKey: 'k', alreadyTried: false })).toMatchObject({ ok: true });
    expect(log.text()).not.toContain(token);
    expect(settings.body).not.toContain(token);
  });

  it('keeps the picked channel of a private install and the user’s other settings', async () => {
    const { cookie } = await signedIn('grace');
    await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie }, payload: { slackNotifyOnCompletedAnalysis: false } });
    await fetch(`${slack.url}/_sandbox/oauth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ installChannel: 'leadership' }) });
    expect((await addToSlack(cookie)).location).toBe('/settings?slack=connected#slack');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } })).json()).toMatchObject({ slackChannel: '#leadership', slackNotifyOnCompletedAnalysis: false, slackNotifications: true });
  });

  it('says so in words when the user cancels in Slack', async () => {
    const { cookie } = await signedIn('cancel');
    slack.setAuthorizeMode('deny');
    expect(reasonOf((await addToSlack(cookie)).location)).toBe('Slack was not added: the installation was cancelled in Slack.');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } })).json()).toMatchObject({ hasSlackBotToken: false, slackNotifications: false });
  });

  it('refuses a callback without its state cookie, with another user’s, or with a used code', async () => {
    const owner = await signedIn('owner');
    const other = await signedIn('other');
    const install = await ctx.app.inject({ method: 'GET', url: '/api/settings/slack/install', headers: { cookie: owner.cookie } });
    const approval = await fetch(install.headers.location as string, { redirect: 'manual' });
    const callback = new URL(approval.headers.get('location')!);
    const path = `${callback.pathname}${callback.search}`;
    const expired = 'The Add to Slack link expired or was opened in another browser. Please use Add to Slack again.';

    const bare = await ctx.app.inject({ method: 'GET', url: path, headers: { cookie: owner.cookie } });
    expect(reasonOf(bare.headers.location as string)).toBe(expired);
    const stolen = await ctx.app.inject({ method: 'GET', url: path, headers: { cookie: `${other.cookie}; ${stateCookie(install)}` } });
    expect(reasonOf(stolen.headers.location as string)).toBe(expired);

    const made = new URL(callback);
    made.searchParams.set('code', 'made-up-code');
    const refused = await ctx.app.inject({ method: 'GET', url: `${made.pathname}${made.search}`, headers: { cookie: `${owner.cookie}; ${stateCookie(install)}` } });
    expect(reasonOf(refused.headers.location as string)).toBe('The approval from Slack expired or was already used. Please use Add to Slack again.');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: owner.cookie } })).json()).toMatchObject({ hasSlackBotToken: false });
  });

  it('is a Professional feature: 403 with the plan message on Starter', async () => {
    const { cookie, userId } = await signedIn('starter');
    await ctx.database.db.update(users).set({ plan: 'starter' }).where(eq(users.id, userId));
    const response = await ctx.app.inject({ method: 'GET', url: '/api/settings/slack/install', headers: { cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'PLAN_REQUIRED', message: CHAT_NOTIFICATIONS_NEED_PROFESSIONAL });
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings/slack/install' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `${CALLBACK}?code=x&state=y` })).statusCode).toBe(401);
  });
});

describe('without a Slack app configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ work: false });
  }, 120_000);
  afterAll(async () => {
    await bare?.stop();
  });

  it('answers 404 with what to do instead', async () => {
    const cookie = await activeUser(bare, 'plain@slack-install.example');
    const response = await bare.app.inject({ method: 'GET', url: '/api/settings/slack/install', headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'SLACK_INSTALL_NOT_CONFIGURED', message: SLACK_INSTALL_NOT_CONFIGURED });
    expect((await bare.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } })).json()).toMatchObject({ slackInstallAvailable: false });
  });
});
