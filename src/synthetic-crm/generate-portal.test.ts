import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OBJECT_TYPES } from '../shared/object-types';
import type { ColumnData } from './columns';
import { generateCompanies, generateContacts } from './contacts-and-companies';
import { generatePortal } from './generate-portal';

const digest = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
const DERIVED = new Set(['createdate', 'hs_object_id', 'lastmodifieddate', 'hs_lastmodifieddate']);

/** Each record's id, dates, entity and stored values, by property name. */
function rowsOf(data: ColumnData): unknown[] {
  const names = [...data.columns.keys()].filter((name) => !DERIVED.has(name)).sort();
  return data.ids.map((id, i) => [
    id,
    data.createdAt[i],
    data.updatedAt[i],
    data.entities[i],
    names.filter((name) => data.columns.get(name)![i] !== null).map((name) => [name, data.columns.get(name)![i]]),
  ]);
}

// Digests taken before the generator moved from bench/ and the sandbox: the demo's figures and
// the accuracy benchmarks are measured on this data, so a change here must be deliberate.
// Changed deliberately for issue 20: deals and tickets carry their company and requester, many
// customers report the same common problems, renewals look like their deal; contacts have
// colleagues who share a surname and numbered mailboxes (nhoppe2@).
describe('generated data for a seed', () => {
  it('is the same contacts and companies, byte for byte', () => {
    expect(digest(generateContacts(1000, { seed: 1 }))).toBe('f2ea69d95b005d3a');
    expect(digest(generateCompanies(1000, { seed: 1 }))).toBe('f73d5c735725f778');
  });

  it("is the same portal, byte for byte, for the demo's seed and counts", () => {
    const portal = generatePortal({ seed: 20_240_601, counts: { contacts: 2400, companies: 700, deals: 500, tickets: 350 } });
    const digests = Object.fromEntries(OBJECT_TYPES.map((type) => [type, digest(rowsOf(portal[type]))]));
    expect(digests).toEqual({ contacts: '9868dee064fc4523', companies: '0c42f8e5ecd45464', deals: '1d6a3cf0247c2320', tickets: '727c703d5856ee49' });
  });
});
