import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { Database } from '../../db/client';
import { testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
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
});
