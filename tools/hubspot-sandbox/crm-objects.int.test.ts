import { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OBJECT_TYPES, type ObjectType } from './object-types';
import { RecordState } from './record-store';
import { startSandbox, type Sandbox } from './sandbox';

const COUNTS = { contacts: 1234, companies: 210, deals: 160, tickets: 150 };

let sandbox: Sandbox;
let client: Client;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ portals: [{ seed: 3, ...COUNTS }], rateLimits: false });
  token = sandbox.portals[0]!.token;
  client = new Client({ accessToken: token, basePath: sandbox.url });
});

afterAll(async () => {
  await sandbox.close();
});

async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A thrown ApiException's status and parsed body. */
async function failure(call: Promise<unknown>): Promise<{ code: number; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    const { code, body } = error as { code: number; body: unknown };
    return { code, body: (typeof body === 'string' ? JSON.parse(body) : body) as Record<string, unknown> };
  }
  throw new Error('the call succeeded');
}

function liveIds(type: ObjectType): string[] {
  const store = sandbox.state.defaultPortal.store(type);
  const ids: string[] = [];
  for (let slot = 0; slot < store.slotCount; slot++) if (store.stateOf(slot) === RecordState.Live) ids.push(String(store.idOf(slot)));
  return ids;
}

describe('list', () => {
  it.each(OBJECT_TYPES)('pages through every %s exactly once with the opaque cursor', async (type) => {
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await client.crm.objects.basicApi.getPage(type, 100, after);
      seen.push(...page.results.map((record) => record.id));
      after = page.paging?.next?.after;
      if (after) expect(after).not.toMatch(/^\d+$/);
      pages++;
    } while (after);
    expect(seen).toHaveLength(COUNTS[type]);
    expect(new Set(seen).size).toBe(COUNTS[type]);
    expect(seen).toEqual(liveIds(type));
    expect(pages).toBe(Math.ceil(COUNTS[type] / 100));
  });

  it('gives each type its default properties plus createdate, hs_object_id and the last-modified date', async () => {
    const expected: Record<ObjectType, string[]> = {
      contacts: ['firstname', 'lastname', 'email', 'createdate', 'hs_object_id', 'lastmodifieddate'],
      companies: ['name', 'domain', 'createdate', 'hs_object_id', 'hs_lastmodifieddate'],
      deals: ['dealname', 'amount', 'closedate', 'pipeline', 'dealstage', 'createdate', 'hs_object_id', 'hs_lastmodifieddate'],
      tickets: ['subject', 'content', 'hs_pipeline', 'hs_pipeline_stage', 'hs_ticket_category', 'hs_ticket_priority', 'createdate', 'hs_object_id', 'hs_lastmodifieddate'],
    };
    for (const type of OBJECT_TYPES) {
      const page = await client.crm.objects.basicApi.getPage(type, 3);
      for (const record of page.results) {
        expect(Object.keys(record.properties).sort(), type).toEqual([...expected[type]].sort());
        for (const value of Object.values(record.properties)) expect(value === null || typeof value === 'string').toBe(true);
        expect(record.properties.hs_object_id).toBe(record.id);
        expect(record.archived).toBe(false);
      }
    }
  });

  it('returns the properties asked for, repeated or comma-separated, and drops unknown ones', async () => {
    const viaSdk = await client.crm.contacts.basicApi.getPage(5, undefined, ['email', 'phone', 'no_such_property']);
    expect(Object.keys(viaSdk.results[0]!.properties).sort()).toEqual(['createdate', 'email', 'hs_object_id', 'lastmodifieddate', 'phone']);
    const repeated = await get('/crm/v3/objects/contacts?limit=5&properties=email&properties=city');
    const commas = await get('/crm/v3/objects/contacts?limit=5&properties=email,city');
    expect(repeated.body.results).toEqual(commas.body.results);
    expect(Object.keys((repeated.body.results as { properties: object }[])[0]!.properties).sort()).toEqual(['city', 'createdate', 'email', 'hs_object_id', 'lastmodifieddate']);
  });

  it('takes 10 by default and at most 100', async () => {
    expect(((await get('/crm/v3/objects/contacts')).body.results as unknown[]).length).toBe(10);
    expect(((await get('/crm/v3/objects/contacts?limit=500')).body.results as unknown[]).length).toBe(100);
  });

  it('accepts type ids in paths and refuses unknown types', async () => {
    const byName = await get('/crm/v3/objects/tickets?limit=3');
    const byId = await get('/crm/v3/objects/0-5?limit=3');
    expect(byId.body.results).toEqual(byName.body.results);
    expect((await get('/crm/v3/objects/0-1?limit=1')).body.results).toEqual((await get('/crm/v3/objects/contacts?limit=1')).body.results);
    const unknown = await get('/crm/v3/objects/0-7');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR', message: 'Unable to infer object type from: 0-7' });
  });

  it('has no paging on the last page and refuses cursors it did not give out', async () => {
    const store = sandbox.state.defaultPortal.store('tickets');
    const last = await client.crm.tickets.basicApi.getPage(100, Buffer.from(`id:${store.idOf(store.slotCount - 5)}`).toString('base64url'));
    expect(last.results).toHaveLength(4);
    expect(last.paging).toBeUndefined();
    expect((await get('/crm/v3/objects/tickets?after=12345')).status).toBe(400);
  });
});

describe('get and batch read', () => {
  it('gets a record by id with the properties asked for', async () => {
    const [id] = liveIds('companies');
    const company = await client.crm.companies.basicApi.getById(id!, ['name', 'industry', 'city']);
    expect(company.id).toBe(id);
    expect(Object.keys(company.properties).sort()).toEqual(['city', 'createdate', 'hs_lastmodifieddate', 'hs_object_id', 'industry', 'name']);
    expect(company.createdAt).toBeInstanceOf(Date);
  });

  it("answers 404 with HubSpot's error body for an unknown id", async () => {
    const { code, body } = await failure(client.crm.contacts.basicApi.getById('999'));
    expect(code).toBe(404);
    expect(body).toMatchObject({ status: 'error', category: 'OBJECT_NOT_FOUND' });
    expect(typeof body.message).toBe('string');
    expect(body.correlationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads a batch: 200 COMPLETE when all are found, 207 with errors and numErrors when some are not', async () => {
    const ids = liveIds('deals').slice(0, 3);
    const ok = await client.crm.deals.batchApi.read({ inputs: ids.map((id) => ({ id })), properties: ['dealname'], propertiesWithHistory: [] });
    expect(ok.status).toBe('COMPLETE');
    expect(ok.results.map((record) => record.id).sort()).toEqual([...ids].sort());
    const response = await fetch(`${sandbox.url}/crm/v3/objects/deals/batch/read`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: [{ id: ids[0] }, { id: '1' }, { id: '2' }], properties: ['dealname'], propertiesWithHistory: [] }),
    });
    expect(response.status).toBe(207);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'COMPLETE', numErrors: 1, errors: [{ status: 'error', category: 'OBJECT_NOT_FOUND', context: { ids: ['1', '2'] } }] });
    expect(body.results).toHaveLength(1);
    expect(typeof body.startedAt).toBe('string');
  });

  it('refuses more than 100 inputs', async () => {
    const inputs = liveIds('contacts').slice(0, 101).map((id) => ({ id }));
    const { code, body } = await failure(client.crm.contacts.batchApi.read({ inputs, properties: [], propertiesWithHistory: [] }));
    expect(code).toBe(400);
    expect(body.category).toBe('VALIDATION_ERROR');
  });
});

describe('writes', () => {
  it('creates, updates (bumping the last-modified date) and archives a contact', async () => {
    const created = await client.crm.contacts.basicApi.create({ properties: { email: 'new.person@example.org', firstname: 'New' }, associations: [] });
    expect(created.properties).toMatchObject({ email: 'new.person@example.org', firstname: 'New', hs_object_id: created.id });
    sandbox.clock.advance(60_000);
    const updated = await client.crm.contacts.basicApi.update(created.id, { properties: { lastname: 'Person', phone: '+1 555 0100' } });
    expect(updated.properties.lastname).toBe('Person');
    expect(Date.parse(updated.properties.lastmodifieddate!)).toBeGreaterThan(Date.parse(created.properties.lastmodifieddate!));
    expect(updated.updatedAt.getTime()).toBe(Date.parse(updated.properties.lastmodifieddate!));
    const fetched = await client.crm.contacts.basicApi.getById(created.id, ['lastname', 'phone']);
    expect(fetched.properties).toMatchObject({ lastname: 'Person', phone: '+1 555 0100' });

    await client.crm.contacts.basicApi.archive(created.id);
    expect((await failure(client.crm.contacts.basicApi.getById(created.id))).code).toBe(404);
    const archived = await client.crm.contacts.basicApi.getById(created.id, undefined, undefined, undefined, true);
    expect(archived.archived).toBe(true);
  });

  it('bumps hs_lastmodifieddate on the other types', async () => {
    const [id] = liveIds('tickets');
    const before = await client.crm.tickets.basicApi.getById(id!);
    sandbox.clock.advance(1_000);
    const after = await client.crm.tickets.basicApi.update(id!, { properties: { hs_ticket_priority: 'HIGH' } });
    expect(after.properties.hs_ticket_priority).toBe('HIGH');
    expect(Date.parse(after.properties.hs_lastmodifieddate!)).toBeGreaterThan(Date.parse(before.properties.hs_lastmodifieddate!));
  });

  it('keeps one contact per email and checks property values', async () => {
    const store = sandbox.state.defaultPortal.store('contacts');
    const taken = store.column('email')!.find((email) => email !== null)!;
    const duplicate = await failure(client.crm.contacts.basicApi.create({ properties: { email: taken.toUpperCase() }, associations: [] }));
    expect(duplicate.code).toBe(409);
    expect(duplicate.body.message).toMatch(/^Contact already exists\. Existing ID: \d+$/);
    const invalid = await failure(client.crm.deals.basicApi.create({ properties: { dealname: 'X', amount: 'lots', nonsense: '1' }, associations: [] }));
    expect(invalid.code).toBe(400);
    expect(invalid.body.category).toBe('VALIDATION_ERROR');
    expect(invalid.body.message).toContain('PROPERTY_DOESNT_EXIST');
  });
});

describe('properties', () => {
  it('describes every property HUBSPOT.md lists, with the fields it names', async () => {
    const listed: Record<ObjectType, string> = {
      contacts:
        'firstname lastname email hs_additional_emails phone mobilephone company jobtitle website address city state zip country lifecyclestage hs_lead_status hubspot_owner_id associatedcompanyid notes_last_updated createdate lastmodifieddate',
      companies:
        'name domain hs_additional_domains website phone address city state zip country industry numberofemployees annualrevenue lifecyclestage hubspot_owner_id createdate hs_lastmodifieddate',
      deals: 'dealname amount dealstage pipeline closedate dealtype hubspot_owner_id createdate hs_lastmodifieddate',
      tickets: 'subject content hs_pipeline hs_pipeline_stage hs_ticket_priority hs_ticket_category source_type hubspot_owner_id createdate hs_lastmodifieddate',
    };
    for (const type of OBJECT_TYPES) {
      const { results } = await client.crm.properties.coreApi.getAll(type);
      const names = results.map((property) => property.name);
      expect(names, type).toEqual(expect.arrayContaining(listed[type].split(' ')));
      for (const property of results) {
        expect(property).toMatchObject({ name: expect.any(String), label: expect.any(String), type: expect.any(String), fieldType: expect.any(String), groupName: expect.any(String) });
        expect(property.options).toBeInstanceOf(Array);
        expect(typeof property.hubspotDefined).toBe('boolean');
        expect(typeof property.hidden).toBe('boolean');
        expect(typeof property.calculated).toBe('boolean');
      }
    }
    const stages = (await client.crm.properties.coreApi.getByName('deals', 'dealstage')).options.map((option) => option.value);
    expect(stages).toContain('closedwon');
  });
});
