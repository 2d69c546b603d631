import { describe, expect, it } from 'vitest';
import { findDuplicates } from '../find-duplicates';
import { backgroundContacts, commonFullName } from '../test/fixtures';
import type { EngineRecord } from '../types';
import { buildMatchIndex, matchRecord } from './match-index';

const records: EngineRecord[] = [
  ...backgroundContacts(400),
  { id: 'd1', properties: { firstname: 'Jonathan', lastname: 'Oyelaran', email: 'jon.oyelaran@acme.io', phone: '+1 617 555 0199', city: 'Boston', company: 'Acme Inc' } },
  { id: 'd2', properties: { firstname: 'Jon', lastname: 'Oyelaran', email: 'JON.OYELARAN@acme.io', phone: '(617) 555-0199', city: 'Boston', company: 'Acme' } },
  { id: 'd3', properties: { firstname: 'Priya', lastname: 'Raghunathan', email: 'priya@raghu.dev', phone: '312 555 0142', city: 'Chicago' } },
  { id: 'd4', properties: { firstname: 'Priya', lastname: 'Ragunathan', email: 'priya@raghu.dev', phone: '', city: 'Chicago' } },
];

describe('matchRecord', () => {
  const scan = findDuplicates(records, 'contacts');
  const index = buildMatchIndex(records, 'contacts', {}, scan.model);

  it('finds both records of every link a scan made, scored as the scan scored it', () => {
    expect(scan.groups.length).toBeGreaterThan(0);
    const byId = new Map(records.map((r) => [r.id, r]));
    for (const pair of scan.groups.flatMap((g) => g.pairs)) {
      const fromA = matchRecord(index, byId.get(pair.a)!.properties).find((m) => m.id === pair.b);
      const fromB = matchRecord(index, byId.get(pair.b)!.properties).find((m) => m.id === pair.a);
      expect(fromA?.weight).toBeCloseTo(pair.weight, 1);
      expect(fromB?.weight).toBeCloseTo(pair.weight, 1);
    }
  });

  it('explains each candidate field by field, best first, above the threshold only', () => {
    const found = matchRecord(index, { firstname: 'Jonathon', lastname: 'Oyelaran', email: 'jon.oyelaran@acme.io', city: 'Boston' });
    expect(found[0]!.id).toMatch(/^d[12]$/);
    expect(found[0]!.explanation.fields.find((f) => f.field === 'email')).toMatchObject({ valueA: 'jon.oyelaran@acme.io', exact: true });
    for (const match of found) expect(match.probability).toBeGreaterThanOrEqual(index.threshold.probability - 0.0001);
    expect(found.map((m) => m.weight)).toEqual([...found.map((m) => m.weight)].sort((x, y) => y - x));
  });

  it('finds nothing for a record like no other, and the index is unchanged after', () => {
    expect(matchRecord(index, { firstname: 'Zebulon', lastname: 'Quaintance', email: 'zq@nowhere.example', phone: '+44 20 7946 0000' })).toEqual([]);
    expect(matchRecord(index, {})).toEqual([]);
    expect(matchRecord(index, records[401]!.properties).map((m) => m.id)).toContain('d1');
  });

  it('trains its own model when given none', () => {
    const own = buildMatchIndex(records, 'contacts');
    expect(own.trained).toBe(true);
    expect(matchRecord(own, records[402]!.properties).map((m) => m.id)).toContain('d4');
  });
});

describe('matchRecord on a full name many records hold', () => {
  const all = [...backgroundContacts(300), ...commonFullName()];
  const index = buildMatchIndex(all, 'contacts', {}, findDuplicates(all, 'contacts').model);
  const lastName = (probe: Record<string, string>, id: string) => matchRecord(index, probe).find((m) => m.id === id)!.explanation.fields.find((f) => f.field === 'lastname')!.weight;

  const jeanBernard = { firstname: 'Jean', lastname: 'Bernard', city: 'Lyon', company: 'Rhône Logistique' };

  it('counts it less than a full name no other record holds, as a scan does (the probe itself not counted)', () => {
    const rare = lastName({ firstname: 'Jean', lastname: 'Martin', city: 'Nantes', company: 'Atlantique Conseil' }, 'jm-nantes-1');
    expect(rare - lastName(jeanBernard, 'jb-lyon-1')).toBeGreaterThan(2);
  });

  it('ranks and keeps each candidate by the weight its explanation adds up to', () => {
    const found = matchRecord(index, jeanBernard);
    expect(found.map((m) => m.id)).toContain('jb-lyon-1');
    for (const m of found) expect(m.weight).toBeCloseTo(m.explanation.weight, 1);
  });
});
