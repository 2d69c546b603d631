import type { CountryCode } from 'libphonenumber-js/min';
import { jaroWinkler } from '../compare/similarity';
import { fuzzyBands, phoneComparison, stringComparison, tokenComparison } from '../compare/comparisons';
import { normalizeStreetAddress } from '../normalize/address';
import { normalizeBusinessName } from '../normalize/business-name';
import { normalizeDomain } from '../normalize/domain';
import { normalizePhone } from '../normalize/phone';
import { normalizePostcode } from '../normalize/postcode';
import { foldText } from '../normalize/text';
import type { Comparison, ObjectModel } from '../types';
import { baseColumns, propertiesRead, column, firstOf, hasValues, joinKey, memoize, phoneticCoder } from './prepare-helpers';

export const companiesModel: ObjectModel = {
  objectType: 'companies',
  reads: propertiesRead('companies', ['name', 'domain', 'website', 'phone', 'address', 'city', 'zip', 'state', 'country']),

  prepare(records, settings) {
    const base = baseColumns(records, 'companies');
    const n = base.size;
    const c = {
      name: column(n), nameKey: column(n), namePhonetic: column(n), domain: column(n), phone: column(n), phoneTail: column(n),
      street: column(n), streetNumber: column(n), city: column(n), zip: column(n), state: column(n), country: column(n),
    };
    const business = memoize((raw) => normalizeBusinessName(raw, settings.normalizeBusinessNames));
    const street = memoize(normalizeStreetAddress);
    const place = memoize(foldText);
    const phoneticCode = phoneticCoder();
    const domain = memoize(normalizeDomain);
    const phone = (raw: string) => normalizePhone(raw, settings.defaultCountry as CountryCode, settings.normalizePhoneNumbers);
    for (let i = 0; i < n; i++) {
      const p = records[i]!.properties ?? {};
      const name = business(firstOf(p, ['name']));
      c.name[i] = name.tokens.join(' ');
      // Word order matters for the key people type: "North Lawndale YMCA" = "YMCA North Lawndale".
      c.nameKey[i] = name.name;
      if (settings.enablePhoneticMatching) c.namePhonetic[i] = phoneticCode(name.tokens.slice(0, 2).join(' '));
      c.domain[i] = domain(firstOf(p, ['domain', 'website'])) ?? '';
      const number = phone(firstOf(p, ['phone']));
      if (number) {
        c.phone[i] = number.number;
        c.phoneTail[i] = number.tail;
      }
      const address = street(firstOf(p, ['address']));
      c.street[i] = address.street;
      c.streetNumber[i] = address.number;
      c.city[i] = place(firstOf(p, ['city']));
      c.zip[i] = normalizePostcode(p.zip);
      c.state[i] = place(firstOf(p, ['state']));
      c.country[i] = place(firstOf(p, ['country']));
    }
    return { objectType: 'companies', ...base, columns: c };
  },

  comparisons(data, settings) {
    const c = data.columns as Record<string, string[]>;
    const bands = fuzzyBands(settings.enableFuzzyMatching, settings.fuzzyMatchingThreshold);
    const comparisons: Comparison[] = [
      tokenComparison({ name: 'name', label: 'Company name', properties: ['name'], values: c.name!, fuzzyBands: bands.slice(0, 1), termFrequency: true }),
      stringComparison({ name: 'domain', label: 'Domain', properties: ['domain', 'website'], values: c.domain!, exactU: 0.0005, termFrequency: true }),
      phoneComparison({ properties: ['phone'], numbers: c.phone!, tails: c.phoneTail! }),
      stringComparison({
        name: 'address', label: 'Street address', properties: ['address'], values: c.street!,
        extraLevels: [{ label: 'same house number', m: 0.05, test: (i, j) => c.streetNumber![i] !== '' && c.streetNumber![i] === c.streetNumber![j] && similarStreet(c.street![i]!, c.street![j]!) }],
        fuzzyBands: bands,
        // Street addresses are nearly all distinct: a memo would only grow.
        similarity: jaroWinkler,
        conflict: { label: 'different house number', m: 0.002, fixed: true, test: (i, j) => c.streetNumber![i] !== '' && c.streetNumber![j] !== '' && c.streetNumber![i] !== c.streetNumber![j] },
      }),
      stringComparison({ name: 'city', label: 'City', properties: ['city'], values: c.city!, fuzzyBands: bands.slice(0, 1), termFrequency: true }),
      stringComparison({ name: 'zip', label: 'Postal code', properties: ['zip'], values: c.zip! }),
      stringComparison({ name: 'state', label: 'State', properties: ['state'], values: c.state! }),
      stringComparison({ name: 'country', label: 'Country', properties: ['country'], values: c.country! }),
    ];
    return comparisons.filter((comparison) => hasValues(comparison, data.size));
  },

  blockingRules(data) {
    const c = data.columns as Record<string, string[]>;
    const nameSort = (i: number) => c.nameKey![i]!;
    const firstWord = (i: number) => c.name![i]!.split(' ')[0] ?? '';
    return [
      { name: 'domain', fields: ['domain'], key: (i) => c.domain![i] || null, sortKey: nameSort },
      { name: 'phone', fields: ['phone'], key: (i) => c.phone![i] || null, sortKey: nameSort },
      { name: 'name', fields: ['name'], key: (i) => c.name![i] || null, sortKey: nameSort },
      { name: 'street + postcode', fields: ['address', 'zip'], key: (i) => joinKey(c.street![i]!, c.zip![i]!), sortKey: nameSort },
      { name: 'house number + phone ending', fields: ['phone'], key: (i) => joinKey(c.streetNumber![i]!, c.phoneTail![i]!.slice(-4)), sortKey: nameSort },
      { name: 'name sound + city', fields: ['name', 'city'], key: (i) => joinKey(c.namePhonetic![i] || firstWord(i), c.city![i]!), sortKey: nameSort },
      { name: 'name sound + postcode', fields: ['name', 'zip'], key: (i) => joinKey(c.namePhonetic![i] || firstWord(i), c.zip![i]!), sortKey: nameSort },
      { name: 'house number + street start', fields: ['address'], key: (i) => joinKey(c.streetNumber![i]!, c.street![i]!.split(' ').slice(1, 3).join(' ')), sortKey: nameSort, broad: true },
    ];
  },
};

/** Same street once abbreviations and direction words are set aside: "3449 w arthington" ~ "3449 w arthington st". */
function similarStreet(a: string, b: string): boolean {
  const words = (s: string) => s.split(' ').filter((w) => w.length > 2 && !/^\d/.test(w));
  const wa = words(a);
  const wb = new Set(words(b));
  return wa.length > 0 && wa.some((w) => wb.has(w));
}
