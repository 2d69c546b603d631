import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tools/hubspot-sandbox/sandbox';
import { labelledValue } from '../../../shared/value-labels';
import type { Database } from '../../db/client';
import { SecretBox } from '../../security/secret-box';
import { createTestDatabase } from '../../test/test-database';
import { testConfig } from '../../test/test-app';
import { createUser } from '../accounts';
import { saveConnection } from './connections';
import { HubSpotApi } from './hubspot-api';
import { portalLimiter } from './portal-limiter';
import { refreshValueLabels, valueLabelsOf } from './property-labels';

let sandbox: Sandbox;
let database: Database;
const log = pino({ level: 'silent' });
const secrets = SecretBox.fromKey(Buffer.alloc(32, 1));
const PORTAL = 202;
let users = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ portalId: PORTAL, contacts: 10, companies: 5, deals: 10, tickets: 10, seed: 4 }], rateLimits: false });
  database = await createTestDatabase();
});

afterAll(async () => {
  await sandbox?.close();
  await database?.close();
});

async function connect(token: string) {
  const config = testConfig({ HUBSPOT_API_BASE: sandbox.url });
  const user = await createUser(database.db, { email: `labels-${++users}@example.com`, password: null, emailVerified: true });
  const connection = await saveConnection({ db: database.db, config, secrets }, user.id, { authType: 'private_app', accessToken: token, portal: { hubId: String(PORTAL), hubDomain: null, scopes: [] } });
  const refreshWith = (with_: string) => {
    const api = new HubSpotApi({ config, tokens: { current: async () => with_ }, limiter: portalLimiter(database.db, `${PORTAL}:${with_}`, 'private_app'), log, portalKey: `${PORTAL}-${with_}` });
    return refreshValueLabels({ db: database.db, api, connectionId: connection.id, log }, ['contacts', 'deals', 'tickets']);
  };
  return { connection, refresh: () => refreshWith(token), refreshWith };
}

const portal = () => sandbox.state.portal(PORTAL)!;

describe('the portal names of ids and codes', () => {
  it('are cached on the first refresh and replaced by the next one', async () => {
    const { connection, refresh } = await connect(sandbox.portals[0]!.token);
    expect(await refresh()).toMatchObject({ owners: 8 });
    let tickets = await valueLabelsOf(database.db, connection.id, 'tickets');
    expect(tickets.hubspot_owner_id?.['30000003']).toBe('Priya Raman');
    expect(tickets.hs_pipeline?.['0']).toBe('Support Pipeline');
    expect(tickets.hs_pipeline_stage?.['2']).toBe('Waiting on contact');
    expect(tickets.hs_ticket_category?.['PRODUCT_ISSUE']).toBe('Product issue');
    const deals = await valueLabelsOf(database.db, connection.id, 'deals');
    expect(deals.dealstage?.['closedwon']).toBe('Closed Won');
    expect(deals.pipeline?.['default']).toBe('Sales Pipeline');
    expect((await valueLabelsOf(database.db, connection.id, 'contacts')).lifecyclestage?.['marketingqualifiedlead']).toBe('Marketing Qualified Lead');

    // The portal's admin renames an owner and a stage: the next scan's refresh picks them up.
    const owner = portal().owners.find((o) => o.id === '30000003')!;
    const stage = portal().pipelines.tickets.stages.find((s) => s.id === '2')!;
    const before = { lastName: owner.lastName, label: stage.label };
    owner.lastName = 'Raman-Iyer';
    stage.label = 'Waiting on customer';
    try {
      await refresh();
      tickets = await valueLabelsOf(database.db, connection.id, 'tickets');
      expect(tickets.hubspot_owner_id?.['30000003']).toBe('Priya Raman-Iyer');
      expect(tickets.hs_pipeline_stage?.['2']).toBe('Waiting on customer');
    } finally {
      owner.lastName = before.lastName;
      stage.label = before.label;
    }
  });

  it('keep their last copy when HubSpot refuses a part, and an unknown value shows as it is', async () => {
    const app = sandbox.addPrivateApp(PORTAL, { name: 'no owners', scopes: ['crm.objects.contacts.read', 'crm.objects.deals.read', 'tickets'] });
    const fresh = await connect(app.token);
    // No owners scope: no owner names, the rest is there.
    expect((await fresh.refresh()).owners).toBe(0);
    expect((await valueLabelsOf(database.db, fresh.connection.id, 'tickets')).hubspot_owner_id).toBeUndefined();

    // Owners read once, then refused: the names read before stay.
    const { connection, refresh, refreshWith } = await connect(sandbox.portals[0]!.token);
    await refresh();
    expect((await refreshWith(app.token)).owners).toBe(0);
    const tickets = await valueLabelsOf(database.db, connection.id, 'tickets');
    expect(tickets.hubspot_owner_id?.['30000003']).toBe('Priya Raman');
    expect(tickets.hs_ticket_priority?.['HIGH']).toBe('High');
    expect(labelledValue(tickets, 'hubspot_owner_id', '39999999')).toBe('39999999');
    expect(labelledValue(tickets, 'hs_pipeline_stage', '99')).toBe('99');
    expect(labelledValue(tickets, 'hs_pipeline_stage', '4')).toBe('Closed');
  });
});

describe("the sandbox's owners and pipelines", () => {
  const get = (path: string, token = sandbox.portals[0]!.token) => fetch(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

  it("pages owners as HubSpot does and answers HubSpot's errors", async () => {
    const first = await get('/crm/v3/owners/?limit=3');
    expect(first.status).toBe(200);
    const page = (await first.json()) as { results: { id: string; firstName: string; email: string; type: string; archived: boolean }[]; paging?: { next: { after: string } } };
    expect(page.results.map((o) => o.id)).toEqual(['30000001', '30000002', '30000003']);
    expect(page.results[0]).toMatchObject({ type: 'PERSON', archived: false, firstName: 'Avery', email: 'avery.collins@sandbox-owner.example' });
    const rest = (await (await get(`/crm/v3/owners?limit=500&after=${page.paging!.next.after}`)).json()) as { results: unknown[]; paging?: unknown };
    expect(rest.results).toHaveLength(5);
    expect(rest.paging).toBeUndefined();
    expect((await get('/crm/v3/owners?limit=501')).status).toBe(400);
    expect((await get('/crm/v3/owners/123')).status).toBe(404);
    const noScope = sandbox.addPrivateApp(PORTAL, { name: 'contacts only', scopes: ['crm.objects.contacts.read'] });
    const refused = await get('/crm/v3/owners', noScope.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ status: 'error', category: 'MISSING_SCOPES' });
  });

  it('gives deal and ticket pipelines with their stages, and refuses types without pipelines', async () => {
    const deals = (await (await get('/crm/v3/pipelines/0-3')).json()) as { results: { id: string; label: string; stages: { id: string; label: string; metadata: Record<string, string> }[] }[] };
    expect(deals.results[0]).toMatchObject({ id: 'default', label: 'Sales Pipeline' });
    expect(deals.results[0]!.stages.find((s) => s.id === 'closedwon')).toMatchObject({ label: 'Closed Won', metadata: { isClosed: 'true', probability: '1.0' } });
    const contacts = await get('/crm/v3/pipelines/contacts');
    expect(contacts.status).toBe(400);
    expect(await contacts.json()).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
  });
});
