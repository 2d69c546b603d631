import { fuzzyBands, phoneComparison, stringComparison, tokenComparison } from '../compare/comparisons';
import { memoizedSimilarity } from '../compare/memoized-similarity';
import { jaroWinkler } from '../compare/similarity';
import { normalizeStreetAddress } from '../normalize/address';
import { normalizeBusinessName } from '../normalize/business-name';
import { companySite } from '../normalize/company-site';
import { usStateCode } from '../normalize/region';
import { asText, foldText } from '../normalize/text';
import { derivedPart, firstFilled, joinKey, part, type KeyPart } from '../block/keys';
import { Dictionary, internedNormalizer, PrepareContext, textAt, uniqueColumn } from '../text-column';
import type { Comparison, ObjectModel, PreparedDataset } from '../types';
import { baseColumns, propertiesRead, hasValues, memoize, phoneticCoder, placeReader } from './prepare-helpers';

export const companiesModel: ObjectModel = {
  objectType: 'companies',
  reads: propertiesRead('companies', ['name', 'domain', 'website', 'phone', 'address', 'city', 'zip', 'state', 'country']),

  prepare(records, settings, context = new PrepareContext()) {
    const base = baseColumns(records, 'companies');
    const n = base.size;
    const { d, business, place, domain } = context.keep('companies', () => {
      const d = {
        name: new Dictionary(), nameKey: new Dictionary(), namePhonetic: new Dictionary(), domain: new Dictionary(), streetNumber: new Dictionary(),
        city: new Dictionary(), zip: new Dictionary(), state: new Dictionary(), country: new Dictionary(),
      };
      const phoneticCode = phoneticCoder();
      return {
        d,
        // Codes of the name's words, its key and its sound, once per distinct name.
        business: memoize((raw) => {
          const name = normalizeBusinessName(raw, settings.normalizeBusinessNames);
          return [
            d.name.code(name.tokens.join(' ')),
            // Word order matters for the key people type: "North Lawndale YMCA" = "YMCA North Lawndale".
            d.nameKey.code(name.name),
            settings.enablePhoneticMatching ? d.namePhonetic.code(phoneticCode(name.tokens.slice(0, 2).join(' '))) : 0,
          ] as const;
        }),
        // A company's branches share a street address often enough to remember them. State
        // and country as typed: read as contacts' are, look-alike companies agreed on them
        // more often (synthetic 100k precision 0.986 → 0.976).
        place: placeReader(d, settings, { street: memoize(normalizeStreetAddress), region: foldText, country: foldText }),
        // The site: the registrable domain, or a page on a shared host (see normalize/company-site.ts).
        domain: internedNormalizer(d.domain, companySite),
      };
    });
    // Phone numbers and street addresses are nearly all distinct (branches aside): no dictionary.
    const phone = uniqueColumn(n);
    const street = uniqueColumn(n);
    const c = {
      name: d.name.column(n), nameKey: d.nameKey.column(n), namePhonetic: d.namePhonetic.column(n), domain: d.domain.column(n), phone, street,
      streetNumber: d.streetNumber.column(n), city: d.city.column(n), zip: d.zip.column(n), state: d.state.column(n), country: d.country.column(n),
    };
    for (let i = 0; i < n; i++) {
      const p = records[i]!.properties ?? {};
      const [name, nameKey, namePhonetic] = business(asText(p.name));
      c.name.codes[i] = name;
      c.nameKey.codes[i] = nameKey;
      c.namePhonetic.codes[i] = namePhonetic;
      // HubSpot's domain first; the website when the domain names no site ("facebook.com" for a page there).
      c.domain.codes[i] = domain(asText(p.domain)) || domain(asText(p.website));
      place(c, i, p, asText(p.phone));
    }
    return { objectType: 'companies', ...base, columns: c };
  },

  comparisons(data, settings) {
    const c = data.columns;
    const bands = fuzzyBands(settings.enableFuzzyMatching, settings.fuzzyMatchingThreshold);
    const streetNumber = c.streetNumber!.codes;
    const street = c.street!;
    const comparisons: Comparison[] = [
      tokenComparison({ name: 'name', label: 'Company name', properties: ['name'], values: c.name!, fuzzyBands: bands.slice(0, 1), termFrequency: true }),
      // Two websites, or two phone numbers, are what tells namesakes of one town apart: their
      // weight against is kept, as EM learns it from candidate pairs full of such namesakes and
      // branches (synthetic 200k: the 'different' levels drifted to -2.9 and -3.0 bits).
      stringComparison({ name: 'domain', label: 'Domain', properties: ['domain', 'website'], values: c.domain!, exactU: 0.0005, termFrequency: true, differentFixedM: DIFFERENT_SITE_M }),
      withFixedDifferent(phoneComparison({ properties: ['phone'], numbers: c.phone! }), DIFFERENT_PHONE_M),
      stringComparison({
        name: 'address', label: 'Street address', properties: ['address'], values: street,
        extraLevels: [{ label: 'same house number', m: 0.05, test: (i, j) => streetNumber[i] !== 0 && streetNumber[i] === streetNumber[j] && similarStreet(textAt(street, i), textAt(street, j)) }],
        fuzzyBands: bands,
        // Street addresses are nearly all distinct: a memo would only grow.
        similarity: 'unique',
        conflict: { label: 'different house number', m: 0.002, fixed: true, test: (i, j) => streetNumber[i] !== 0 && streetNumber[j] !== 0 && streetNumber[i] !== streetNumber[j] },
      }),
      // Namesake companies of one town share its name, postcode, state and country as readily as
      // one company's two records do: agreement there counts, but does not back a name up.
      circumstantial(stringComparison({ name: 'city', label: 'City', properties: ['city'], values: c.city!, fuzzyBands: bands.slice(0, 1), termFrequency: true })),
      circumstantial(stringComparison({ name: 'zip', label: 'Postal code', properties: ['zip'], values: c.zip! })),
      circumstantial(stringComparison({ name: 'state', label: 'State', properties: ['state'], values: c.state! })),
      circumstantial(stringComparison({ name: 'country', label: 'Country', properties: ['country'], values: c.country! })),
    ];
    return comparisons.filter((comparison) => hasValues(comparison, data.size));
  },

  // Two companies of one name, backed by no website, phone or street address in common and with
  // one of them against (two websites, two phone numbers), are namesakes: see score/namesakes.ts.
  nameFields: ['name'],

  apart(data) {
    return { field: 'domain', unlessSame: ['phone'], test: twoCompanies(data) };
  },

  blockingRules(data) {
    const c = data.columns;
    const nameKey = c.nameKey!;
    const nameSort = (i: number) => textAt(nameKey, i);
    const nameSound = firstFilled(part(c.namePhonetic!), derivedPart(c.name!, (name) => name.split(' ')[0] ?? ''));
    const phoneEnding = derivedPart(c.phone!, (number) => number.slice(-4));
    const streetStart = derivedPart(c.street!, (street) => street.split(' ').slice(1, 3).join(' '));
    const [domain, phone, name, street, zip, streetNumber, city] = [c.domain!, c.phone!, c.name!, c.street!, c.zip!, c.streetNumber!, c.city!].map(part) as KeyPart[];
    return [
      { name: 'domain', fields: ['domain'], key: joinKey(domain!), sortKey: nameSort },
      { name: 'phone', fields: ['phone'], key: joinKey(phone!), sortKey: nameSort },
      { name: 'name', fields: ['name'], key: joinKey(name!), sortKey: nameSort },
      { name: 'street + postcode', fields: ['address', 'zip'], key: joinKey(street!, zip!), sortKey: nameSort },
      { name: 'house number + phone ending', fields: ['phone'], key: joinKey(streetNumber!, phoneEnding), sortKey: nameSort },
      { name: 'name sound + city', fields: ['name', 'city'], key: joinKey(nameSound, city!), sortKey: nameSort },
      { name: 'name sound + postcode', fields: ['name', 'zip'], key: joinKey(nameSound, zip!), sortKey: nameSort },
      { name: 'house number + street start', fields: ['address'], key: joinKey(streetNumber!, streetStart), sortKey: nameSort, broad: true },
    ];
  },
};

/**
 * Whether two records are two companies whatever else they share, even through a third record
 * that has neither value: two websites (namesakes in one town, a chain's foreign sites), two
 * towns that are not one another's typo, or two US states (a chain's branches share name and
 * website). Unless the two share the phone number: then it is one company that moved or has a
 * second site. Two phone numbers alone are not enough: one company's records often have two
 * (organisations dataset: recall 0.93 → 0.79 when they kept records apart).
 */
export function twoCompanies(data: PreparedDataset): (i: number, j: number) => boolean {
  const domain = data.columns.domain!.codes;
  const city = data.columns.city!.codes;
  // Copies: the scan empties the columns' values before clustering. Phone numbers as numbers
  // (their last 15 digits), 0 for none: a string a record would cost far more at a million.
  const towns = data.columns.city!.values.map(townKey);
  const phones = new Float64Array(data.size);
  for (let i = 0; i < data.size; i++) phones[i] = Number(textAt(data.columns.phone!, i).replace(/\D/g, '').slice(-15) || 0);
  const sameTown = memoizedSimilarity(towns, (a, b) => (jaroWinkler(a, b) >= SAME_TOWN ? 1 : 0));
  // States as typed ("NY", "New York"): only US states are known in every spelling.
  const usState = data.columns.state!.values.map((value) => usStateCode(value) ?? '');
  const state = data.columns.state!.codes;
  return (i, j) => {
    if (phones[i] !== 0 && phones[i] === phones[j]) return false;
    if (domain[i] !== 0 && domain[j] !== 0 && domain[i] !== domain[j]) return true;
    if (city[i] !== 0 && city[j] !== 0 && city[i] !== city[j] && sameTown(city[i]!, city[j]!) === 0) return true;
    const si = usState[state[i]!]!;
    const sj = usState[state[j]!]!;
    return si !== '' && sj !== '' && si !== sj;
  };
}

/** Jaro-Winkler at which two towns are one town typed twice ("Melbourne", "Melborne"). */
const SAME_TOWN = 0.9;

/** Words towns are written with in short or in full: "St. Louis" is "Saint Louis". */
const TOWN_WORDS = new Map([['saint', 'st'], ['sainte', 'ste'], ['fort', 'ft'], ['mount', 'mt'], ['nyc', 'new york']]);

/** A town as compared for telling two companies apart (the column's value is already folded). */
function townKey(town: string): string {
  return town.includes(' ') || TOWN_WORDS.has(town) ? town.split(' ').map((word) => TOWN_WORDS.get(word) ?? word).join(' ') : town;
}

/** Share of one company's two records with two websites, or two phone numbers (a main line and a direct one). */
const DIFFERENT_SITE_M = 0.03;
const DIFFERENT_PHONE_M = 0.08;

/** The comparison with its 'different' level's m kept at `m` (see ComparisonLevel.fixed). */
function withFixedDifferent(comparison: Comparison, m: number): Comparison {
  return { ...comparison, levels: comparison.levels.map((level) => (level.label === 'different' ? { ...level, m, fixed: true } : level)) };
}

/** The comparison with every level circumstantial (see ComparisonLevel.circumstantial). */
function circumstantial(comparison: Comparison): Comparison {
  return { ...comparison, levels: comparison.levels.map((level) => ({ ...level, circumstantial: true })) };
}

/** Same street once abbreviations and direction words are set aside: "3449 w arthington" ~ "3449 w arthington st". */
function similarStreet(a: string, b: string): boolean {
  const words = (s: string) => s.split(' ').filter((w) => w.length > 2 && !/^\d/.test(w));
  const wa = words(a);
  const wb = new Set(words(b));
  return wa.length > 0 && wa.some((w) => wb.has(w));
}
