import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hubspotBudgets, type CrmConnection } from '../../db/schema';
import { secretBoxFor } from '../../security/secret-box';
import { testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { hubspotApiFor } from './connections';
import { HubSpotApi, HubSpotError, UncertainOutcome, type TokenSource } from './hubspot-api';
import { portalLimiter, type PortalLimiter } from './portal-limiter';

let sandbox: Sandbox;
let database: Database;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: 121, contacts: 5, seed: 2 }], rateLimits: false });
  token = sandbox.portals[0]!.token;
  database = await createTestDatabase();
});

afterAll(async () => {
  await sandbox?.close();
  await database?.close();
});

function apiWith(tokens: TokenSource, limiter: PortalLimiter = portalLimiter(database.db, '121', 'oauth')): HubSpotApi {
  const config = testConfig({ HUBSPOT_API_BASE: sandbox.url });
  return new HubSpotApi({ config, tokens, limiter, log: pino({ level: 'silent' }), portalKey: '121' });
}

const requestsTo = (route: string) => sandbox.stats().byRoute[route]?.requests ?? 0;

describe('the HubSpot API', () => {
  it('renews an access token HubSpot refused, once; a renewed token refused too means reconnecting', async () => {
    let refreshes = 0;
    const renewed = apiWith({ current: async () => 'expired-token', refresh: async () => (refreshes++, token) });
    expect((await renewed.listPage('contacts', { properties: [], limit: 2 })).results).toHaveLength(2);
    expect(refreshes).toBe(1);

    const revoked = apiWith({ current: async () => 'expired-token', refresh: async () => (refreshes++, 'revoked-token') });
    const refused = await revoked.listPage('contacts', { properties: [], limit: 2 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HubSpotError);
    expect(refused).toMatchObject({ kind: 'auth', message: "HubSpot did not accept the connection's access token. Reconnect HubSpot in Settings." });
    expect(refreshes).toBe(2);
  });

  it('merges as the first call of a fresh client, and after a renewed token, with the token it holds', async () => {
    const setup = apiWith({ current: async () => token });
    const [a, b, c] = await Promise.all(['ada', 'ada.b', 'ada.c'].map((name) => setup.create('contacts', { email: `${name}@first-merge.example` })));
    // A resumed merge job: its first HubSpot call is the merge itself.
    const merged = await apiWith({ current: async () => token }).merge('contacts', a!.id, b!.id);
    expect(merged.id).toBeTruthy();
    let refreshes = 0;
    const renewed = apiWith({ current: async () => 'expired-token', refresh: async () => (refreshes++, token) });
    await expect(renewed.merge('contacts', merged.id, c!.id)).resolves.toMatchObject({ id: expect.any(String) });
    expect(refreshes).toBe(1);
  });

  it('never sends a merge or a creation again when HubSpot did not confirm it, and retries reads', async () => {
    const api = apiWith({ current: async () => token });
    const [a, b] = await Promise.all([api.create('contacts', { email: 'ann@merge.example' }), api.create('contacts', { email: 'ann.b@merge.example' })]);
    sandbox.resetStats();
    sandbox.setFaults({ errorRate: 1, paths: ['/crm/v3/objects/contacts/merge'] });
    await expect(api.merge('contacts', a!.id, b!.id)).rejects.toBeInstanceOf(UncertainOutcome);
    expect(requestsTo('POST /crm/v3/objects/:objectType/merge')).toBe(1);

    sandbox.setFaults({ errorRate: 1, paths: ['/crm/v3/objects/contacts'] });
    await expect(api.create('contacts', { email: 'cy@merge.example' })).rejects.toBeInstanceOf(UncertainOutcome);
    expect(requestsTo('POST /crm/v3/objects/:objectType')).toBe(1);

    // Half the answers fail, the first of them with this seed: the read goes again.
    sandbox.setFaults({ errorRate: 0.5, seed: 8, paths: ['/crm/v3/objects/contacts'] });
    try {
      expect(await api.get('contacts', a!.id, ['email'])).toMatchObject({ id: a!.id, properties: { email: 'ann@merge.example' } });
      expect(requestsTo('GET /crm/v3/objects/:objectType/:objectId')).toBe(2);
    } finally {
      sandbox.setFaults({ errorRate: 0, paths: [] });
    }
  });

  it("keeps HubSpot's answer when the budget's database write fails: a creation is not reported unconfirmed, a refusal stays a refusal", async () => {
    const limiter = portalLimiter(database.db, '121', 'oauth');
    limiter.observe = async () => {
      throw new Error('database unavailable');
    };
    const api = apiWith({ current: async () => token }, limiter);
    sandbox.resetStats();
    const created = await api.create('contacts', { email: 'observe@fails.example' });
    expect(created.properties.email).toBe('observe@fails.example');
    expect(requestsTo('POST /crm/v3/objects/:objectType')).toBe(1);
    expect(await api.get('contacts', '999999999', ['email'])).toBeNull();
  });

  it("keeps a budget per app in a portal: the OAuth app's and each private app's apart, one for every use of a connection", async () => {
    const config = testConfig({ HUBSPOT_API_BASE: sandbox.url });
    const secrets = await secretBoxFor(config);
    const connection = (id: number, authType: 'oauth' | 'private_app', accessToken: string): CrmConnection => ({
      id, userId: id, provider: 'hubspot', authType, accessToken: secrets.seal(accessToken), refreshToken: null, accessTokenExpiresAt: null,
      hubId: '777', hubDomain: null, portalName: null, scopes: [], isConnected: true, createdAt: new Date(), updatedAt: new Date(),
    });
    const deps = { db: database.db, config, log: pino({ level: 'silent' }) };
    // A scan and a merge of the same private-app connection, and the portal's OAuth connection.
    for (const api of [await hubspotApiFor(deps, connection(1, 'private_app', token)), await hubspotApiFor(deps, connection(1, 'private_app', token)), await hubspotApiFor(deps, connection(2, 'oauth', token))]) {
      await api.listPage('contacts', { properties: [], limit: 1 });
    }
    const otherApp = await hubspotApiFor(deps, connection(3, 'private_app', 'pat-na1-another-private-app'));
    await expect(otherApp.listPage('contacts', { properties: [], limit: 1 })).rejects.toBeInstanceOf(HubSpotError);

    const rows = await database.db
      .select({ key: hubspotBudgets.portalKey, requestTimes: hubspotBudgets.requestTimes })
      .from(hubspotBudgets)
      .where(and(like(hubspotBudgets.portalKey, '777%'), eq(hubspotBudgets.kind, 'standard')));
    expect(rows.map((r) => r.key).sort()).toEqual(['777:oauth', expect.stringMatching(/^777:private:[0-9a-f]{16}$/), expect.stringMatching(/^777:private:[0-9a-f]{16}$/)]);
    expect(rows.find((r) => r.key === '777:oauth')!.requestTimes).toHaveLength(1);
    expect(rows.map((r) => r.requestTimes.length).sort()).toEqual([1, 1, 2]);
  });
});
