import { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from './sandbox';

const REDIRECT_URI = 'http://localhost:3000/api/hubspot/callback';
const SECOND_PORTAL = 42_000_042;

let sandbox: Sandbox;
let clientId: string;
let clientSecret: string;

beforeAll(async () => {
  sandbox = await startSandbox({
    portals: [
      { contacts: 20, companies: 5, deals: 5, tickets: 5 },
      { portalId: SECOND_PORTAL, tier: 'enterprise', timeZone: 'Europe/Berlin', companyCurrency: 'EUR', contacts: 5, companies: 0, deals: 0, tickets: 0 },
    ],
    oauthApps: [{ appId: 777, clientId: 'sandbox-client', clientSecret: 'sandbox-secret' }],
    accessTokenTtlSeconds: 600,
  });
  clientId = sandbox.oauthApps[0]!.clientId;
  clientSecret = sandbox.oauthApps[0]!.clientSecret;
});

afterAll(async () => {
  await sandbox.close();
});

const sdk = (accessToken?: string) => new Client({ ...(accessToken ? { accessToken } : {}), basePath: sandbox.url });

async function failure(call: Promise<unknown>): Promise<{ code: number; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    const { code, body } = error as { code: number; body: unknown };
    return { code, body: (typeof body === 'string' ? JSON.parse(body) : body) as Record<string, unknown> };
  }
  throw new Error('the call succeeded');
}

/** Runs the authorize page as a browser would, and returns the code it redirects with. */
async function authorize(params: Record<string, string>): Promise<{ status: number; location: URL | null }> {
  const response = await fetch(`${sandbox.authorizeUrl}?${new URLSearchParams(params).toString()}`, { redirect: 'manual' });
  const location = response.headers.get('location');
  return { status: response.status, location: location ? new URL(location) : null };
}

async function codeFor(scope: string, extra: Record<string, string> = {}): Promise<string> {
  const { location } = await authorize({ client_id: clientId, redirect_uri: REDIRECT_URI, scope, state: 'st4te', ...extra });
  return location!.searchParams.get('code')!;
}

describe('authentication errors', () => {
  it("answers a missing token with HubSpot's 401 body", async () => {
    const response = await fetch(`${sandbox.url}/crm/v3/objects/contacts`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['category', 'correlationId', 'message', 'status']);
    expect(body).toMatchObject({ status: 'error', category: 'INVALID_AUTHENTICATION' });
    expect(body.message).toMatch(/^Authentication credentials not found/);
  });

  it('answers an unknown token with 401 INVALID_AUTHENTICATION through the SDK', async () => {
    const { code, body } = await failure(sdk('pat-na1-00000000-0000-4000-a000-000000000000').crm.contacts.basicApi.getPage());
    expect(code).toBe(401);
    expect(body.category).toBe('INVALID_AUTHENTICATION');
  });

  it('answers 403 MISSING_SCOPES with the scope that was needed', async () => {
    const { token } = sandbox.addPrivateApp(sandbox.portals[0]!.portalId, { name: 'contacts reader', scopes: ['crm.objects.contacts.read'] });
    const client = sdk(token);
    expect((await client.crm.contacts.basicApi.getPage(1)).results).toHaveLength(1);
    const companies = await failure(client.crm.companies.basicApi.getPage(1));
    expect(companies.code).toBe(403);
    expect(companies.body).toMatchObject({
      status: 'error',
      category: 'MISSING_SCOPES',
      errors: [{ message: 'One or more of the following scopes are required.', context: { requiredGranularScopes: ['crm.objects.companies.read'] } }],
    });
    const write = await failure(client.crm.contacts.basicApi.update(sandbox.state.defaultPortal.store('contacts').idOf(0).toString(), { properties: { city: 'X' } }));
    expect(write.code).toBe(403);
    const tickets = await failure(client.crm.tickets.basicApi.getPage(1));
    expect((tickets.body.errors as { context: { requiredGranularScopes: string[] } }[])[0]!.context.requiredGranularScopes).toEqual(['tickets']);
  });
});

describe('account details', () => {
  it('describes the portal of the token', async () => {
    const response = await sdk(sandbox.portals[1]!.token).apiRequest({ path: '/account-info/v3/details' });
    expect(response.status).toBe(200);
    const details = (await response.json()) as Record<string, unknown>;
    expect(details).toMatchObject({ portalId: SECOND_PORTAL, timeZone: 'Europe/Berlin', companyCurrency: 'EUR', uiDomain: 'app.hubspot.com', dataHostingLocation: 'na1' });
    expect(details.utcOffset).toMatch(/^\+0[12]:00$/);
  });
});

describe('OAuth', () => {
  it('approves at once on the authorize page and redirects with a code and the state', async () => {
    const { status, location } = await authorize({ client_id: clientId, redirect_uri: REDIRECT_URI, scope: 'oauth crm.objects.contacts.read', state: 'abc 123' });
    expect(status).toBe(302);
    expect(`${location!.origin}${location!.pathname}`).toBe(REDIRECT_URI);
    expect(location!.searchParams.get('state')).toBe('abc 123');
    expect(location!.searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await authorize({ client_id: 'nobody', redirect_uri: REDIRECT_URI, scope: 'oauth' })).status).toBe(400);
  });

  it('exchanges the code for tokens that open the portal with the granted scopes', async () => {
    const code = await codeFor('oauth crm.objects.contacts.read');
    const tokens = await sdk().oauth.tokensApi.create('authorization_code', code, REDIRECT_URI, clientId, clientSecret);
    expect(tokens.tokenType).toBe('bearer');
    expect(tokens.expiresIn).toBe(600);
    const client = sdk(tokens.accessToken);
    expect((await client.crm.contacts.basicApi.getPage(2)).results).toHaveLength(2);
    expect((await failure(client.crm.deals.basicApi.getPage(2))).code).toBe(403);

    const info = await sdk().oauth.accessTokensApi.get(tokens.accessToken);
    expect(info).toMatchObject({ token: tokens.accessToken, hubId: sandbox.portals[0]!.portalId, appId: 777, tokenType: 'access' });
    expect(info.scopes.sort()).toEqual(['crm.objects.contacts.read', 'oauth']);
    expect(info.expiresIn).toBeGreaterThan(590);
    expect(info.expiresIn).toBeLessThanOrEqual(600);
    expect(typeof info.hubDomain).toBe('string');
  });

  it('answers the token request in HubSpot shape: hub_id and scopes included', async () => {
    const code = await codeFor('oauth tickets');
    const response = await fetch(`${sandbox.url}/oauth/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, client_secret: clientSecret, redirect_uri: REDIRECT_URI, code }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'hub_id', 'refresh_token', 'scopes', 'token_type']);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 600, hub_id: sandbox.portals[0]!.portalId, scopes: ['oauth', 'tickets'] });
  });

  it('expires access tokens, and a refresh gives a working one', async () => {
    const code = await codeFor('oauth crm.objects.contacts.read');
    const tokens = await sdk().oauth.tokensApi.create('authorization_code', code, REDIRECT_URI, clientId, clientSecret);
    sandbox.clock.advance(601_000);
    const expired = await failure(sdk(tokens.accessToken).crm.contacts.basicApi.getPage(1));
    expect(expired.code).toBe(401);
    expect(expired.body.category).toBe('EXPIRED_AUTHENTICATION');
    expect((await failure(sdk().oauth.accessTokensApi.get(tokens.accessToken))).code).toBe(404);

    const refreshed = await sdk().oauth.tokensApi.create('refresh_token', undefined, undefined, clientId, clientSecret, tokens.refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect((await sdk(refreshed.accessToken).crm.contacts.basicApi.getPage(1)).results).toHaveLength(1);
  });

  it('refuses reused codes, wrong secrets, other redirect URIs and unknown refresh tokens', async () => {
    const tokens = sdk().oauth.tokensApi;
    const code = await codeFor('oauth');
    await tokens.create('authorization_code', code, REDIRECT_URI, clientId, clientSecret);
    const reused = await failure(tokens.create('authorization_code', code, REDIRECT_URI, clientId, clientSecret));
    expect(reused).toMatchObject({ code: 400, body: { status: 'BAD_AUTH_CODE' } });
    expect(await failure(tokens.create('authorization_code', await codeFor('oauth'), REDIRECT_URI, clientId, 'wrong'))).toMatchObject({ code: 400, body: { status: 'BAD_CLIENT_SECRET' } });
    expect(await failure(tokens.create('authorization_code', await codeFor('oauth'), 'http://localhost:9/x', clientId, clientSecret))).toMatchObject({
      code: 400,
      body: { status: 'MISMATCH_REDIRECT_URI_AUTH_CODE' },
    });
    expect(await failure(tokens.create('refresh_token', undefined, undefined, clientId, clientSecret, 'na1-unknown'))).toMatchObject({ code: 400, body: { status: 'BAD_REFRESH_TOKEN' } });
    expect(await failure(tokens.create('password', undefined, undefined, clientId, clientSecret))).toMatchObject({ code: 400, body: { status: 'BAD_GRANT_TYPE' } });
    expect(await failure(tokens.create('authorization_code', code, REDIRECT_URI, 'other-client', clientSecret))).toMatchObject({ code: 400, body: { status: 'BAD_CLIENT_ID' } });
  });

  it('installs in another portal when the authorize link names it', async () => {
    const code = await codeFor('oauth crm.objects.contacts.read', { portal: String(SECOND_PORTAL) });
    const tokens = await sdk().oauth.tokensApi.create('authorization_code', code, REDIRECT_URI, clientId, clientSecret);
    expect((await sdk().oauth.accessTokensApi.get(tokens.accessToken)).hubId).toBe(SECOND_PORTAL);
    const details = (await (await sdk(tokens.accessToken).apiRequest({ path: '/account-info/v3/details' })).json()) as { portalId: number };
    expect(details.portalId).toBe(SECOND_PORTAL);
  });

  it('describes and revokes refresh tokens', async () => {
    const { refresh_token: refreshToken } = sandbox.installOAuthApp({ scopes: ['oauth', 'crm.objects.deals.read'] });
    const info = await sdk().oauth.refreshTokensApi.get(refreshToken);
    expect(info).toMatchObject({ token: refreshToken, clientId, hubId: sandbox.portals[0]!.portalId });
    await sdk().oauth.refreshTokensApi.archive(refreshToken);
    expect(await failure(sdk().oauth.tokensApi.create('refresh_token', undefined, undefined, clientId, clientSecret, refreshToken))).toMatchObject({
      code: 400,
      body: { status: 'BAD_REFRESH_TOKEN' },
    });
  });
});
