import { Client } from '@hubspot/api-client';
import type { PublicObjectSearchRequest } from '@hubspot/api-client/lib/codegen/crm/deals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from './sandbox';

const BIG_PORTAL = 31_000_001;
const SMALL_PORTAL = 31_000_002;
const DAY = 86_400_000;
const T0 = Date.UTC(2024, 5, 1);

let sandbox: Sandbox;
let big: Client;
let small: Client;
/** Deal name → id, for the deals made in the small portal. */
const dealIds = new Map<string, string>();

type Filter = { propertyName: string; operator: string; value?: string; values?: string[]; highValue?: string };

/** The SDK types sorts as strings and operators as an enum; HubSpot takes these objects. */
function request(filterGroups: { filters: Filter[] }[], extra: Record<string, unknown> = {}): PublicObjectSearchRequest {
  return { filterGroups, sorts: [], properties: ['dealname', 'amount'], limit: 100, after: '0', ...extra } as unknown as PublicObjectSearchRequest;
}

async function names(filter: Filter): Promise<string[]> {
  const page = await small.crm.deals.searchApi.doSearch(request([{ filters: [filter] }]));
  return page.results.map((record) => record.properties.dealname!).sort();
}

async function failure(call: Promise<unknown>): Promise<{ code: number; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    const { code, body } = error as { code: number; body: unknown };
    return { code, body: (typeof body === 'string' ? JSON.parse(body) : body) as Record<string, unknown> };
  }
  throw new Error('the call succeeded');
}

beforeAll(async () => {
  sandbox = await startSandbox({
    portals: [
      { portalId: BIG_PORTAL, contacts: 10_250, companies: 0, deals: 0, tickets: 0 },
      { portalId: SMALL_PORTAL, contacts: 0, companies: 0, deals: 0, tickets: 0 },
    ],
    rateLimits: false,
  });
  big = new Client({ accessToken: sandbox.portals[0]!.token, basePath: sandbox.url });
  small = new Client({ accessToken: sandbox.portals[1]!.token, basePath: sandbox.url });
  const deals: [string, Record<string, string>][] = [
    ['Acme Corp - Renewal', { amount: '900', dealstage: 'closedwon', closedate: String(T0 + 10 * DAY) }],
    ['acme corp - Pilot', { amount: '10000', dealstage: 'qualifiedtobuy' }],
    ['Globex Expansion', { amount: '2500', dealstage: 'closedlost', closedate: new Date(T0 + 30 * DAY).toISOString() }],
    ['Initech - Support Contract', { amount: '100', dealstage: 'closedwon' }],
    ['Zeta', {}],
  ];
  for (const [dealname, properties] of deals) {
    const created = await small.crm.deals.basicApi.create({ properties: { dealname, pipeline: 'default', ...properties }, associations: [] });
    dealIds.set(dealname, created.id);
  }
});

afterAll(async () => {
  await sandbox.close();
});

describe('search operators through the SDK', () => {
  it('EQ ignores case; NEQ includes records without the property', async () => {
    expect(await names({ propertyName: 'dealname', operator: 'EQ', value: 'ACME CORP - RENEWAL' })).toEqual(['Acme Corp - Renewal']);
    expect(await names({ propertyName: 'dealstage', operator: 'NEQ', value: 'closedwon' })).toEqual(['Globex Expansion', 'Zeta', 'acme corp - Pilot']);
  });

  it('compares amounts as numbers: 900 is less than 10000', async () => {
    expect(await names({ propertyName: 'amount', operator: 'LT', value: '1000' })).toEqual(['Acme Corp - Renewal', 'Initech - Support Contract']);
    expect(await names({ propertyName: 'amount', operator: 'LTE', value: '900' })).toEqual(['Acme Corp - Renewal', 'Initech - Support Contract']);
    expect(await names({ propertyName: 'amount', operator: 'GT', value: '2500' })).toEqual(['acme corp - Pilot']);
    expect(await names({ propertyName: 'amount', operator: 'GTE', value: '2500' })).toEqual(['Globex Expansion', 'acme corp - Pilot']);
    expect(await names({ propertyName: 'amount', operator: 'BETWEEN', value: '100', highValue: '900' })).toEqual(['Acme Corp - Renewal', 'Initech - Support Contract']);
  });

  it('compares dates given as epoch milliseconds or ISO', async () => {
    expect(await names({ propertyName: 'closedate', operator: 'GT', value: String(T0 + 10 * DAY) })).toEqual(['Globex Expansion']);
    expect(await names({ propertyName: 'closedate', operator: 'LTE', value: new Date(T0 + 10 * DAY).toISOString() })).toEqual(['Acme Corp - Renewal']);
  });

  it('IN, NOT_IN, HAS_PROPERTY and NOT_HAS_PROPERTY', async () => {
    expect(await names({ propertyName: 'dealstage', operator: 'IN', values: ['closedwon', 'closedlost'] })).toEqual(['Acme Corp - Renewal', 'Globex Expansion', 'Initech - Support Contract']);
    expect(await names({ propertyName: 'dealstage', operator: 'NOT_IN', values: ['closedwon', 'closedlost'] })).toEqual(['Zeta', 'acme corp - Pilot']);
    expect(await names({ propertyName: 'closedate', operator: 'HAS_PROPERTY' })).toEqual(['Acme Corp - Renewal', 'Globex Expansion']);
    expect(await names({ propertyName: 'amount', operator: 'NOT_HAS_PROPERTY' })).toEqual(['Zeta']);
  });

  it('CONTAINS_TOKEN and NOT_CONTAINS_TOKEN', async () => {
    expect(await names({ propertyName: 'dealname', operator: 'CONTAINS_TOKEN', value: 'acme' })).toEqual(['Acme Corp - Renewal', 'acme corp - Pilot']);
    expect(await names({ propertyName: 'dealname', operator: 'CONTAINS_TOKEN', value: '*tech' })).toEqual(['Initech - Support Contract']);
    expect(await names({ propertyName: 'dealname', operator: 'NOT_CONTAINS_TOKEN', value: 'acme' })).toEqual(['Globex Expansion', 'Initech - Support Contract', 'Zeta']);
  });

  it('ORs groups, ANDs filters, sorts and pages with total', async () => {
    const page = await small.crm.deals.searchApi.doSearch(
      request(
        [
          { filters: [{ propertyName: 'dealstage', operator: 'EQ', value: 'closedwon' }, { propertyName: 'amount', operator: 'GT', value: '500' }] },
          { filters: [{ propertyName: 'dealname', operator: 'EQ', value: 'zeta' }] },
        ],
        { sorts: [{ propertyName: 'amount', direction: 'DESCENDING' }], limit: 1 },
      ),
    );
    expect(page.total).toBe(2);
    expect(page.results.map((record) => record.id)).toEqual([dealIds.get('Acme Corp - Renewal')]);
    expect(page.paging?.next?.after).toBe('1');
    expect(Object.keys(page.results[0]!.properties).sort()).toEqual(['amount', 'createdate', 'dealname', 'hs_lastmodifieddate', 'hs_object_id']);
  });
});

describe('search limits', () => {
  it('refuses more than 5 groups, 10 filters a group, 25 filters in all, and pages over 200', async () => {
    const filter: Filter = { propertyName: 'amount', operator: 'HAS_PROPERTY' };
    const groups = (count: number, size: number) => Array.from({ length: count }, () => ({ filters: Array.from({ length: size }, () => filter) }));
    for (const body of [request(groups(6, 1)), request(groups(1, 11)), request(groups(3, 9)), request([], { limit: 201 })]) {
      const { code, body: error } = await failure(small.crm.deals.searchApi.doSearch(body));
      expect(code).toBe(400);
      expect(error).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
    }
    expect((await small.crm.deals.searchApi.doSearch(request(groups(5, 5)))).total).toBe(4);
  });

  it('pages through at most 10,000 results: the page after them is a 400', async () => {
    const body = (after: string) =>
      ({ filterGroups: [], sorts: [{ propertyName: 'createdate', direction: 'ASCENDING' }], properties: ['email'], limit: 200, after }) as unknown as PublicObjectSearchRequest;
    let after = '0';
    const seen = new Set<string>();
    for (;;) {
      const page = await big.crm.contacts.searchApi.doSearch(body(after));
      expect(page.total).toBe(10_250);
      page.results.forEach((record) => seen.add(record.id));
      after = page.paging!.next!.after;
      if (Number(after) >= 10_000) break;
    }
    expect(seen.size).toBe(10_000);
    expect(after).toBe('10000');
    const { code, body: error } = await failure(big.crm.contacts.searchApi.doSearch(body(after)));
    expect(code).toBe(400);
    expect(error.category).toBe('VALIDATION_ERROR');
  });

  it('lets a sync walk past 10,000 in windows of last-modified time', async () => {
    const seen = new Set<string>();
    let since = 0;
    for (let round = 0; round < 20 && seen.size < 10_250; round++) {
      let after = '0';
      let last = since;
      for (;;) {
        const page = await big.crm.contacts.searchApi.doSearch({
          filterGroups: [{ filters: [{ propertyName: 'lastmodifieddate', operator: 'GTE', value: String(since) }] }],
          sorts: [{ propertyName: 'lastmodifieddate', direction: 'ASCENDING' }],
          properties: ['lastmodifieddate'],
          limit: 200,
          after,
        } as unknown as PublicObjectSearchRequest);
        page.results.forEach((record) => seen.add(record.id));
        last = Date.parse(page.results[page.results.length - 1]?.properties.lastmodifieddate ?? new Date(last).toISOString());
        const next = page.paging?.next?.after;
        if (!next || Number(next) + 200 > 10_000) break;
        after = next;
      }
      if (last === since) break;
      since = last;
    }
    expect(seen.size).toBe(10_250);
  });
});
