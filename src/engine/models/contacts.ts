import { memoizedSimilarity } from '../compare/memoized-similarity';
import { codeFacts, LetterFacts } from '../compare/code-facts';
import { editDistance, jaroWinkler, jaroWinklerBoundOf } from '../compare/similarity';
import { distinctiveMailbox, withoutSeparators, fuzzyBands, dateComparison, emailComparison, locationComparison, phoneComparison, stringComparison, tokenComparison } from '../compare/comparisons';
import { normalizeBusinessName } from '../normalize/business-name';
import { normalizeDate } from '../normalize/date';
import { normalizeEmail } from '../normalize/email';
import { normalizeNamePart, canonicalGivenName, formalName, givenNamesClearlyDiffer, initialOrShortForm, mayBeMistyped, mistypedName } from '../normalize/person-name';
import { asText, foldText, tokens } from '../normalize/text';
import { derivedPart, filteredPart, firstFilled, joinKey, part, unorderedKey, type KeyPart } from '../block/keys';
import { derivedCode, Dictionary, internedNormalizer, PrepareContext, RawCache, textAt, uniqueColumn } from '../text-column';
import type { EngineSettings } from '../settings';
import type { BlockingRule, Comparison, ObjectModel } from '../types';
import { baseColumns, propertiesRead, firstOf, hasValues, phoneticCoder, placeReader } from './prepare-helpers';

const PHONES = ['phone', 'mobilephone'];

/** Shared mailboxes: the same local part at two companies says nothing about a person. */
const ROLE_ADDRESSES = new Set(['info', 'sales', 'admin', 'contact', 'hello', 'support', 'office', 'team', 'mail', 'billing', 'accounts', 'enquiries', 'marketing', 'noreply', 'webmaster', 'jobs', 'careers', 'help', 'service']);

export const contactsModel: ObjectModel = {
  objectType: 'contacts',
  reads: propertiesRead('contacts', ['email', 'firstname', 'lastname', 'phone', 'mobilephone', 'company', 'jobtitle', 'address', 'city', 'zip', 'state', 'country', 'date_of_birth', 'external_id']),

  prepare(records, settings, context = new PrepareContext()) {
    const base = baseColumns(records, 'contacts');
    const n = base.size;
    const { names, sounds, d, name, canonical, company, jobTitle, birthDate, place, sound } = context.keep('contacts', () => {
      // First and last names share a dictionary: swapped names compare one column with the other.
      const names = new Dictionary();
      const sounds = new Dictionary();
      const d = {
        emailLocal: new Dictionary(), canonicalFirst: new Dictionary(), company: new Dictionary(), streetNumber: new Dictionary(), city: new Dictionary(),
        zip: new Dictionary(), state: new Dictionary(), country: new Dictionary(), birthDate: new Dictionary(), identifier: new Dictionary(),
        phoneExtension: new Dictionary(), jobTitle: new Dictionary(),
      };
      return {
        names, sounds, d,
        // A raw name's normalized text, and its code once coded (-1 until then).
        name: new RawCache((raw) => ({ text: normalizeNamePart(raw), code: -1 })),
        canonical: derivedCode(names, d.canonicalFirst, canonicalGivenName),
        company: internedNormalizer(d.company, (raw) => normalizeBusinessName(raw, settings.normalizeBusinessNames).tokens.join(' ')),
        // Words in any order, any case: "Sales Director", "director, sales".
        jobTitle: internedNormalizer(d.jobTitle, (raw) => tokens(foldText(raw)).sort().join(' ')),
        birthDate: internedNormalizer(d.birthDate, (raw) => normalizeDate(raw)),
        place: placeReader(d, settings),
        sound: derivedCode(names, sounds, phoneticCoder()),
      };
    });
    // Emails, phone numbers and street addresses are nearly all distinct: no dictionary.
    const email = uniqueColumn(n);
    const phone = uniqueColumn(n);
    const street = uniqueColumn(n);
    const c = {
      email, emailLocal: d.emailLocal.column(n), first: names.column(n), canonicalFirst: d.canonicalFirst.column(n), last: names.column(n),
      firstPhonetic: sounds.column(n), lastPhonetic: sounds.column(n), phone, company: d.company.column(n),
      street, streetNumber: d.streetNumber.column(n), city: d.city.column(n), zip: d.zip.column(n), state: d.state.column(n),
      country: d.country.column(n), birthDate: d.birthDate.column(n), identifier: d.identifier.column(n), phoneExtension: d.phoneExtension.column(n),
      jobTitle: d.jobTitle.column(n),
    };
    const phonetic = settings.enablePhoneticMatching;
    const webmail = new Uint8Array(n);
    const namesOnly = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const p = records[i]!.properties ?? {};
      const rawFirst = asText(p.firstname);
      const rawLast = asText(p.lastname);
      const firstName = name.get(rawFirst);
      const lastName = name.get(rawLast);
      let first = firstName.text;
      let last = lastName.text;
      let firstCode: number;
      let lastCode: number;
      if (last === '' && first.includes(' ')) {
        const cut = first.lastIndexOf(' ');
        last = first.slice(cut + 1);
        first = first.slice(0, cut);
        firstCode = names.code(first);
        lastCode = names.code(last);
      } else {
        // Coded on first use, first name before last, as names.code would: the same codes.
        firstCode = firstName.code === -1 ? (firstName.code = names.code(first)) : firstName.code;
        lastCode = lastName.code === -1 ? (lastName.code = names.code(last)) : lastName.code;
      }
      c.first.codes[i] = firstCode;
      c.last.codes[i] = lastCode;
      const address = normalizeEmail(p.email, settings.normalizeEmails);
      if (address) {
        email.set(i, address.address);
        webmail[i] = address.freeMail ? 1 : 0;
        const local = address.local;
        const letters = DIGIT.test(local) ? local.replace(/\d+/g, '') : local;
        // "Müller" writes "mueller" in an address, "Jörg" "joerg".
        const umlaut = UMLAUT.test(rawFirst) || UMLAUT.test(rawLast);
        const f = umlaut ? umlauts(first, rawFirst) : first;
        const l = umlaut ? umlauts(last, rawLast) : last;
        // Stripped of separators once, not once a test; the spelt-out names only where they differ.
        const bareLocal = withoutSeparators(local);
        const bareLetters = letters === local ? bareLocal : withoutSeparators(letters);
        const spelt = f !== first || l !== last;
        namesOnly[i] = namesIn(bareLetters, first, last) || namesIn(bareLetters, last, first) || (spelt && (namesIn(bareLetters, f, l) || namesIn(bareLetters, l, f))) ? 1 : 0;
        // A mailbox named after the person ("jacqueline@", "stephen.rogers@", "srogers@")
        // repeats what the names already say, and "marketing@" names nobody: neither counts
        // as a shared mailbox name at two domains.
        // Without dots, dashes and underscores: Gmail drops the dots ("ann.brookaway46@yahoo.com",
        // "annbrookaway46@gmail.com" are one mailbox name at two providers).
        if (!ROLE_ADDRESSES.has(local) && !namesIn(bareLocal, first, last) && !(spelt && namesIn(bareLocal, f, l))) c.emailLocal.codes[i] = d.emailLocal.code(bareLocal);
      }
      c.canonicalFirst.codes[i] = canonical(firstCode);
      if (phonetic) {
        c.firstPhonetic.codes[i] = sound(firstCode);
        c.lastPhonetic.codes[i] = sound(lastCode);
      }
      place(c, i, p, firstOf(p, PHONES));
      c.company.codes[i] = company(asText(p.company));
      c.jobTitle.codes[i] = jobTitle(asText(p.jobtitle));
      // Dates of birth repeat (36,500 days in a century): read once per distinct text.
      const dob = p.date_of_birth;
      c.birthDate.codes[i] = typeof dob === 'string' ? birthDate(dob) : d.birthDate.code(normalizeDate(dob));
      const id = asText(p.external_id);
      c.identifier.codes[i] = id === '' ? 0 : d.identifier.code(foldText(id).replaceAll(' ', ''));
    }
    return { objectType: 'contacts', ...base, columns: c, flags: { webmail, namesOnly } };
  },

  comparisons(data, settings) {
    const c = data.columns;
    const bands = fuzzyBands(settings.enableFuzzyMatching, settings.fuzzyMatchingThreshold);
    const first = c.first!;
    const last = c.last!;
    // One memo for first and last names, which share a dictionary: swapped names compare one column with the other.
    const nameSimilarity = memoizedSimilarity(first.values, jaroWinkler);
    // Swapped names often carry a typo too ("Zboncak Rebcwca" for "Rebecca Zboncak").
    const names = first.values;
    const letters = new LetterFacts(names);
    const nearly = (a: number, b: number) =>
      a !== 0 &&
      b !== 0 &&
      (a === b || (settings.enableFuzzyMatching && letters.mayReach(a, b, 0.9) && jaroWinklerBoundOf(names[a]!, letters.mask(a), names[b]!, letters.mask(b)) >= 0.9 && nameSimilarity(a, b) >= 0.9));
    // One record may lack the name the other has in its other field ("Macdonald Dylan", "Dylan").
    const nearlyOrMissing = (a: number, b: number) => a === 0 || b === 0 || nearly(a, b);
    const swapped = (own: Int32Array, other: Int32Array) => ({
      label: 'first and last name swapped',
      m: 0.02,
      test: (i: number, j: number) =>
        (nearly(own[i]!, other[j]!) && nearlyOrMissing(other[i]!, own[j]!)) || (nearly(other[i]!, own[j]!) && nearlyOrMissing(own[i]!, other[j]!)),
    });
    const canonicalFirst = c.canonicalFirst!.codes;
    // A typo that leaves little of the name in place ("Iy", "Ivy"; "Josen", "Jones"), which
    // Jaro-Winkler ranks low: a level of its own, below the similarity bands.
    const lowestBand = bands.at(-1) ?? 1;
    const typo = memoizedSimilarity(names, (a, b) => (mistypedName(a, b) ? 1 : 0));
    // Most pairs of names are ruled out by their letters and lengths before the memo.
    const mistypedCodes = (a: number, b: number) => mayBeMistyped(letters.mask(a), letters.length(a), letters.mask(b), letters.length(b)) && typo(a, b) === 1;
    const mistyped = (column: Int32Array) => ({
      label: 'mistyped (letters wrong, missing or scrambled)',
      m: 0.02,
      u: 0.002,
      test: (i: number, j: number) => mistypedCodes(column[i]!, column[j]!) && nameSimilarity(column[i]!, column[j]!) < lowestBand,
    });
    const twoPeopleByName = twoPeople(first.codes, last.codes, firstNamesDiffer(names, settings, letters));
    const identifier = c.identifier!;
    const hasNames = (i: number) => first.codes[i] !== 0 || last.codes[i] !== 0;
    // A mailbox made of a record's names, its first name's formal form too ("nathan.norer@"
    // for Nate Norer); and, when both records have both names (so that the names' own
    // comparisons counted what they share), of one's first name and the other's last name
    // ("tiffany.wright@" for "Tiffany Wirght" and "Tffany Wright"). A name missing on one side
    // leaves the mailbox the only word on it ("niko.doring@" for "Doring"), so it counts then.
    const namesOf = (mailbox: string, i: number, j: number, shared: boolean): boolean => {
      const fi = textAt(first, i);
      const li = textAt(last, i);
      const fj = textAt(first, j);
      const lj = textAt(last, j);
      const gi = textAt(c.canonicalFirst!, i);
      const gj = textAt(c.canonicalFirst!, j);
      // An initial's comparison counted an initial: the mailbox may spell more ("dixie.glencliffe@" for D. Glencliffe).
      const both = fi.length > 1 && li !== '' && fj.length > 1 && lj !== '';
      // Umlauts written out in the mailbox ("joerg.mueller@" for Jörg Müller, whose names fold to "jorg", "muller").
      const texts = UMLAUT_SPELLING.test(mailbox) ? [mailbox, mailbox.replace(UMLAUT_SPELLINGS, (pair) => pair[0]!)] : [mailbox];
      for (const text of texts) {
        if (spells(text, fi, li) || spells(text, gi, li) || spells(text, fj, lj) || spells(text, gj, lj)) return true;
        if (both && (spells(text, fi, lj) || spells(text, gi, lj) || spells(text, fj, li) || spells(text, gj, li))) return true;
      }
      // A mailbox name both records have, a letter off the names: both copies typed wrong
      // ("wmendoza@" for Walter Mendpoza and Walter Mendloza), or a name spelt one way in the
      // field and another in the mailbox ("anna.scholz@" for Ana Scholz). It spells the names
      // as much; namesakes' mailboxes read so, and a large portal holds many.
      if (!both || !shared || !settings.enableFuzzyMatching) return false;
      for (const text of texts) for (const f of [fi, gi, fj, gj]) if (f !== '' && (nearlyNames(text, f, li) || nearlyNames(text, f, lj))) return true;
      return false;
    };
    // Two colleagues by their work mailboxes, one initial apart before a surname of theirs
    // (see emailComparison): unless their first names share an initial, when the initial is the typo.
    const colleagues = (rest: string, i: number, j: number): boolean => {
      if (rest !== textAt(last, i).replaceAll(' ', '') && rest !== textAt(last, j).replaceAll(' ', '')) return false;
      const fi = textAt(first, i);
      const fj = textAt(first, j);
      return fi === '' || fj === '' || fi.charCodeAt(0) !== fj.charCodeAt(0);
    };
    const comparisons: Comparison[] = [
      emailComparison({
        properties: ['email'], addresses: c.email!, locals: c.emailLocal!, webmail: data.flags!.webmail!, namesOnly: data.flags!.namesOnly!, fuzzy: settings.enableFuzzyMatching,
        madeOfNames: (letters, i, j, shared) => hasNames(i) && hasNames(j) && namesOf(letters, i, j, shared),
        colleagues,
      }),
      {
        ...stringComparison({
          name: 'firstname', label: 'First name', properties: ['firstname'], values: first, termFrequency: true,
          extraLevels: [
            { label: 'same name (nickname)', m: 0.05, test: (i, j) => canonicalFirst[i] === canonicalFirst[j] },
            swapped(first.codes, last.codes),
            // Worked out each time: it costs less than a lookup in a memo of millions of pairs.
            { label: 'an initial or short form of the other', m: 0.03, u: 0.01, test: (i, j) => initialOrShortForm(names[first.codes[i]!]!, names[first.codes[j]!]!) },
            ...(settings.enableFuzzyMatching ? [mistyped(first.codes)] : []),
          ],
          // Families share surname, address and phone, colleagues surname, company and email
          // domain: only the first name tells them apart. Two names that are not one another's
          // nickname, initial or typo are two people, and this level's weight (learnt, like
          // every other) says how strongly.
          conflict: { label: 'clearly different (two people)', m: 0.005, u: 0.95, test: twoPeopleByName },
          fuzzyBands: bands,
          similarity: nameSimilarity,
          letters,
          ...(settings.enablePhoneticMatching ? { phonetic: c.firstPhonetic! } : {}),
        }),
        // Only records that share an email address or an id are one person whatever else
        // they share: what first names duplicates have is learnt from them.
        learntFrom: ['email', 'external_id'],
      },
      stringComparison({
        name: 'lastname', label: 'Last name', properties: ['lastname'], values: last, termFrequency: true,
        extraLevels: [swapped(last.codes, first.codes), ...(settings.enableFuzzyMatching ? [mistyped(last.codes)] : [])],
        fuzzyBands: bands,
        similarity: nameSimilarity,
        letters,
        ...(settings.enablePhoneticMatching ? { phonetic: c.lastPhonetic! } : {}),
      }),
      phoneComparison({ properties: ['phone', 'mobilephone'], numbers: c.phone!, extensions: c.phoneExtension! }),
      tokenComparison({ name: 'company', label: 'Company', properties: ['company'], values: c.company!, fuzzyBands: bands.slice(0, 1), termFrequency: true }),
      // Namesakes in one town mostly do different jobs; a common title ("Owner") says little.
      tokenComparison({ name: 'jobtitle', label: 'Job title', properties: ['jobtitle'], values: c.jobTitle!, fuzzyBands: bands.slice(0, 1), termFrequency: true, circumstantial: true }),
      locationComparison({
        properties: ['address', 'zip', 'city', 'state', 'country'],
        columns: { street: c.street!, number: c.streetNumber!, zip: c.zip!, city: c.city!, region: c.state!, country: c.country! },
        fuzzy: settings.enableFuzzyMatching,
      }),
      dateComparison({ name: 'date_of_birth', label: 'Date of birth', properties: ['date_of_birth'], values: c.birthDate!, fuzzy: settings.enableFuzzyMatching }),
      stringComparison({
        name: 'external_id', label: 'External id', properties: ['external_id'], values: identifier, exactU: 0.0001,
        extraLevels: settings.enableFuzzyMatching ? [{ label: 'one character apart', m: 0.1, test: (i, j) => editDistance(textAt(identifier, i), textAt(identifier, j), 1) <= 1 }] : [],
      }),
    ];
    // A field that no record fills tells nothing and only slows every pair down.
    return comparisons.filter((comparison) => hasValues(comparison, data.size));
  },

  nameFields: ['firstname', 'lastname'],

  apart(data, settings) {
    const first = data.columns.first!.codes;
    const last = data.columns.last!.codes;
    // A copy of the names: the scan empties the columns' values before clustering.
    const differ = firstNamesDiffer(data.columns.first!.values.slice(), settings);
    return { field: 'firstname', unlessSame: ['email', 'phone'], unlessSameId: { external_id: settings.enableFuzzyMatching ? 1 : 0, date_of_birth: 0 }, test: twoPeople(first, last, differ) };
  },

  blockingRules(data) {
    const c = data.columns;
    const first = c.first!;
    const last = c.last!;
    // Namesakes in a windowed block: those of one place side by side, where duplicates are.
    const nameSort = (i: number) => `${textAt(last, i)} ${textAt(first, i)}\u0000${textAt(c.city!, i)} ${textAt(c.zip!, i)}`;
    const initial = (value: string) => value.slice(0, 1);
    const canonicalInitial = derivedPart(c.canonicalFirst!, initial);
    const firstInitial = derivedPart(first, initial);
    const lastInitial = derivedPart(last, initial);
    const birthYear = derivedPart(c.birthDate!, (date) => date.slice(0, 4));
    const birthDayMonth = derivedPart(c.birthDate!, (date) => date.slice(4));
    const birthMonth = derivedPart(c.birthDate!, (date) => date.slice(0, 6));
    // Typos sit anywhere in a name but seldom in its first letters.
    const lastStart = derivedPart(last, (value) => (value.length >= 4 ? value.slice(0, 3) : ''));
    const born = derivedPart(c.birthDate!, () => 'born');
    const firstSound = firstFilled(part(c.firstPhonetic!), part(first));
    const lastSound = firstFilled(part(c.lastPhonetic!), part(last));
    const mailbox = filteredPart(c.emailLocal!, distinctiveMailbox);
    const [email, phone, canonical, zip, birthDate, identifier, city, street, company] = [c.email!, c.phone!, c.canonicalFirst!, c.zip!, c.birthDate!, c.identifier!, c.city!, c.street!, c.company!].map(part) as KeyPart[];
    const lastName = part(last);
    const rules: BlockingRule[] = [
      { name: 'email', fields: ['email'], key: joinKey(email!), sortKey: nameSort },
      { name: 'phone', fields: ['phone'], key: joinKey(phone!), sortKey: nameSort },
      { name: 'surname sound + first initial', fields: ['lastname', 'firstname'], key: joinKey(lastSound, canonicalInitial), sortKey: nameSort },
      { name: 'first name + postcode', fields: ['firstname', 'location'], key: joinKey(canonical!, zip!), sortKey: nameSort },
      { name: 'last name + postcode', fields: ['lastname', 'location'], key: joinKey(lastName, zip!), sortKey: nameSort },
      { name: 'date of birth + first initial', fields: ['date_of_birth', 'firstname'], key: joinKey(birthDate!, firstInitial), sortKey: nameSort },
      { name: 'date of birth + last initial', fields: ['date_of_birth', 'lastname'], key: joinKey(birthDate!, lastInitial), sortKey: nameSort },
      { name: 'external id', fields: ['external_id'], key: joinKey(identifier!), sortKey: nameSort },
      { name: 'email name', fields: ['email'], key: joinKey(mailbox), sortKey: nameSort },
      // For names written in either order: two records that write them the same way are the surname rule's.
      { name: 'names in either order', fields: ['firstname', 'lastname'], key: unorderedKey(firstSound, lastSound), sortKey: nameSort, side: (i) => (firstSound.text(i) <= lastSound.text(i) ? 0 : 1) },
      { name: 'last name + birth year', fields: ['lastname', 'date_of_birth'], key: joinKey(lastName, birthYear), sortKey: nameSort },
      { name: 'first name + birth year', fields: ['firstname', 'date_of_birth'], key: joinKey(canonical!, birthYear), sortKey: nameSort },
      { name: 'date of birth', fields: ['date_of_birth'], key: joinKey(birthDate!), sortKey: nameSort, broad: true },
      { name: 'first name + city', fields: ['firstname', 'location'], key: joinKey(canonical!, city!), sortKey: nameSort, broad: true },
      { name: 'street + postcode', fields: ['location'], key: joinKey(street!, zip!), sortKey: nameSort },
      { name: 'company + last name', fields: ['company', 'lastname'], key: joinKey(company!, lastName), sortKey: nameSort },
      // A surname mistyped, or left out, at one firm: colleagues seldom share a first name.
      { name: 'company + first name', fields: ['company', 'firstname'], key: joinKey(company!, canonical!), sortKey: nameSort },
      // Sparse records (no first name, no email): a date of birth typed wrong in the year, or
      // only a surname and a town (broad: it runs while within the pair budget).
      { name: 'last name + birth day and month', fields: ['lastname', 'date_of_birth'], key: joinKey(lastName, birthDayMonth), sortKey: nameSort },
      { name: 'last name + city', fields: ['lastname', 'location'], key: joinKey(lastName, city!), sortKey: nameSort, broad: true },
      // A surname mistyped past its first letters beside the first name ("Jackson Fishier",
      // "Jackson Fisher"), among records with a date of birth to confirm them: in a million
      // business contacts without one, the same rule added 45% more pairs, mostly colleagues.
      { name: 'first name + start of last name', fields: ['firstname', 'lastname'], key: joinKey(canonical!, lastStart, born), sortKey: nameSort },
      // The day of birth typed wrong and a typo in each name ("Olievr Waton", "Oliver Watson"):
      // the initials and the month of birth.
      { name: 'first initial + birth month', fields: ['firstname', 'date_of_birth'], key: joinKey(firstInitial, birthMonth), sortKey: nameSort },
      { name: 'last initial + birth month', fields: ['lastname', 'date_of_birth'], key: joinKey(lastInitial, birthMonth), sortKey: nameSort },
    ];
    return rules;
  },
};

/**
 * Whether two records' first names are clearly two people's (see firstNamesDiffer), unless one
 * record's first name is the other's last name: names written in the other order.
 */
export function twoPeople(first: Int32Array, last: Int32Array, differ: (a: number, b: number) => number): (i: number, j: number) => boolean {
  // One name of each is the other's in the other field: "Isla Hall" and "Hall Isla", or "Moore Oscar" and "Oscar".
  const crossed = (x: number, y: number) => x !== 0 && y !== 0 && differ(x, y) === 0;
  return (i, j) => first[i] !== 0 && first[j] !== 0 && differ(first[i]!, first[j]!) === 1 && !crossed(first[i]!, last[j]!) && !crossed(last[i]!, first[j]!);
}

/**
 * Whether two first names (codes of `names`) are clearly two people's, 1 or 0, memoized by
 * the pair of codes (see givenNamesClearlyDiffer); with phonetic matching on, names that
 * sound alike are not.
 */
export function firstNamesDiffer(names: readonly string[], settings: EngineSettings, letters = new LetterFacts(names)): (a: number, b: number) => number {
  const sound = settings.enablePhoneticMatching ? phoneticCoder() : undefined;
  const full = memoizedSimilarity(names, (a, b) => (givenNamesClearlyDiffer(a, b, sound) ? 1 : 0));
  const formal = codeFacts(names, formalName);
  const sounds = sound ? codeFacts(names, sound) : undefined;
  // Most pairs are two plain names far apart, or one name's nickname, initial or sound:
  // settled here by facts of each name, without the memo. Names of several words (a
  // space sets bit 0 of a mask) and near ones go to givenNamesClearlyDiffer.
  return (x, y) => {
    const a = names[x]!;
    const b = names[y]!;
    if (a === '' || b === '' || a === b) return 0;
    const maskA = letters.mask(x);
    const maskB = letters.mask(y);
    if (((maskA | maskB) & 1) !== 0) return full(x, y);
    if (initialOrShortForm(a, b) || formal(x) === formal(y)) return 0;
    if (sounds && sounds(x) === sounds(y) && sounds(x) !== '') return 0;
    // Neither a typo (see mistypedName) nor alike by Jaro-Winkler (see sameGivenName), by their bounds.
    const mayBeTypo = mayBeMistyped(maskA, a.length, maskB, b.length);
    const mayBeAlike = Math.min(a.length, b.length) >= 4 && letters.mayReach(x, y, 0.85) && jaroWinklerBoundOf(a, maskA, b, maskB) >= 0.85;
    return mayBeTypo || mayBeAlike ? full(x, y) : 1;
  };
}

/** True when a mailbox name is only the person's names: jane, doe, janedoe, jane.doe, doe.jane, jdoe, janed. */
export function madeOfNames(local: string, first: string, last: string): boolean {
  return namesIn(withoutSeparators(local), first, last);
}

/** madeOfNames of a mailbox name already without separators. */
function namesIn(bare: string, first: string, last: string): boolean {
  // Without building the forms: this runs several times for every record.
  if (bare === '' || DIGIT.test(bare)) return false;
  const f = first.includes(' ') ? first.replaceAll(' ', '') : first;
  const l = last.includes(' ') ? last.replaceAll(' ', '') : last;
  const fi = f.slice(0, 1);
  const li = l.slice(0, 1);
  return is(bare, f, '') || is(bare, l, '') || is(bare, f, l) || is(bare, l, f) || is(bare, fi, l) || is(bare, f, li) || is(bare, l, fi);
}

/**
 * Whether a mailbox name (no separators, no digits) is a letter off the full names either
 * way round, or the first initial and the last name: long enough (six letters) that a
 * letter off is a typo, not another name.
 */
function nearlyNames(bare: string, first: string, last: string): boolean {
  if (bare.length < 6 || first === '' || last === '' || DIGIT.test(bare)) return false;
  const f = first.includes(' ') ? first.replaceAll(' ', '') : first;
  const l = last.includes(' ') ? last.replaceAll(' ', '') : last;
  // A form whose length is more than a letter off cannot be one edit away: not built.
  const near = (a: string, b: string) => a.length + b.length >= 6 && Math.abs(a.length + b.length - bare.length) <= 1 && editDistance(bare, a + b, 1) <= 1;
  return near(f, l) || near(l, f) || near(f.slice(0, 1), l);
}

/** Whether a mailbox name (no separators) is made of these names, either way round (see namesIn). */
function spells(bare: string, first: string, last: string): boolean {
  return (first !== '' || last !== '') && (namesIn(bare, first, last) || namesIn(bare, last, first));
}

/** Whether text is a + b, more than one character long. */
function is(text: string, a: string, b: string): boolean {
  return a.length + b.length > 1 && text.length === a.length + b.length && text.startsWith(a) && text.endsWith(b);
}

const UMLAUT_SPELLING = /[aou]e/;
const UMLAUT_SPELLINGS = /[aou]e/g;
const UMLAUT = /[äöüÄÖÜ]/;

/** A name part with its umlauts written out ("muller" from "Müller" → "mueller"), when the raw value has them. */
function umlauts(normalized: string, text: string): string {
  if (!UMLAUT.test(text)) return normalized;
  return normalizeNamePart(text.replace(/[äÄ]/g, 'ae').replace(/[öÖ]/g, 'oe').replace(/[üÜ]/g, 'ue'));
}
const DIGIT = /\d/;
