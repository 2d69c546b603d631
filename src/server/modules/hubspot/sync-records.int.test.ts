import { Client } from '@hubspot/api-client';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import type { ObjectType } from '../../../shared/object-types';
import type { Database } from '../../db/client';
import { crmRecords, crmSyncState, type CrmConnection } from '../../db/schema';
import { SecretBox } from '../../security/secret-box';
import { createTestDatabase } from '../../test/test-database';
import { testConfig } from '../../test/test-app';
import { createUser } from '../accounts';
import { saveConnection } from './connections';
import { HubSpotApi } from './hubspot-api';
import { portalLimiter } from './portal-limiter';
import { syncObjectType, type SyncContext } from './sync-records';

let sandbox: Sandbox;
let database: Database;
const log = pino({ level: 'silent' });
const secrets = SecretBox.fromKey(Buffer.alloc(32, 1));
let users = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: 101, contacts: 450, companies: 60, deals: 20, tickets: 20, seed: 3 }], rateLimits: false });
  database = await createTestDatabase();
});

afterAll(async () => {
  await sandbox?.close();
  await database?.close();
});

/** A user connected to a sandbox portal with a private-app token, and the sync context for it. */
async function connected(token: string, hubId: string): Promise<{ connection: CrmConnection; context: (overrides?: Partial<SyncContext>) => SyncContext }> {
  const config = testConfig({ HUBSPOT_API_BASE: sandbox.url });
  const user = await createUser(database.db, { email: `sync-${++users}@example.com`, password: null, emailVerified: true });
  const connection = await saveConnection({ db: database.db, config, secrets }, user.id, { authType: 'private_app', accessToken: token, portal: { hubId, hubDomain: null, scopes: [] } });
  const api = new HubSpotApi({ config, tokens: { current: async () => token }, limiter: portalLimiter(database.db, hubId, 'private_app'), log, portalKey: hubId });
  return { connection, context: (overrides = {}) => ({ db: database.db, api, connection, log, ...overrides }) };
}

async function mirror(connectionId: number, objectType: ObjectType) {
  const rows = await database.db
    .select()
    .from(crmRecords)
    .where(and(eq(crmRecords.connectionId, connectionId), eq(crmRecords.objectType, objectType)));
  return new Map(rows.map((row) => [row.hubspotId, row]));
}

const live = (rows: Awaited<ReturnType<typeof mirror>>) => [...rows.values()].filter((row) => !row.archived);

describe('syncing a portal into the mirror', () => {
  it('lists everything the first time, then fetches only what changed, archived and merged records included', async () => {
    const token = sandbox.portals[0]!.token;
    const { connection, context } = await connected(token, '101');
    const first = await syncObjectType(context(), 'contacts');
    expect(first).toMatchObject({ mode: 'full', fetched: 450, archived: 0 });
    const rows = await mirror(connection.id, 'contacts');
    expect(live(rows)).toHaveLength(450);
    const sample = [...rows.values()][0]!;
    expect(sample.properties).toHaveProperty('lastmodifieddate');
    expect(sample.hubspotUpdatedAt).toBeInstanceOf(Date);

    const client = new Client({ accessToken: token, basePath: sandbox.url });
    const ids = [...rows.keys()];
    await client.crm.contacts.basicApi.update(ids[0]!, { properties: { jobtitle: 'Chief Data Janitor' } });
    await client.crm.contacts.basicApi.update(ids[1]!, { properties: { city: 'Reykjavik' } });
    const created = await client.crm.contacts.basicApi.create({ properties: { email: 'brand.new@example.com', firstname: 'Brand', lastname: 'New' }, associations: [] });
    await client.crm.contacts.basicApi.archive(ids[2]!);
    const merged = await client.crm.contacts.basicApi.merge({ primaryObjectId: ids[3]!, objectIdToMerge: ids[4]! });

    const again = await syncObjectType(context(), 'contacts');
    expect(again.mode).toBe('incremental');
    // The two updates, the new contact and the merged survivor; nothing else was fetched again.
    expect(again.fetched).toBe(4);
    const after = await mirror(connection.id, 'contacts');
    expect(after.get(ids[0]!)!.properties.jobtitle).toBe('Chief Data Janitor');
    expect(after.get(ids[1]!)!.properties.city).toBe('Reykjavik');
    expect(after.get(created.id)?.archived).toBe(false);
    expect(after.get(ids[2]!)?.archived).toBe(true);
    expect(after.get(merged.id)?.archived).toBe(false);
    for (const old of [ids[3]!, ids[4]!].filter((id) => id !== merged.id)) expect(after.get(old)).toMatchObject({ archived: true, mergedIntoId: merged.id });
    expect(live(after)).toHaveLength(450 + 1 - 1 - 1);

    // A later sync looks back only over the short clock-skew overlap: the same few records at most.
    expect((await syncObjectType(context(), 'contacts')).fetched).toBeLessThanOrEqual(4);
  });

  it('resumes an interrupted full sync where it stopped and ends with the same mirror', async () => {
    const portal = sandbox.addPortal({ portalId: 202, contacts: 730, seed: 9 });
    const whole = await connected(portal.token, '202');
    await syncObjectType(whole.context(), 'contacts');

    const broken = await connected(portal.token, '202');
    const stop = new AbortController();
    await expect(
      syncObjectType(broken.context({ signal: stop.signal, onProgress: (p) => p.fetched >= 300 && stop.abort(new Error('stopped on purpose')) }), 'contacts'),
    ).rejects.toThrow('stopped on purpose');
    const [state] = await database.db.select().from(crmSyncState).where(eq(crmSyncState.connectionId, broken.connection.id));
    expect(state!.cursor).not.toBeNull();

    sandbox.resetStats();
    const resumed = await syncObjectType(broken.context(), 'contacts');
    expect(resumed.mode).toBe('full');
    // Only the pages after the cursor, 430 records in pages of 100 (and perhaps the page the
    // stopped sync had already asked for) ...
    expect(sandbox.stats().byRoute['GET /crm/v3/objects/:objectType']?.requests).toBeLessThanOrEqual(6);
    // ... and the sync counts each record once over both attempts, its time too.
    expect(resumed.fetched).toBe(730);
    expect(resumed.elapsedMs).toBeGreaterThanOrEqual(state!.elapsedMs);
    expect(state!.fetched).toBe(300);
    const expected = await mirror(whole.connection.id, 'contacts');
    const actual = await mirror(broken.connection.id, 'contacts');
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [id, row] of actual) expect(row.properties).toEqual(expected.get(id)!.properties);
  });

  it('survives a storm of 429s, 500s and dropped connections with a complete mirror', async () => {
    const portal = sandbox.addPortal({ portalId: 303, companies: 520, seed: 4 });
    const { connection, context } = await connected(portal.token, '303');
    // A window long enough that the sync's own pages and the neighbour's calls overrun it on
    // any machine, however slowly each request runs.
    sandbox.setRateLimits({ enabled: true, windowMs: 1000, burst: { starter: 4, professional: 4, enterprise: 4 }, searchWindowMs: 1000, searchPerWindow: 1 }, { resetCounters: true });
    sandbox.setFaults({ errorRate: 0.2, dropRate: 0.05, seed: 7 });
    sandbox.resetStats();
    // Another integration on the same private app spends the same budget: 429s the limiter cannot foresee.
    const neighbour = new Client({ accessToken: portal.token, basePath: sandbox.url });
    let syncing = true;
    const noise = (async () => {
      while (syncing) {
        await neighbour.crm.companies.basicApi.getPage(1).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    })();
    try {
      const result = await syncObjectType(context(), 'companies');
      syncing = false;
      await noise;
      expect(result.fetched).toBe(520);
      expect(live(await mirror(connection.id, 'companies'))).toHaveLength(520);
      const ours = sandbox.stats().byToken[portal.token]!;
      expect(ours.byStatus['429']).toBeGreaterThan(0);
      expect(ours.byStatus['500']).toBeGreaterThan(0);
    } finally {
      syncing = false;
      sandbox.setFaults({ errorRate: 0, dropRate: 0 });
      sandbox.setRateLimits(false);
    }
  }, 60_000);

  it('walks an incremental sync in time windows when more than 10,000 records changed', async () => {
    const portal = sandbox.addPortal({ portalId: 404, contacts: 10_400, seed: 5 });
    const { connection, context } = await connected(portal.token, '404');
    // As if the last sync was long ago: every record changed since.
    await database.db.insert(crmSyncState).values({ connectionId: connection.id, objectType: 'contacts', syncedThrough: new Date('2000-01-01T00:00:00Z') });
    const result = await syncObjectType(context(), 'contacts');
    expect(result).toMatchObject({ mode: 'incremental', fetched: 10_400 });
    expect(live(await mirror(connection.id, 'contacts'))).toHaveLength(10_400);
  });
});
