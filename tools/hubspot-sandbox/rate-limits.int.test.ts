import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from './sandbox';

const STARTER = 51_000_001;
const PROFESSIONAL = 51_000_002;

let sandbox: Sandbox;
let starterToken: string;
let professionalToken: string;

beforeAll(async () => {
  sandbox = await startSandbox({
    portals: [
      { portalId: STARTER, tier: 'starter', contacts: 30, companies: 0, deals: 0, tickets: 0, timeZone: 'UTC' },
      { portalId: PROFESSIONAL, tier: 'professional', contacts: 30, companies: 0, deals: 0, tickets: 0 },
    ],
  });
  starterToken = sandbox.portals[0]!.token;
  professionalToken = sandbox.portals[1]!.token;
});

// A frozen clock keeps windows from rolling on a slow machine; tests move it themselves.
beforeEach(() => {
  sandbox.clock.reset();
  sandbox.clock.freeze();
  sandbox.setRateLimits({}, { restoreDefaults: true, resetCounters: true });
});

afterAll(async () => {
  await sandbox.close();
});

async function call(token: string, path = '/crm/v3/objects/contacts?limit=1'): Promise<Response> {
  return fetch(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

async function search(token: string): Promise<Response> {
  return fetch(`${sandbox.url}/crm/v3/objects/contacts/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ filterGroups: [], limit: 1 }),
  });
}

/** Sends `count` requests at once; their statuses, sorted (arrival order is not send order). */
async function burst(token: string, count: number): Promise<number[]> {
  const responses = await Promise.all(Array.from({ length: count }, () => call(token)));
  await Promise.all(responses.map((response) => response.arrayBuffer()));
  return responses.map((response) => response.status).sort((a, b) => a - b);
}

const rateHeaders = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('x-hubspot-ratelimit-') || name === 'retry-after'));

describe('ten-second burst limit', () => {
  it("allows a Starter private app 100 requests, then answers 429 with HubSpot's body and no Retry-After", async () => {
    const first = await call(starterToken);
    expect(rateHeaders(first)).toEqual({
      'x-hubspot-ratelimit-daily': '250000',
      'x-hubspot-ratelimit-daily-remaining': '249999',
      'x-hubspot-ratelimit-interval-milliseconds': '10000',
      'x-hubspot-ratelimit-max': '100',
      'x-hubspot-ratelimit-remaining': '99',
    });
    expect((await burst(starterToken, 99)).every((status) => status === 200)).toBe(true);

    const refused = await call(starterToken);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(refused.headers.get('x-hubspot-ratelimit-remaining')).toBe('0');
    const body = (await refused.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['status', 'message', 'errorType', 'correlationId', 'policyName']);
    expect(body).toMatchObject({ status: 'error', message: 'You have reached your ten_secondly_rolling limit.', errorType: 'RATE_LIMIT', policyName: 'TEN_SECONDLY_ROLLING' });

    const sdkFailure = await new Client({ accessToken: starterToken, basePath: sandbox.url }).crm.contacts.basicApi.getPage(1).catch((error: unknown) => error);
    expect(sdkFailure).toMatchObject({ code: 429 });

    sandbox.clock.advance(10_000);
    expect((await call(starterToken)).status).toBe(200);
  });

  it('allows a Professional private app 190', async () => {
    const statuses = await burst(professionalToken, 191);
    expect(statuses.filter((status) => status === 200)).toHaveLength(190);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  });

  it('gives an OAuth app 110 per installing account, shared by its tokens', async () => {
    const a = sandbox.installOAuthApp({ portalId: PROFESSIONAL, scopes: ['oauth', 'crm.objects.contacts.read'] }).access_token;
    const b = sandbox.installOAuthApp({ portalId: PROFESSIONAL, scopes: ['oauth', 'crm.objects.contacts.read'] }).access_token;
    const first = await call(a);
    expect(rateHeaders(first)).toEqual({
      'x-hubspot-ratelimit-interval-milliseconds': '10000',
      'x-hubspot-ratelimit-max': '110',
      'x-hubspot-ratelimit-remaining': '109',
    });
    const statuses = [...(await burst(a, 60)), ...(await burst(b, 60))];
    expect(statuses.filter((status) => status === 200)).toHaveLength(109);
    const elsewhere = sandbox.installOAuthApp({ portalId: STARTER, scopes: ['oauth', 'crm.objects.contacts.read'] }).access_token;
    expect((await call(elsewhere)).status).toBe(200);
  });

  it('recovers when the window has rolled on, in real time with a scaled-down window', async () => {
    sandbox.clock.unfreeze();
    // Long enough that six calls fit in one window on a busy machine; the wait is the window itself.
    sandbox.setRateLimits({ windowMs: 3_000, burst: { starter: 5 } });
    expect(await burst(starterToken, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    await sleep(3_050);
    const again = await call(starterToken);
    expect(again.status).toBe(200);
    expect(rateHeaders(again)).toMatchObject({ 'x-hubspot-ratelimit-max': '5', 'x-hubspot-ratelimit-interval-milliseconds': '3000' });
  });

  it('can be switched off', async () => {
    sandbox.setRateLimits(false);
    expect((await burst(starterToken, 150)).every((status) => status === 200)).toBe(true);
    expect(rateHeaders(await call(starterToken))).toEqual({});
  });
});

describe('search limit', () => {
  it('allows 5 searches a second per account, outside the burst budget and without rate-limit headers', async () => {
    sandbox.setRateLimits({ burst: { starter: 3 } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await search(starterToken);
      statuses.push(response.status);
      if (response.status === 200) expect(rateHeaders(response)).toEqual({});
      else expect(await response.json()).toMatchObject({ status: 'error', errorType: 'RATE_LIMIT', policyName: 'SECONDLY' });
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await burst(starterToken, 3)).toEqual([200, 200, 200]);
    sandbox.clock.advance(1_000);
    expect((await search(starterToken)).status).toBe(200);
  });
});

describe('daily limit', () => {
  it('answers 429 DAILY once the day is spent, and renews at midnight', async () => {
    sandbox.setRateLimits({ daily: { starter: 3 } });
    expect(await burst(starterToken, 3)).toEqual([200, 200, 200]);
    const refused = await call(starterToken);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-hubspot-ratelimit-daily-remaining')).toBe('0');
    expect(await refused.json()).toMatchObject({ status: 'error', message: 'You have reached your daily limit.', errorType: 'RATE_LIMIT', policyName: 'DAILY' });
    expect((await search(starterToken)).status).toBe(429);

    const now = sandbox.clock.now();
    sandbox.clock.set(now - (now % 86_400_000) + 86_400_000 + 1_000);
    expect((await call(starterToken)).status).toBe(200);
  });
});
