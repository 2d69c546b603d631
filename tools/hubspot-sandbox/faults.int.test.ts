import { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_FAULTS } from './faults';
import type { StatsSnapshot } from './request-stats';
import { startSandbox, type Sandbox } from './sandbox';

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ contacts: 50, companies: 10, deals: 10, tickets: 10 }], rateLimits: false, faults: { errorRate: 0.3, seed: 9 } });
  token = sandbox.portals[0]!.token;
});

beforeEach(() => {
  sandbox.resetStats();
});

afterAll(async () => {
  await sandbox.close();
});

type Outcome = number | 'dropped';

async function call(path = '/crm/v3/objects/contacts?limit=1'): Promise<Outcome> {
  try {
    const response = await fetch(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'dropped';
  }
}

/** `count` requests, ten at a time. */
async function many(count: number, path?: string): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (let i = 0; i < count; i += 10) outcomes.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, () => call(path)))));
  return outcomes;
}

const share = (outcomes: Outcome[], outcome: Outcome) => outcomes.filter((item) => item === outcome).length / outcomes.length;

async function admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${sandbox.url}/__sandbox${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

describe('fault injection', () => {
  it('answers about the configured share of requests with 500 and an error body', async () => {
    const outcomes = await many(400);
    expect(share(outcomes, 500)).toBeGreaterThan(0.22);
    expect(share(outcomes, 500)).toBeLessThan(0.38);
    expect(share(outcomes, 200) + share(outcomes, 500)).toBe(1);
    sandbox.setFaults({ errorRate: 1 });
    const response = await fetch(`${sandbox.url}/crm/v3/objects/contacts`, { headers: { authorization: `Bearer ${token}` } });
    expect(await response.json()).toMatchObject({ status: 'error', category: 'INTERNAL_ERROR' });
    const sdkError = await new Client({ accessToken: token, basePath: sandbox.url }).crm.contacts.basicApi.getPage().catch((error: unknown) => error);
    expect(sdkError).toMatchObject({ code: 500 });
  });

  it('drops about the configured share of connections, changed at runtime through the admin API', async () => {
    const changed = await admin('POST', '/faults', { errorRate: 0, dropRate: 0.2 });
    expect(changed).toMatchObject({ status: 200, body: { errorRate: 0, dropRate: 0.2 } });
    const outcomes = await many(300);
    expect(share(outcomes, 'dropped')).toBeGreaterThan(0.13);
    expect(share(outcomes, 'dropped')).toBeLessThan(0.27);
    expect(share(outcomes, 200) + share(outcomes, 'dropped')).toBe(1);

    sandbox.setFaults({ dropRate: 1 });
    const sdkError = await new Client({ accessToken: token, basePath: sandbox.url }).crm.contacts.basicApi.getPage().catch((error: unknown) => error);
    expect(sdkError).toBeInstanceOf(Error);
    expect(sdkError).not.toHaveProperty('code', 500);
  });

  it('adds latency', async () => {
    sandbox.setFaults({ ...NO_FAULTS, latencyMs: 150 });
    const started = performance.now();
    expect(await call()).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  it('can be aimed at some paths only, and leaves the admin routes alone', async () => {
    sandbox.setFaults({ ...NO_FAULTS, errorRate: 1, paths: ['/crm/v3/objects/deals'] });
    expect(await call('/crm/v3/objects/deals')).toBe(500);
    expect(await call('/crm/v3/objects/contacts')).toBe(200);
    sandbox.setFaults({ ...NO_FAULTS, dropRate: 1 });
    expect((await admin('GET', '/faults')).status).toBe(200);
    expect((await admin('POST', '/faults', { errorRate: 2 })).status).toBe(400);
    sandbox.setFaults(NO_FAULTS);
  });

  it('repeats the same failures for the same seed', async () => {
    const run = async () => {
      sandbox.setFaults({ ...NO_FAULTS, errorRate: 0.5, seed: 4 });
      const outcomes: Outcome[] = [];
      for (let i = 0; i < 40; i++) outcomes.push(await call());
      return outcomes;
    };
    const first = await run();
    expect(new Set(first)).toEqual(new Set([200, 500]));
    expect(await run()).toEqual(first);
    sandbox.setFaults(NO_FAULTS);
  });
});

describe('statistics', () => {
  it('counts requests per token, route and status, dropped connections included', async () => {
    sandbox.setFaults({ ...NO_FAULTS, errorRate: 0.5, seed: 2 });
    const outcomes = await many(40);
    sandbox.setFaults({ ...NO_FAULTS, dropRate: 1 });
    await many(5);
    sandbox.setFaults(NO_FAULTS);
    await fetch(`${sandbox.url}/crm/v3/objects/contacts`);

    const { body } = await admin('GET', '/stats');
    const stats = body as StatsSnapshot;
    const mine = stats.byToken[token]!;
    expect(mine).toMatchObject({ kind: 'private-app', portalId: sandbox.portals[0]!.portalId, requests: 45, dropped: 5 });
    expect(mine.byStatus['500']).toBe(outcomes.filter((outcome) => outcome === 500).length);
    expect(mine.byStatus['200']).toBe(outcomes.filter((outcome) => outcome === 200).length);
    expect(stats.byToken['(none)']).toMatchObject({ requests: 1, byStatus: { '401': 1 } });
    expect(stats.byRoute['GET /crm/v3/objects/:objectType']!.requests).toBe(46);
    expect(stats.requests).toBe(46);

    expect((await admin('DELETE', '/stats')).status).toBe(204);
    expect(sandbox.stats().requests).toBe(0);
  });
});
