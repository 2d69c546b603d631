import type { CountryCode } from 'libphonenumber-js/min';
import { memoizedSimilarity } from '../compare/memoized-similarity';
import { editDistance, jaroWinkler } from '../compare/similarity';
import { distinctiveMailbox, fuzzyBands, dateComparison, emailComparison, locationComparison, phoneComparison, stringComparison, tokenComparison } from '../compare/comparisons';
import { normalizeCountry, normalizeRegion } from '../normalize/region';
import { normalizeStreetAddress } from '../normalize/address';
import { normalizeBusinessName } from '../normalize/business-name';
import { normalizeDate } from '../normalize/date';
import { normalizeEmail } from '../normalize/email';
import { normalizeNamePart, canonicalGivenName } from '../normalize/person-name';
import { normalizePhone } from '../normalize/phone';
import { normalizePostcode } from '../normalize/postcode';
import { foldText } from '../normalize/text';
import type { BlockingRule, Comparison, ObjectModel } from '../types';
import { baseColumns, propertiesRead, column, firstOf, hasValues, joinKey, memoize, phoneticCoder } from './prepare-helpers';

/** Shared mailboxes: the same local part at two companies says nothing about a person. */
const ROLE_ADDRESSES = new Set(['info', 'sales', 'admin', 'contact', 'hello', 'support', 'office', 'team', 'mail', 'billing', 'accounts', 'enquiries', 'marketing', 'noreply', 'webmaster', 'jobs', 'careers', 'help', 'service']);

export const contactsModel: ObjectModel = {
  objectType: 'contacts',
  reads: propertiesRead('contacts', ['email', 'firstname', 'lastname', 'phone', 'mobilephone', 'company', 'address', 'city', 'zip', 'state', 'country', 'date_of_birth', 'external_id']),

  prepare(records, settings) {
    const base = baseColumns(records, 'contacts');
    const n = base.size;
    const c = {
      email: column(n), emailLocal: column(n), first: column(n), canonicalFirst: column(n), last: column(n),
      firstPhonetic: column(n), lastPhonetic: column(n), phone: column(n), phoneTail: column(n), company: column(n),
      street: column(n), streetNumber: column(n), city: column(n), zip: column(n), state: column(n), country: column(n),
      birthDate: column(n), identifier: column(n),
    };
    const name = memoize(normalizeNamePart);
    const canonical = memoize(canonicalGivenName);
    const company = memoize((raw) => normalizeBusinessName(raw, settings.normalizeBusinessNames).tokens.join(' '));
    const street = normalizeStreetAddress;
    const region = memoize(normalizeRegion);
    const country = memoize(normalizeCountry);
    const place = memoize(foldText);
    const phoneticCode = phoneticCoder();
    // Phone numbers are nearly all distinct: a cache would only grow.
    const phone = (raw: string) => normalizePhone(raw, settings.defaultCountry as CountryCode, settings.normalizePhoneNumbers);
    const phonetic = settings.enablePhoneticMatching;
    const webmail = new Array<boolean>(n).fill(false);
    for (let i = 0; i < n; i++) {
      const p = records[i]!.properties ?? {};
      const email = normalizeEmail(p.email, settings.normalizeEmails);
      if (email) {
        c.email[i] = email.address;
        c.emailLocal[i] = email.local;
        webmail[i] = email.freeMail;
      }
      let first = name(firstOf(p, ['firstname']));
      let last = name(firstOf(p, ['lastname']));
      if (last === '' && first.includes(' ')) {
        const cut = first.lastIndexOf(' ');
        last = first.slice(cut + 1);
        first = first.slice(0, cut);
      }
      c.first[i] = first;
      c.last[i] = last;
      // A mailbox named after the person ("jacqueline@", "stephen.rogers@", "srogers@")
      // repeats what the names already say, and "marketing@" names nobody: neither counts
      // as a shared mailbox name at two domains.
      if (ROLE_ADDRESSES.has(c.emailLocal[i]!) || madeOfNames(c.emailLocal[i]!, first, last)) c.emailLocal[i] = '';
      c.canonicalFirst[i] = first === '' ? '' : canonical(first);
      if (phonetic) {
        c.firstPhonetic[i] = phoneticCode(first);
        c.lastPhonetic[i] = phoneticCode(last);
      }
      const number = phone(firstOf(p, ['phone', 'mobilephone']));
      if (number) {
        c.phone[i] = number.number;
        c.phoneTail[i] = number.tail;
      }
      c.company[i] = company(firstOf(p, ['company']));
      const address = street(firstOf(p, ['address']));
      c.street[i] = address.street;
      c.streetNumber[i] = address.number;
      c.city[i] = place(firstOf(p, ['city']));
      c.zip[i] = normalizePostcode(p.zip);
      c.state[i] = region(firstOf(p, ['state']));
      c.country[i] = country(firstOf(p, ['country']));
      c.birthDate[i] = normalizeDate(p.date_of_birth);
      c.identifier[i] = foldText(p.external_id).replaceAll(' ', '');
    }
    return { objectType: 'contacts', ...base, columns: c, flags: { webmail } };
  },

  comparisons(data, settings) {
    const c = data.columns as Record<string, string[]>;
    const bands = fuzzyBands(settings.enableFuzzyMatching, settings.fuzzyMatchingThreshold);
    // One memo for first and last names: swapped names compare one column with the other.
    const nameSimilarity = memoizedSimilarity(jaroWinkler);
    // Swapped names often carry a typo too ("Zboncak Rebcwca" for "Rebecca Zboncak").
    const nearly = (a: string, b: string) => a !== '' && b !== '' && (a === b || (settings.enableFuzzyMatching && nameSimilarity(a, b) >= 0.9));
    const swapped = (own: string[], other: string[]) => ({
      label: 'first and last name swapped',
      m: 0.02,
      test: (i: number, j: number) => nearly(own[i]!, other[j]!) && nearly(other[i]!, own[j]!),
    });
    const comparisons: Comparison[] = [
      emailComparison({ properties: ['email'], addresses: c.email!, locals: c.emailLocal!, webmail: data.flags!.webmail!, fuzzy: settings.enableFuzzyMatching }),
      stringComparison({
        name: 'firstname', label: 'First name', properties: ['firstname'], values: c.first!, termFrequency: true,
        extraLevels: [
          { label: 'same name (nickname)', m: 0.05, test: (i, j) => c.canonicalFirst![i] === c.canonicalFirst![j] },
          swapped(c.first!, c.last!),
        ],
        fuzzyBands: bands,
        similarity: nameSimilarity,
        ...(settings.enablePhoneticMatching ? { phonetic: c.firstPhonetic! } : {}),
        // Families share surname, address and phone; only the first name tells them apart,
        // so EM must not learn that duplicates often have unrelated first names.
        differentFixedM: 0.01,
      }),
      stringComparison({
        name: 'lastname', label: 'Last name', properties: ['lastname'], values: c.last!, termFrequency: true,
        extraLevels: [swapped(c.last!, c.first!)],
        fuzzyBands: bands,
        similarity: nameSimilarity,
        ...(settings.enablePhoneticMatching ? { phonetic: c.lastPhonetic! } : {}),
      }),
      phoneComparison({ properties: ['phone', 'mobilephone'], numbers: c.phone!, tails: c.phoneTail! }),
      tokenComparison({ name: 'company', label: 'Company', properties: ['company'], values: c.company!, fuzzyBands: bands.slice(0, 1), termFrequency: true }),
      locationComparison({
        properties: ['address', 'zip', 'city', 'state', 'country'],
        columns: { street: c.street!, number: c.streetNumber!, zip: c.zip!, city: c.city!, region: c.state!, country: c.country! },
        fuzzy: settings.enableFuzzyMatching,
      }),
      dateComparison({ name: 'date_of_birth', label: 'Date of birth', properties: ['date_of_birth'], values: c.birthDate!, fuzzy: settings.enableFuzzyMatching }),
      stringComparison({
        name: 'external_id', label: 'External id', properties: ['external_id'], values: c.identifier!, exactU: 0.0001,
        extraLevels: settings.enableFuzzyMatching ? [{ label: 'one character apart', m: 0.1, test: (i, j) => editDistance(c.identifier![i]!, c.identifier![j]!, 1) <= 1 }] : [],
      }),
    ];
    // A field that no record fills tells nothing and only slows every pair down.
    return comparisons.filter((comparison) => hasValues(comparison, data.size));
  },

  blockingRules(data) {
    const c = data.columns as Record<string, string[]>;
    const nameSort = (i: number) => `${c.last![i]} ${c.first![i]}`;
    const rules: BlockingRule[] = [
      { name: 'email', fields: ['email'], key: (i) => c.email![i] || null, sortKey: nameSort },
      { name: 'phone', fields: ['phone'], key: (i) => c.phone![i] || null, sortKey: nameSort },
      { name: 'surname sound + first initial', fields: ['lastname', 'firstname'], key: (i) => joinKey(c.lastPhonetic![i] || c.last![i]!, c.canonicalFirst![i]!.slice(0, 1)), sortKey: nameSort },
      { name: 'first name + postcode', fields: ['firstname', 'location'], key: (i) => joinKey(c.canonicalFirst![i]!, c.zip![i]!), sortKey: nameSort },
      { name: 'last name + postcode', fields: ['lastname', 'location'], key: (i) => joinKey(c.last![i]!, c.zip![i]!), sortKey: nameSort },
      { name: 'date of birth + first initial', fields: ['date_of_birth', 'firstname'], key: (i) => joinKey(c.birthDate![i]!, c.first![i]!.slice(0, 1)), sortKey: nameSort },
      { name: 'date of birth + last initial', fields: ['date_of_birth', 'lastname'], key: (i) => joinKey(c.birthDate![i]!, c.last![i]!.slice(0, 1)), sortKey: nameSort },
      { name: 'external id', fields: ['external_id'], key: (i) => c.identifier![i] || null, sortKey: nameSort },
      { name: 'email name', fields: ['email'], key: (i) => (distinctiveMailbox(c.emailLocal![i]!) ? c.emailLocal![i]! : null), sortKey: nameSort },
      { name: 'names in either order', fields: ['firstname', 'lastname'], key: (i) => joinKey(...[c.firstPhonetic![i] || c.first![i]!, c.lastPhonetic![i] || c.last![i]!].sort()), sortKey: nameSort },
      { name: 'last name + birth year', fields: ['lastname', 'date_of_birth'], key: (i) => joinKey(c.last![i]!, c.birthDate![i]!.slice(0, 4)), sortKey: nameSort },
      { name: 'first name + birth year', fields: ['firstname', 'date_of_birth'], key: (i) => joinKey(c.canonicalFirst![i]!, c.birthDate![i]!.slice(0, 4)), sortKey: nameSort },
      { name: 'date of birth', fields: ['date_of_birth'], key: (i) => c.birthDate![i] || null, sortKey: nameSort, broad: true },
      { name: 'first name + city', fields: ['firstname', 'location'], key: (i) => joinKey(c.canonicalFirst![i]!, c.city![i]!), sortKey: nameSort, broad: true },
      { name: 'street + postcode', fields: ['location'], key: (i) => joinKey(c.street![i]!, c.zip![i]!), sortKey: nameSort },
      { name: 'company + last name', fields: ['company', 'lastname'], key: (i) => joinKey(c.company![i]!, c.last![i]!), sortKey: nameSort },
    ];
    return rules;
  },
};

/** True when a mailbox name is only the person's names: jane, doe, janedoe, jane.doe, doe.jane, jdoe, janed. */
export function madeOfNames(local: string, first: string, last: string): boolean {
  const bare = local.replace(/[._-]/g, '');
  if (bare === '' || /\d/.test(bare)) return false;
  const f = first.replaceAll(' ', '');
  const l = last.replaceAll(' ', '');
  const forms = [f, l, f + l, l + f, f.slice(0, 1) + l, f + l.slice(0, 1), l + f.slice(0, 1)];
  return forms.some((form) => form.length > 1 && form === bare);
}
