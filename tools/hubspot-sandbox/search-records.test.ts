import { describe, expect, it } from 'vitest';
import { HubSpotHttpError } from './hubspot-errors';
import { RecordStore } from './record-store';
import { searchRecords, type SearchFilter, type SearchInput } from './search-records';

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 1);

/** Ids 1..6; record 6 has almost nothing. */
function deals(): RecordStore {
  const row = (id: number, properties: Record<string, string>) => ({ id, createdAt: T0 + id * DAY, updatedAt: T0 + id * 2 * DAY, properties });
  return RecordStore.fromRows('deals', [
    row(1, { dealname: 'Acme Corp - Renewal', amount: '900', dealstage: 'closedwon', closedate: String(T0 + 10 * DAY) }),
    row(2, { dealname: 'acme corp - Pilot', amount: '10000', dealstage: 'qualifiedtobuy' }),
    row(3, { dealname: 'Globex Expansion', amount: '2500', dealstage: 'closedlost', closedate: String(T0 + 30 * DAY) }),
    row(4, { dealname: 'Initech - Support Contract', amount: '100', dealstage: 'closedwon' }),
    row(5, { dealname: 'Zeta', amount: '50000.5', dealstage: 'contractsent', closedate: String(T0 + 5 * DAY) }),
    row(6, { dealname: 'zed' }),
  ]);
}

function ids(store: RecordStore, input: Partial<SearchInput>): string[] {
  const outcome = searchRecords(store, { filterGroups: [], sorts: [], limit: 100, after: 0, ...input });
  return outcome.slots.map((slot) => String(store.idOf(slot)));
}

const one = (filter: SearchFilter): Partial<SearchInput> => ({ filterGroups: [{ filters: [filter] }] });

describe('searchRecords operators', () => {
  const store = deals();

  it('EQ and NEQ ignore case on text, compare numbers as numbers, and NEQ includes records without a value', () => {
    expect(ids(store, one({ propertyName: 'dealname', operator: 'EQ', value: 'ACME CORP - RENEWAL' }))).toEqual(['1']);
    expect(ids(store, one({ propertyName: 'amount', operator: 'EQ', value: '900.0' }))).toEqual(['1']);
    expect(ids(store, one({ propertyName: 'dealstage', operator: 'NEQ', value: 'closedwon' }))).toEqual(['2', '3', '5', '6']);
  });

  it('LT, LTE, GT and GTE compare numbers numerically (900 < 10000) and skip missing values', () => {
    expect(ids(store, one({ propertyName: 'amount', operator: 'LT', value: '2500' }))).toEqual(['1', '4']);
    expect(ids(store, one({ propertyName: 'amount', operator: 'LTE', value: 2500 }))).toEqual(['1', '3', '4']);
    expect(ids(store, one({ propertyName: 'amount', operator: 'GT', value: '2500' }))).toEqual(['2', '5']);
    expect(ids(store, one({ propertyName: 'amount', operator: 'GTE', value: '10000' }))).toEqual(['2', '5']);
  });

  it('compares text as text, case ignored', () => {
    expect(ids(store, one({ propertyName: 'dealname', operator: 'LT', value: 'B' }))).toEqual(['1', '2']);
    expect(ids(store, one({ propertyName: 'dealname', operator: 'GTE', value: 'z' }))).toEqual(['5', '6']);
  });

  it('compares dates given as epoch milliseconds or ISO', () => {
    const iso = new Date(T0 + 10 * DAY).toISOString();
    expect(ids(store, one({ propertyName: 'closedate', operator: 'GTE', value: iso }))).toEqual(['1', '3']);
    expect(ids(store, one({ propertyName: 'closedate', operator: 'LT', value: String(T0 + 10 * DAY) }))).toEqual(['5']);
    expect(ids(store, one({ propertyName: 'createdate', operator: 'GT', value: new Date(T0 + 4 * DAY).toISOString() }))).toEqual(['5', '6']);
    expect(ids(store, one({ propertyName: 'hs_lastmodifieddate', operator: 'LTE', value: String(T0 + 4 * DAY) }))).toEqual(['1', '2']);
  });

  it('BETWEEN is inclusive at both ends', () => {
    expect(ids(store, one({ propertyName: 'amount', operator: 'BETWEEN', value: '900', highValue: '10000' }))).toEqual(['1', '2', '3']);
    expect(ids(store, one({ propertyName: 'hs_object_id', operator: 'BETWEEN', value: '2', highValue: '4' }))).toEqual(['2', '3', '4']);
  });

  it('IN and NOT_IN take values; NOT_IN includes records without a value', () => {
    expect(ids(store, one({ propertyName: 'dealstage', operator: 'IN', values: ['closedwon', 'CONTRACTSENT'] }))).toEqual(['1', '4', '5']);
    expect(ids(store, one({ propertyName: 'dealstage', operator: 'NOT_IN', values: ['closedwon', 'closedlost'] }))).toEqual(['2', '5', '6']);
    expect(ids(store, one({ propertyName: 'hs_object_id', operator: 'IN', values: ['3', 5] }))).toEqual(['3', '5']);
  });

  it('HAS_PROPERTY and NOT_HAS_PROPERTY', () => {
    expect(ids(store, one({ propertyName: 'closedate', operator: 'HAS_PROPERTY' }))).toEqual(['1', '3', '5']);
    expect(ids(store, one({ propertyName: 'amount', operator: 'NOT_HAS_PROPERTY' }))).toEqual(['6']);
  });

  it('CONTAINS_TOKEN matches whole words in order, with * as a wildcard; NOT_CONTAINS_TOKEN is its opposite', () => {
    expect(ids(store, one({ propertyName: 'dealname', operator: 'CONTAINS_TOKEN', value: 'acme' }))).toEqual(['1', '2']);
    expect(ids(store, one({ propertyName: 'dealname', operator: 'CONTAINS_TOKEN', value: 'support contract' }))).toEqual(['4']);
    expect(ids(store, one({ propertyName: 'dealname', operator: 'CONTAINS_TOKEN', value: 'acm' }))).toEqual([]);
    expect(ids(store, one({ propertyName: 'dealname', operator: 'CONTAINS_TOKEN', value: 'z*' }))).toEqual(['5', '6']);
    expect(ids(store, one({ propertyName: 'dealname', operator: 'NOT_CONTAINS_TOKEN', value: 'acme' }))).toEqual(['3', '4', '5', '6']);
  });

  it('ANDs filters in a group and ORs the groups', () => {
    const input: Partial<SearchInput> = {
      filterGroups: [
        { filters: [{ propertyName: 'dealstage', operator: 'EQ', value: 'closedwon' }, { propertyName: 'amount', operator: 'GT', value: '500' }] },
        { filters: [{ propertyName: 'dealname', operator: 'EQ', value: 'zed' }] },
      ],
    };
    expect(ids(store, input)).toEqual(['1', '6']);
  });

  it('finds words by prefix with query', () => {
    expect(ids(store, { query: 'acm pil' })).toEqual(['2']);
  });
});

describe('searchRecords sorting and paging', () => {
  const store = deals();

  it('sorts numbers numerically either way, missing values last, ties in id order', () => {
    expect(ids(store, { sorts: [{ propertyName: 'amount', direction: 'ASCENDING' }] })).toEqual(['4', '1', '3', '2', '5', '6']);
    expect(ids(store, { sorts: [{ propertyName: 'amount', direction: 'DESCENDING' }] })).toEqual(['5', '2', '3', '1', '4', '6']);
    expect(ids(store, { sorts: [{ propertyName: 'dealstage', direction: 'ASCENDING' }] })).toEqual(['3', '1', '4', '5', '2', '6']);
  });

  it('pages by offset, says how many match in all, and stops at the last page', () => {
    const first = searchRecords(store, { filterGroups: [], sorts: [], limit: 4, after: 0 });
    expect(first).toMatchObject({ total: 6, nextAfter: 4 });
    const last = searchRecords(store, { filterGroups: [], sorts: [], limit: 4, after: 4 });
    expect(last.slots).toHaveLength(2);
    expect(last.nextAfter).toBeUndefined();
  });

  it('keeps a bounded sort identical to a full one on many records', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, createdAt: T0, updatedAt: T0 + ((i * 7919) % 5000) * 1000, properties: {} }));
    const big = RecordStore.fromRows('deals', rows);
    const sorted = searchRecords(big, { filterGroups: [], sorts: [{ propertyName: 'hs_lastmodifieddate', direction: 'DESCENDING' }], limit: 100, after: 100 });
    const expected = [...rows].sort((a, b) => b.updatedAt - a.updatedAt || a.id - b.id).slice(100, 200).map((row) => row.id);
    expect(sorted.slots.map((slot) => big.idOf(slot))).toEqual(expected);
  });
});

describe('searchRecords limits', () => {
  const store = deals();
  const fails = (input: Partial<SearchInput>) => {
    try {
      ids(store, input);
    } catch (error) {
      expect(error).toBeInstanceOf(HubSpotHttpError);
      return (error as HubSpotHttpError).statusCode;
    }
    return 200;
  };
  const filters = (n: number) => Array.from({ length: n }, () => ({ propertyName: 'amount', operator: 'HAS_PROPERTY' as const }));

  it('allows 5 groups, 10 filters a group and 25 in all', () => {
    expect(fails({ filterGroups: Array.from({ length: 5 }, () => ({ filters: filters(5) })) })).toBe(200);
    expect(fails({ filterGroups: Array.from({ length: 6 }, () => ({ filters: filters(1) })) })).toBe(400);
    expect(fails({ filterGroups: [{ filters: filters(11) }] })).toBe(400);
    expect(fails({ filterGroups: [{ filters: filters(10) }, { filters: filters(10) }, { filters: filters(6) }] })).toBe(400);
  });

  it('takes at most 200 a page and never pages past 10,000 results', () => {
    expect(fails({ limit: 200 })).toBe(200);
    expect(fails({ limit: 201 })).toBe(400);
    expect(fails({ limit: 100, after: 9_900 })).toBe(200);
    expect(fails({ limit: 100, after: 10_000 })).toBe(400);
  });

  it('refuses unknown properties, missing values and a second sort', () => {
    expect(fails(one({ propertyName: 'nope', operator: 'EQ', value: 'x' }))).toBe(400);
    expect(fails(one({ propertyName: 'amount', operator: 'EQ' }))).toBe(400);
    expect(fails(one({ propertyName: 'amount', operator: 'GT', value: 'lots' }))).toBe(400);
    expect(fails(one({ propertyName: 'dealstage', operator: 'IN', values: [] }))).toBe(400);
    expect(fails({ sorts: [{ propertyName: 'amount', direction: 'ASCENDING' }, { propertyName: 'dealname', direction: 'ASCENDING' }] })).toBe(400);
  });
});
