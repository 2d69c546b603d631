import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../tools/hubspot-sandbox/sandbox';
import { crmConnections } from './db/schema';
import { secretBoxFor } from './security/secret-box';
import { latestEmail, latestToken, register, sessionCookie, TEST_PASSWORD } from './test/accounts';
import { captureLog } from './test/log-capture';
import { startTestApp, testConfig, type TestApp } from './test/test-app';

let sandbox: Sandbox;
let google: OAuth2Server;
let ctx: TestApp;
const log = captureLog(testConfig());
const GOOGLE_SECRET = 'google-client-secret-5e1f';

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: 701, contacts: 20, companies: 5, seed: 5 }], rateLimits: false });
  // A real OpenID Connect issuer on this machine standing in for Google.
  google = new OAuth2Server();
  await google.issuer.keys.generate('RS256');
  await google.start(0, '127.0.0.1');
  google.issuer.url = `http://127.0.0.1:${google.address().port}`;
  google.service.on('beforeTokenSigning', (token: MutableToken) => Object.assign(token.payload, { email: 'google-user@example.com', email_verified: true }));
  const oauthApp = sandbox.oauthApps[0]!;
  ctx = await startTestApp({
    work: false,
    log: log.log,
    env: {
      HUBSPOT_API_BASE: sandbox.url,
      HUBSPOT_AUTHORIZE_URL: sandbox.authorizeUrl,
      HUBSPOT_CLIENT_ID: oauthApp.clientId,
      HUBSPOT_CLIENT_SECRET: oauthApp.clientSecret,
      GOOGLE_ISSUER: google.issuer.url,
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: GOOGLE_SECRET,
    },
  });
});

afterAll(async () => {
  await ctx?.stop();
  await sandbox?.close();
  await google?.stop();
});

/** Our start route, the issuer's authorize endpoint, our callback (altered as a forger would, when asked). */
async function signInWithGoogle(secrets: string[], alter: (callback: URL) => void = () => {}) {
  const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/google' });
  const pending = start.cookies.find((c) => c.name === 'dc_oauth')!;
  const atGoogle = await fetch(String(start.headers.location), { redirect: 'manual' });
  const callback = new URL(atGoogle.headers.get('location')!);
  secrets.push(callback.searchParams.get('code')!, callback.searchParams.get('state')!, pending.value);
  alter(callback);
  return ctx.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie: `dc_oauth=${pending.value}` } });
}

describe('the log of a whole account life, at trace level', { timeout: 60_000 }, () => {
  it('holds no token, link secret, password, session or OAuth code, state or secret', async () => {
    const email = 'logged@example.com';
    const secrets: string[] = [TEST_PASSWORD, sandbox.oauthApps[0]!.clientSecret, sandbox.portals[0]!.token];

    // Sign-up and a sign-in before verifying, and the emailed link opened in the browser and posted by the page.
    const registered = await register(ctx.app, email);
    secrets.push(registered.cookie.split('=')[1]!);
    const verifyLink = (await latestEmail(ctx, email, 'verification'))!.link!;
    const verifyToken = await latestToken(ctx, email, 'verification');
    secrets.push(verifyToken);
    await ctx.app.inject({ method: 'GET', url: new URL(verifyLink).pathname + new URL(verifyLink).search });
    const verified = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: verifyToken } });
    expect(verified.statusCode).toBe(200);
    const cookie = sessionCookie(verified);
    secrets.push(cookie.split('=')[1]!);
    await ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie }, payload: { fullName: 'Ada Lovelace', countryOfResidence: 'United Kingdom', contactPhone: '+44 20 7946 0958' } });

    // A forgotten password: the reset link, and the new password.
    await ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    const resetToken = await latestToken(ctx, email, 'password-reset');
    secrets.push(resetToken, 'a brand new secret');
    await ctx.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: resetToken, password: 'a brand new secret', confirmPassword: 'a brand new secret' } });
    expect(reset.statusCode).toBe(200);
    const signedIn = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username: email, password: 'a brand new secret' } });
    const session = sessionCookie(signedIn);
    secrets.push(session.split('=')[1]!);

    // HubSpot: a private-app token, then OAuth (authorize, HubSpot's redirect with code and state, the exchange).
    expect((await ctx.app.inject({ method: 'POST', url: '/api/hubspot/connect-token', headers: { cookie: session }, payload: { accessToken: sandbox.portals[0]!.token } })).statusCode).toBe(200);
    const start = await ctx.app.inject({ method: 'GET', url: '/api/hubspot/connect', headers: { cookie: session } });
    const stateCookie = start.cookies.find((c) => c.name === 'dc_hubspot_oauth')!;
    const approved = await fetch(new URL(start.headers.location as string), { redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    secrets.push(back.searchParams.get('code')!, back.searchParams.get('state')!);
    const done = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: `${session}; dc_hubspot_oauth=${encodeURIComponent(stateCookie.value)}` } });
    expect(done.headers.location).toBe('/settings?hubspot=connected');
    // A code HubSpot refuses: the failed exchange is logged, the code is not.
    const again = await ctx.app.inject({ method: 'GET', url: '/api/hubspot/connect', headers: { cookie: session } });
    const againState = again.cookies.find((c) => c.name === 'dc_hubspot_oauth')!;
    const state = new URL(again.headers.location as string).searchParams.get('state')!;
    secrets.push('refused-code-8d1f2c', state);
    const refused = await ctx.app.inject({ method: 'GET', url: `/api/hubspot/callback?code=refused-code-8d1f2c&state=${state}`, headers: { cookie: `${session}; dc_hubspot_oauth=${encodeURIComponent(againState.value)}` } });
    expect(refused.headers.location).toBe('/settings?hubspot=error');
    expect(log.text()).toContain('HubSpot OAuth exchange failed');
    const [connection] = await ctx.database.db.select().from(crmConnections);
    const box = await secretBoxFor(ctx.config);
    secrets.push(box.open(connection!.accessToken!), box.open(connection!.refreshToken!));

    // Sign in with Google, and a callback whose state was forged (logged as a failure).
    const withGoogle = await signInWithGoogle(secrets);
    expect(withGoogle.headers.location).not.toMatch(/error/);
    secrets.push(sessionCookie(withGoogle).split('=')[1]!, GOOGLE_SECRET);
    const forged = await signInWithGoogle(secrets, (callback) => callback.searchParams.set('state', 'forged-state-41c9'));
    expect(forged.headers.location).toMatch(/error=google/);
    secrets.push('forged-state-41c9');
    expect(log.text()).toContain('Google sign-in failed');

    const text = log.text();
    // The log did see all of it: requests, their URLs, the emails.
    expect(text).toContain('/api/hubspot/callback');
    expect(text).toContain('written to the outbox');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(6);
      expect(text, `a secret of ${secret.length} characters is in the log`).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    }
  });
});
