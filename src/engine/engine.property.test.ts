import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jaroWinkler, tokenSetSimilarity } from './compare/similarity';
import { findDuplicates } from './find-duplicates';
import { objectModel } from './models';
import { normalizeStreetAddress } from './normalize/address';
import { normalizeBusinessName } from './normalize/business-name';
import { normalizeDate } from './normalize/date';
import { normalizeDomain } from './normalize/domain';
import { normalizeEmail } from './normalize/email';
import { normalizePersonName } from './normalize/person-name';
import { normalizePhone } from './normalize/phone';
import { normalizePostcode } from './normalize/postcode';
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
