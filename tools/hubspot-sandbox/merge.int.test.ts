import { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MERGE_CAP } from './merge-records';
import type { ObjectType } from './object-types';
import { RecordState } from './record-store';
import { startSandbox, type Sandbox } from './sandbox';

let sandbox: Sandbox;
let client: Client;
let salesforcePortal: Client;

beforeAll(async () => {
  sandbox = await startSandbox({
    portals: [
      { seed: 5, contacts: 300, companies: 40, deals: 40, tickets: 40 },
      { seed: 6, contacts: 0, companies: 10, deals: 0, tickets: 0, salesforceIntegration: true },
    ],
    rateLimits: false,
  });
  client = new Client({ accessToken: sandbox.portals[0]!.token, basePath: sandbox.url });
  salesforcePortal = new Client({ accessToken: sandbox.portals[1]!.token, basePath: sandbox.url });
});

afterAll(async () => {
  await sandbox.close();
});

async function failure(call: Promise<unknown>): Promise<{ code: number; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    const { code, body } = error as { code: number; body: unknown };
    return { code, body: (typeof body === 'string' ? JSON.parse(body) : body) as Record<string, unknown> };
  }
  throw new Error('the call succeeded');
}

/** Seeded records nobody has touched yet, oldest first. */
function untouched(type: ObjectType, count: number, portalIndex = 0): string[] {
  const store = sandbox.state.portals()[portalIndex]!.store(type);
  const ids: string[] = [];
  for (let slot = 0; slot < store.slotCount && ids.length < count; slot++) {
    if (store.stateOf(slot) === RecordState.Live && store.mergeCountOf(slot) === 0 && store.entityOf(slot) >= 0 && !taken.has(store.idOf(slot))) {
      taken.add(store.idOf(slot));
      ids.push(String(store.idOf(slot)));
    }
  }
  return ids;
}
const taken = new Set<number>();

describe('contact merge', () => {
  it('creates a record with a new id that both old ids resolve to, primary values winning and blanks filled', async () => {
    const primary = await client.crm.contacts.basicApi.create({
      properties: { email: 'ann.lee@example.com', firstname: 'Ann', city: 'Boston', lifecyclestage: 'lead', createdate: '2020-05-01T00:00:00.000Z' },
      associations: [],
    });
    const other = await client.crm.contacts.basicApi.create({
      properties: { email: 'ann@lee-family.example', firstname: 'Annie', city: 'Cambridge', phone: '+1 617 555 0100', jobtitle: 'CTO', lifecyclestage: 'customer', createdate: '2019-01-01T00:00:00.000Z' },
      associations: [],
    });
    sandbox.clock.advance(1_000);
    const merged = await client.crm.contacts.basicApi.merge({ primaryObjectId: primary.id, objectIdToMerge: other.id });

    expect(merged.id).not.toBe(primary.id);
    expect(merged.id).not.toBe(other.id);
    expect(Number(merged.id)).toBeGreaterThan(Number(other.id));
    expect(merged.properties).toMatchObject({
      email: 'ann.lee@example.com',
      firstname: 'Ann',
      city: 'Boston',
      phone: '+1 617 555 0100',
      jobtitle: 'CTO',
      hs_additional_emails: 'ann@lee-family.example',
      lifecyclestage: 'customer',
      createdate: '2019-01-01T00:00:00.000Z',
    });
    expect(merged.properties.hs_merged_object_ids!.split(';').sort()).toEqual([primary.id, other.id].sort());

    for (const oldId of [primary.id, other.id]) {
      const resolved = await client.crm.contacts.basicApi.getById(oldId, ['firstname', 'hs_merged_object_ids']);
      expect(resolved.id).toBe(merged.id);
      expect(resolved.properties.firstname).toBe('Ann');
    }
    const batch = await client.crm.contacts.batchApi.read({ inputs: [{ id: primary.id }, { id: other.id }], properties: ['email'], propertiesWithHistory: [] });
    expect(batch.results.map((record) => record.id)).toEqual([merged.id]);

    const listed: string[] = [];
    let after: string | undefined;
    do {
      const page = await client.crm.contacts.basicApi.getPage(100, after);
      listed.push(...page.results.map((record) => record.id));
      after = page.paging?.next?.after;
    } while (after);
    expect(listed.filter((id) => id === merged.id)).toHaveLength(1);
    expect(listed).not.toContain(primary.id);
    expect(listed).not.toContain(other.id);

    const [third] = untouched('contacts', 1);
    const again = await client.crm.contacts.basicApi.merge({ primaryObjectId: other.id, objectIdToMerge: third! });
    expect(again.properties.hs_merged_object_ids!.split(';').sort()).toEqual([primary.id, other.id, merged.id, third!].sort());
    expect((await client.crm.contacts.basicApi.getById(primary.id)).id).toBe(again.id);
  });

  it('refuses to merge a record with itself or with an unknown record', async () => {
    const [a] = untouched('contacts', 1);
    expect((await failure(client.crm.contacts.basicApi.merge({ primaryObjectId: a!, objectIdToMerge: a! }))).code).toBe(400);
    expect((await failure(client.crm.contacts.basicApi.merge({ primaryObjectId: a!, objectIdToMerge: '42' }))).code).toBe(404);
  });

  it(`stops a contact that has been part of ${CONTACT_MERGE_CAP} merges from merging again`, async () => {
    const ids = untouched('contacts', CONTACT_MERGE_CAP + 2);
    let survivor = ids[0]!;
    for (let i = 1; i <= CONTACT_MERGE_CAP; i++) {
      survivor = (await client.crm.contacts.basicApi.merge({ primaryObjectId: survivor, objectIdToMerge: ids[i]! })).id;
    }
    const asPrimary = await failure(client.crm.contacts.basicApi.merge({ primaryObjectId: survivor, objectIdToMerge: ids[CONTACT_MERGE_CAP + 1]! }));
    expect(asPrimary.code).toBe(400);
    expect(asPrimary.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
    const asOther = await failure(client.crm.contacts.basicApi.merge({ primaryObjectId: ids[CONTACT_MERGE_CAP + 1]!, objectIdToMerge: ids[0]! }));
    expect(asOther.code).toBe(400);
  }, 30_000);
});

describe('company merge', () => {
  it('gives a new id and keeps the other domain as an additional domain', async () => {
    const store = sandbox.state.defaultPortal.store('companies');
    const [primary, other] = untouched('companies', 2);
    const otherDomain = store.get(store.resolve(other!), 'domain');
    const merged = await client.crm.companies.basicApi.merge({ primaryObjectId: primary!, objectIdToMerge: other! });
    expect([primary, other]).not.toContain(merged.id);
    expect((await client.crm.companies.basicApi.getById(other!)).id).toBe(merged.id);
    expect(merged.properties.hs_merged_object_ids!.split(';').sort()).toEqual([primary!, other!].sort());
    if (otherDomain && otherDomain.toLowerCase() !== merged.properties.domain?.toLowerCase()) {
      expect(merged.properties.hs_additional_domains?.split(';')).toContain(otherDomain);
    }
  });

  it('is refused while a Salesforce integration is installed', async () => {
    const [a, b] = untouched('companies', 2, 1);
    const { code, body } = await failure(salesforcePortal.crm.companies.basicApi.merge({ primaryObjectId: a!, objectIdToMerge: b! }));
    expect(code).toBe(400);
    expect(body.message).toMatch(/Salesforce/);
  });
});

describe.each(['deals', 'tickets'] as const)('%s merge', (type) => {
  it('keeps the primary id; the other id resolves to it', async () => {
    const [primary, other] = untouched(type, 2);
    const api = type === 'deals' ? client.crm.deals.basicApi : client.crm.tickets.basicApi;
    const merged = await api.merge({ primaryObjectId: primary!, objectIdToMerge: other! });
    expect(merged.id).toBe(primary);
    expect(merged.properties.hs_merged_object_ids).toBe(other);
    expect((await api.getById(other!)).id).toBe(primary);
  });
});
