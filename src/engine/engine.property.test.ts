import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jaroWinkler, tokenSetSimilarity } from './compare/similarity';
import { findDuplicates } from './find-duplicates';
import { objectModel } from './models';
import { normalizeStreetAddress } from './normalize/address';
import { normalizeBusinessName } from './normalize/business-name';
import { normalizeDate } from './normalize/date';
import { companySite } from './normalize/company-site';
import { normalizeDomain } from './normalize/domain';
import { normalizeEmail } from './normalize/email';
import { givenNamesClearlyDiffer, normalizeNamePart, normalizePersonName } from './normalize/person-name';
import { phoneticCoder } from './models/prepare-helpers';
import { normalizePhone } from './normalize/phone';
import { normalizePostcode } from './normalize/postcode';
import { usStateCode } from './normalize/region';
import { MAX_VALUE_LENGTH } from './normalize/text';
import { resolveEngineSettings } from './settings';
import { OBJECT_TYPES } from '../shared/object-types';
import { groupSets } from './test/fixtures';
import type { EngineRecord } from './types';

const anyValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ minLength: 600, maxLength: 3000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.object(),
  fc.array(fc.string()),
);

describe('normalizers never throw', () => {
  const normalizers: [string, (v: unknown) => unknown][] = [
    ['email', (v) => normalizeEmail(v)],
    ['email (off)', (v) => normalizeEmail(v, false)],
    ['phone', (v) => normalizePhone(v, 'US')],
    ['phone (GB, off)', (v) => normalizePhone(v, 'GB', false)],
    ['person name', (v) => normalizePersonName(v, v)],
    ['business name', (v) => normalizeBusinessName(v)],
    ['domain', (v) => normalizeDomain(v)],
    ['street address', (v) => normalizeStreetAddress(v)],
    ['postcode', (v) => normalizePostcode(v)],
    ['date', (v) => normalizeDate(v)],
  ];
  it.each(normalizers)('%s', (_name, normalize) => {
    fc.assert(fc.property(anyValue, (value) => {
      normalize(value);
    }), { numRuns: 300 });
  });

  it('cuts huge values to a documented length', () => {
    const huge = `${'a'.repeat(MAX_VALUE_LENGTH * 4)}@example.com`;
    expect(normalizeEmail(huge)).toBeNull();
    expect(normalizeBusinessName('x'.repeat(MAX_VALUE_LENGTH * 4)).name.length).toBeLessThanOrEqual(MAX_VALUE_LENGTH);
  });
});

describe('similarities are symmetric and bounded', () => {
  it('Jaro-Winkler', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => {
      const ab = jaroWinkler(a, b);
      expect(ab).toBe(jaroWinkler(b, a));
      expect(ab).toBeGreaterThanOrEqual(0);
      expect(ab).toBeLessThanOrEqual(1);
    }));
  });

  it('token sets', () => {
    const words = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 6 }).map((w) => w.sort());
    fc.assert(fc.property(words, words, (a, b) => {
      expect(tokenSetSimilarity(a, b)).toBe(tokenSetSimilarity(b, a));
    }));
  });
});

const contactArbitrary = fc.record({
  firstname: fc.constantFrom('Ann', 'Anne', 'Bob', 'Robert', 'Carl', '', 'Jo'),
  lastname: fc.constantFrom('Smith', 'Smyth', 'Jones', '', 'Lee'),
  email: fc.constantFrom('ann@x.com', 'a.nn@gmail.com', 'ann@gmail.com', '', 'bob@y.org', 'not-an-email'),
  phone: fc.constantFrom('(415) 555-2671', '415.555.2671', '', '555 0000', '+44 20 7946 0958'),
  city: fc.constantFrom('Boston', 'boston', '', 'Denver'),
  company: fc.constantFrom('Acme Inc', 'ACME', '', 'Globex'),
});

describe('pair scores and groups', () => {
  it('every comparison is symmetric: compare(i, j) = compare(j, i)', () => {
    const settings = resolveEngineSettings();
    for (const objectType of OBJECT_TYPES) {
      fc.assert(fc.property(fc.array(fc.dictionary(fc.constantFrom('firstname', 'lastname', 'email', 'phone', 'company', 'name', 'domain', 'dealname', 'amount', 'closedate', 'subject', 'content', 'requester_email', 'createdate'), anyValue), { minLength: 2, maxLength: 6 }), (rows) => {
        const model = objectModel(objectType);
        const data = model.prepare(rows.map((properties, i) => ({ id: String(i), properties })), settings);
        for (const comparison of model.comparisons(data, settings)) {
          for (let i = 0; i < data.size; i++) for (let j = 0; j < data.size; j++) expect(comparison.compare(i, j)).toBe(comparison.compare(j, i));
        }
      }), { numRuns: 40 });
    }
  });

  it('groups do not depend on the order of the input', () => {
    fc.assert(fc.property(fc.array(contactArbitrary, { minLength: 2, maxLength: 30 }), fc.integer({ min: 1, max: 1000 }), (rows, seed) => {
      const records: EngineRecord[] = rows.map((properties, i) => ({ id: `r${i}`, properties }));
      const order = fc.sample(fc.shuffledSubarray(records, { minLength: records.length, maxLength: records.length }), { numRuns: 1, seed })[0]!;
      expect(groupSets(findDuplicates(order, 'contacts').groups)).toEqual(groupSets(findDuplicates(records, 'contacts').groups));
    }), { numRuns: 25 });
  });

  it('never throws on missing, empty, huge or non-string values, for any object type', () => {
    for (const objectType of OBJECT_TYPES) {
      fc.assert(fc.property(fc.array(fc.record({ id: fc.oneof(fc.string(), fc.constant('')), properties: fc.dictionary(fc.string(), anyValue) }), { maxLength: 8 }), (rows) => {
        const result = findDuplicates(rows as EngineRecord[], objectType);
        expect(result.recordCount + result.repeatedIds).toBe(rows.length);
      }), { numRuns: 30 });
    }
  });
});

describe('two people by their first names', () => {
  // Colleagues and relatives: one surname, one company, one domain, one home phone; first names
  // that are the same name written another way (nickname, initial, typo) or clearly another's.
  const colleague = fc.record({
    firstname: fc.constantFrom('Noe', 'Brandon', 'Alexandre', 'Bob', 'Robert', 'J', 'James', 'Jon', 'John', 'Nathan', ''),
    lastname: fc.constantFrom('Hoppe', 'Hope', ''),
    email: fc.constantFrom('nhoppe@collier.com', 'nhoppe2@collier.com', 'bhoppe@collier.com', 'ahoppe@collier.com', 'n.hoppe@gmail.com', ''),
    phone: fc.constantFrom('(415) 555-2671', '415.555.2671', '(415) 555-9999', ''),
    company: fc.constantFrom('Collier Co.', 'Collier Corp', ''),
    city: fc.constantFrom('Skokie', 'Pasadena', ''),
  });
  const sound = phoneticCoder();
  const first = (p: Record<string, string>) => normalizePersonName(p.firstname, p.lastname).first;
  const sameOrMissing = (a: string, b: string, alike = (x: string, y: string) => x === y) => a === '' || b === '' || alike(a, b);
  const email = (p: Record<string, string>) => normalizeEmail(p.email)?.address ?? '';
  const phone = (p: Record<string, string>) => normalizePhone(p.phone, 'US')?.number ?? '';
  const company = (p: Record<string, string>) => normalizeBusinessName(p.company).tokens.join(' ');
  const city = (p: Record<string, string>) => normalizeNamePart(p.city);

  it('a group never holds two records whose first names clearly disagree, unless they share an exact email or phone and the rest agrees', () => {
    fc.assert(fc.property(fc.array(colleague, { minLength: 2, maxLength: 24 }), (rows) => {
      const records: EngineRecord[] = rows.map((properties, i) => ({ id: `r${i}`, properties }));
      for (const group of findDuplicates(records, 'contacts').groups) {
        const members = group.recordIds.map((id) => rows[Number(id.slice(1))]!);
        for (let a = 0; a < members.length; a++) {
          for (let b = a + 1; b < members.length; b++) {
            const x = members[a]!;
            const y = members[b]!;
            if (!givenNamesClearlyDiffer(first(x), first(y), sound)) continue;
            const shared = (email(x) !== '' && email(x) === email(y)) || (phone(x) !== '' && phone(x) === phone(y));
            const restAgrees =
              sameOrMissing(email(x), email(y)) &&
              sameOrMissing(phone(x), phone(y)) &&
              sameOrMissing(normalizeNamePart(x.lastname), normalizeNamePart(y.lastname), (p, q) => jaroWinkler(p, q) >= 0.8) &&
              sameOrMissing(company(x), company(y)) &&
              sameOrMissing(city(x), city(y));
            expect({ x, y, shared, restAgrees }).toMatchObject({ shared: true, restAgrees: true });
          }
        }
      }
    }), { numRuns: 80 });
  });
});

describe('two companies by their websites, phone numbers and towns', () => {
  // Namesakes of one town, a chain's branches and pages on one shared host: one name, written
  // a few ways, with websites, numbers and towns that are one company's or another's.
  const namesake = fc.record({
    name: fc.constantFrom('Acme Plumbing Inc', 'Acme Plumbing', 'ACME PLUMBING LLC', 'Acme Plumbing Dallas', ''),
    domain: fc.constantFrom('acmeplumbing.com', 'acmeplumbing.io', 'facebook.com', ''),
    website: fc.constantFrom('https://www.acmeplumbing.com/about', 'https://facebook.com/acmeplumbing', 'https://facebook.com/acmedallas', ''),
    phone: fc.constantFrom('(214) 555-0100', '214.555.0100', '(312) 555-0199', ''),
    city: fc.constantFrom('Dallas', 'DALLAS', 'Dalas', 'Chicago', ''),
    state: fc.constantFrom('TX', 'Texas', 'IL', ''),
  });
  const site = (p: Record<string, string>) => companySite(p.domain, p.website);
  const phone = (p: Record<string, string>) => normalizePhone(p.phone, 'US')?.number ?? '';
  const town = (p: Record<string, string>) => normalizeNamePart(p.city);
  const differ = (a: string, b: string, alike = (x: string, y: string) => x === y) => a !== '' && b !== '' && !alike(a, b);

  /** Every two rows the scan put in one group. */
  const groupedPairs = (rows: readonly Record<string, string>[]) =>
    findDuplicates(rows.map((properties, i) => ({ id: `r${i}`, properties })), 'companies').groups.flatMap((group) => {
      const members = group.recordIds.map((id) => rows[Number(id.slice(1))]!);
      return members.flatMap((x, a) => members.slice(a + 1).map((y) => [x, y] as const));
    });

  it('a group never holds two websites, two towns or two US states, unless the two share the phone number', () => {
    fc.assert(fc.property(fc.array(namesake, { minLength: 2, maxLength: 24 }), (rows) => {
      for (const [x, y] of groupedPairs(rows)) {
        if (phone(x) !== '' && phone(x) === phone(y)) continue;
        const two = {
          websites: differ(site(x), site(y)),
          towns: differ(town(x), town(y), (p, q) => jaroWinkler(p, q) >= 0.9),
          states: differ(usStateCode(x.state) ?? '', usStateCode(y.state) ?? ''),
        };
        expect({ x, y, ...two }).toMatchObject({ websites: false, towns: false, states: false });
      }
    }), { numRuns: 60 });
  });
});
