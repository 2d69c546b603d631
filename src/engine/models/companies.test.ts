import { describe, expect, it } from 'vitest';
import { findDuplicates } from '../find-duplicates';
import { buildMatchIndex, matchRecord } from '../match/match-index';
import { namesakeTest } from '../score/namesakes';
import { resolveEngineSettings } from '../settings';
import { groupSets } from '../test/fixtures';
import type { EngineRecord } from '../types';
import { companiesModel, twoCompanies } from './companies';

const settings = resolveEngineSettings();

/** Distinct companies with nothing in common: the background a test's companies hide in. */
const background = (count: number): EngineRecord[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `bg-${i}`,
    properties: {
      name: `${['Harbor', 'Summit', 'Pioneer', 'Cobalt', 'Maple'][i % 5]} ${['Logistics', 'Dental', 'Software', 'Roofing'][i % 4]} ${i}`,
      domain: `company${i}.com`,
      phone: `(617) 555-${String(1000 + i).padStart(4, '0')}`,
      city: ['Boston', 'Denver', 'Austin', 'Seattle'][i % 4]!,
    },
  }));

const company = (id: string, properties: Record<string, string>): EngineRecord => ({ id, properties });
const found = (records: readonly EngineRecord[]) => groupSets(findDuplicates(records, 'companies').groups).map((group) => group.filter((id) => !id.startsWith('bg-')));

describe('companies of one name', () => {
  it('two companies with the same name in one town and two websites or phone numbers are not grouped; a record without a website still joins its company', () => {
    const records = [
      ...background(300),
      company('acme', { name: 'Acme Plumbing Inc', domain: 'acmeplumbing.com', phone: '(312) 555-0100', city: 'Chicago', state: 'IL', zip: '60614', country: 'United States' }),
      company('acme-2', { name: 'Acme Plumbing', website: 'https://www.acmeplumbing.com/contact', phone: '312.555.0100', city: 'Chicago', state: 'IL' }),
      company('other-acme', { name: 'Acme Plumbing Inc', domain: 'acmeplumbingchicago.com', phone: '(312) 555-0142', city: 'Chicago', state: 'IL', zip: '60614', country: 'United States' }),
      // No website, another phone: a namesake too, though nothing but the phone tells it from either.
      company('third-acme', { name: 'Acme Plumbing Inc', phone: '(773) 555-0199', city: 'Chicago', state: 'IL', zip: '60614', country: 'United States' }),
    ];
    expect(found(records)).toEqual([['acme', 'acme-2']]);
  });

  it('never chains two websites through a record that has none', () => {
    const records = [
      ...background(300),
      company('a', { name: 'Chicago Partners Co.', domain: 'chicagopartners.io', city: 'Chicago', state: 'IL', country: 'United States' }),
      company('blank', { name: 'Chicago Partners', city: 'Chicago', state: 'IL', country: 'United States' }),
      company('b', { name: 'Chicago Partners LLC', domain: 'chicagopartnersglobal.com', city: 'Chicago', state: 'IL', country: 'United States' }),
    ];
    for (const group of found(records)) expect(group).not.toEqual(expect.arrayContaining(['a', 'b']));
  });

  it("a chain's branches in two towns are not grouped, though they share name and website; one phone number makes them one company", () => {
    const branch = (id: string, city: string, state: string, phone = '') => company(id, { name: 'Rutholm Auto', domain: 'rutholm-auto.com', city, state, phone });
    expect(found([...background(300), branch('louisville', 'Louisville', 'KY'), branch('phoenix', 'Phoenix', 'AZ')])).toEqual([]);
    expect(found([...background(300), branch('louisville', 'Louisville', 'KY'), branch('new-york', 'New York', 'Kentucky')])).toEqual([]);
    expect(found([...background(300), branch('louisville', 'Louisville', 'KY', '502-715-9521'), branch('moved', 'Lexington', 'KY', '(502) 715-9521')])).toEqual([['louisville', 'moved']]);
    // A town typed wrong is the same town.
    expect(found([...background(300), branch('louisville', 'Louisville', 'KY'), branch('typo', 'Lousiville', 'Kentucky')])).toEqual([['louisville', 'typo']]);
  });

  it('two Facebook pages are two sites; one page written twice is one', () => {
    const page = (id: string, website: string, city: string) => company(id, { name: "Joe's Plumbing", domain: 'facebook.com', website, city });
    const records = [
      ...background(300),
      page('joe', 'https://www.facebook.com/joesplumbing', 'Springfield'),
      page('joe-2', 'facebook.com/joesplumbing/', 'Springfield'),
      page('other-joe', 'https://facebook.com/joesplumbingspringfield', 'Springfield'),
    ];
    expect(found(records)).toEqual([['joe', 'joe-2']]);
  });

  it('the real-time match keeps namesakes of one town apart as a scan does', () => {
    const acme = { name: 'Acme Plumbing Inc', domain: 'acmeplumbing.com', phone: '(312) 555-0100', city: 'Chicago', state: 'IL', zip: '60614', country: 'United States' };
    const index = buildMatchIndex([...background(300), company('acme', acme)], 'companies');
    expect(matchRecord(index, { name: 'Acme Plumbing', website: 'acmeplumbing.com', city: 'Chicago' }).map((c) => c.id)).toEqual(['acme']);
    expect(matchRecord(index, { name: 'Acme Plumbing Inc', domain: 'acmeplumbingchicago.com', city: 'Chicago', state: 'IL', zip: '60614', country: 'United States' })).toEqual([]);
    expect(matchRecord(index, { name: 'Acme Plumbing Inc', phone: '(773) 555-0199', city: 'Chicago', state: 'IL', zip: '60614', country: 'United States' })).toEqual([]);
  });
});

describe('namesakes', () => {
  // Whatever EM learns: a name and a town worth any number of bits, a disagreement worth -4.
  const pair = (a: Record<string, string>, b: Record<string, string>) => {
    const data = companiesModel.prepare([company('a', a), company('b', b)], settings);
    const comparisons = companiesModel.comparisons(data, settings);
    const weights = comparisons.map((c) => c.levels.map((level) => (level.label === 'different' ? -4 : 20)));
    const levels = comparisons.map((c) => c.compare(0, 1));
    return namesakeTest(comparisons, weights, companiesModel.nameFields)!(levels);
  };
  const acme = { name: 'Acme Plumbing Inc', city: 'Chicago', state: 'IL', zip: '60614', country: 'United States' };

  it.each([
    [{ domain: 'acme.com' }, { domain: 'acmeplumbing.com' }, true],
    [{ phone: '(312) 555-0100' }, { phone: '(773) 555-0199' }, true],
    [{ domain: 'acme.com', phone: '(312) 555-0100' }, { website: 'acme.com', phone: '(773) 555-0199' }, false],
    [{ domain: 'acme.com', phone: '(312) 555-0100' }, { domain: 'acmeplumbing.com', phone: '312-555-0100' }, false],
    // Nothing against: the name and town may be one company's.
    [{ domain: 'acme.com' }, {}, false],
  ])('%j and %j: namesakes %s', (a, b, namesakes) => {
    expect(pair({ ...acme, ...a }, { ...acme, ...b })).toBe(namesakes);
  });
});

describe('twoCompanies', () => {
  const test = (a: Record<string, string>, b: Record<string, string>) => twoCompanies(companiesModel.prepare([company('a', a), company('b', b)], settings))(0, 1);

  it.each([
    [{ domain: 'acme.com' }, { domain: 'acme.io' }, true],
    [{ domain: 'acme.com' }, { website: 'https://www.acme.com/about' }, false],
    [{ domain: 'acme.com', phone: '(312) 555-0100' }, { domain: 'acme.io', phone: '312.555.0100' }, false],
    // Two phone numbers alone: one company's records often have two (a namesake link is the namesake test's).
    [{ phone: '(312) 555-0100' }, { phone: '(773) 555-0199' }, false],
    [{ city: 'Dallas' }, { city: 'Houston' }, true],
    [{ city: 'Dallas' }, { city: 'DALLAS' }, false],
    [{ city: 'St. Louis' }, { city: 'Saint Louis' }, false],
    [{ city: 'Fort Worth' }, { city: 'Ft. Worth' }, false],
    [{ city: 'NYC' }, { city: 'New York' }, false],
    [{ city: 'Frankfurt' }, { city: 'Frankfurt am Main' }, false],
    [{ state: 'TX' }, { state: 'Texas' }, false],
    [{ state: 'TX' }, { state: 'New York' }, true],
    // Outside the US a state's two spellings are not known: they say nothing.
    [{ state: 'VIC' }, { state: 'Victoria' }, false],
    [{ domain: 'facebook.com' }, { domain: 'facebook.com', website: 'https://facebook.com/acme' }, false],
    [{}, { domain: 'acme.com', city: 'Dallas' }, false],
  ])('%j and %j: %s', (a, b, apart) => {
    expect(test({ name: 'Acme', ...a }, { name: 'Acme', ...b })).toBe(apart);
  });
});
