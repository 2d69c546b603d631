/**
 * Seeded synthetic HubSpot contacts and companies with realistic duplicates and known truth,
 * for the benchmarks, the HubSpot sandbox and the public demo.
 *
 * Faker is slow per call, so it only fills the pools (names, streets, cities, job titles), once
 * per process and with a fixed seed. Records then come from a small PRNG combining pool entries
 * in a tight loop: a million contacts take seconds. Everything depends only on `seed`.
 */
import { Faker, base, de, en, en_AU, en_GB, en_US, fr } from '@faker-js/faker';
import businesses from './data/businesses.json' with { type: 'json' };
import names from './data/names.json' with { type: 'json' };
import places from './data/places.json' with { type: 'json' };
import { SeededRandom } from './seeded-random';

export interface SyntheticOptions {
  /** Same seed, same output. Default 1. */
  seed?: number;
  /**
   * Share of records that are extra copies of another record's entity, 0 to 0.5; default 0.2.
   * Most duplicated entities have 2 records, some 3 or 4.
   */
  duplicateRate?: number;
}

/** A record as HubSpot's API and the matching engine take it. */
export interface SyntheticRecord {
  id: string;
  properties: Record<string, string>;
  /** Last modification, epoch milliseconds. */
  updatedAt: number;
}

export interface SyntheticData {
  records: SyntheticRecord[];
  /** `truth[i]` is the entity of `records[i]`: records that are duplicates share it. */
  truth: string[];
}

const DEFAULT_SEED = 1;
const DEFAULT_DUPLICATE_RATE = 0.2;
const MAX_DUPLICATE_RATE = 0.5;
/** Extra copies of a duplicated entity: 1 (80%), 2 (15%) or 3 (5%). */
const MEAN_EXTRA_COPIES = 0.8 * 1 + 0.15 * 2 + 0.05 * 3;
const POOL_SEED = 0x5eed;
const FIRST_CREATED = Date.UTC(2016, 0, 1);
const LAST_CREATED = Date.UTC(2025, 4, 1);
const NOW = Date.UTC(2025, 5, 1);
/** Distinct entities that look alike: same name elsewhere, family at one address, same company name. */
const NAMESAKE_RATE = 0.02;
const RELATIVE_RATE = 0.02;
/**
 * Colleagues who share a surname (families in one firm, common names): a new employee takes
 * the surname of someone already on the staff this often, so that "Noe Hoppe" and "Brandon
 * Hoppe" at collier.com, as real portals have them, are distinct people the engine must keep apart.
 */
const COLLEAGUE_SURNAME_RATE = 0.12;
/** Surnames remembered per employer for that. */
const STAFF_SURNAMES = 8;
const BRANCH_RATE = 0.01;
/**
 * Branches of one chain in one country, each its own customer: the chain's name (now and then
 * with the town after it) and website, their own town and phone number.
 */
const CHAIN_BRANCH_RATE = 0.01;
/**
 * Small firms whose website is a page on a shared host (a Facebook page, a Google or Wix
 * site): HubSpot's domain is then the host's, which many unrelated companies share.
 */
const SHARED_HOST_RATE = 0.15;
const SHARED_HOSTS: readonly ((slug: string) => string)[] = [(s) => 'facebook.com/' + s, (s) => s + '.business.site', (s) => s + '.wixsite.com/home', (s) => 'instagram.com/' + s];
/** How far back namesakes and relatives reach for the entity they resemble. */
const RECENT_SIZE = 4096;

// ---------------------------------------------------------------------------------------------
// Randomness

/** The sandbox's generator: one mulberry32 for all synthetic data. */
const Rng = SeededRandom;
type Rng = SeededRandom;

/**
 * Weighted choice on the cumulative weights. A guide table gives, per slice of [0, 1), the first
 * entry that can hold it, so a pick scans one or two entries instead of a binary search.
 */
class Weighted<T> {
  readonly items: readonly T[];
  private readonly cumulative: Float64Array;
  private readonly guide: Int32Array;

  constructor(entries: readonly (readonly [T, number])[]) {
    if (entries.length === 0) throw new Error('Weighted: no entries');
    this.items = entries.map(([item]) => item);
    this.cumulative = new Float64Array(entries.length);
    let sum = 0;
    entries.forEach(([, weight], i) => {
      sum += weight;
      this.cumulative[i] = sum;
    });
    this.cumulative.forEach((value, i) => (this.cumulative[i] = value / sum));
    this.cumulative[entries.length - 1] = 1;
    this.guide = new Int32Array(entries.length * 2);
    let at = 0;
    for (let slot = 0; slot < this.guide.length; slot++) {
      while (this.cumulative[at]! <= slot / this.guide.length) at++;
      this.guide[slot] = at;
    }
  }

  pick(rng: Rng): T {
    const x = rng.next();
    let i = this.guide[Math.floor(x * this.guide.length)]!;
    while (this.cumulative[i]! <= x) i++;
    return this.items[i]!;
  }
}

/**
 * Mailboxes in use, as 64-bit fingerprints in an open-addressing table: a fraction of the cost
 * of a Set of a million strings. A fingerprint clash can only make `add` report a free address
 * as taken, which costs a retry, never a shared mailbox.
 */
class MailboxSet {
  /** Fingerprint halves side by side (slot i at 2i and 2i + 1): one cache miss per probe. */
  private table: Int32Array;
  private size = 0;

  constructor(expected: number) {
    let slots = 1024;
    while (slots < expected * 2) slots *= 2;
    this.table = new Int32Array(slots * 2);
  }

  /** Adds `local@domain`, ignoring case, and dots at gmail; false when already in. */
  add(local: string, domain: string): boolean {
    const dotless = domain === 'gmail.com';
    let h1 = 0x811c9dc5;
    let h2 = 0x9747b28c;
    for (let i = 0; i < local.length; i++) {
      const code = local.charCodeAt(i) | 0x20;
      if (dotless && code === 0x2e) continue;
      h1 = Math.imul(h1 ^ code, 0x01000193);
      h2 = Math.imul(h2 ^ code, 0x5bd1e995) ^ (h2 >>> 15);
    }
    h1 = Math.imul(h1 ^ 0x40, 0x01000193);
    h2 = Math.imul(h2 ^ 0x40, 0x5bd1e995) ^ (h2 >>> 15);
    for (let i = 0; i < domain.length; i++) {
      const code = domain.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, 0x01000193);
      h2 = Math.imul(h2 ^ code, 0x5bd1e995) ^ (h2 >>> 15);
    }
    return this.insert(h1 | 1, h2);
  }

  private insert(h1: number, h2: number): boolean {
    let slot = this.slotOf(h1, h2);
    if (slot < 0) return false;
    if ((this.size + 1) * 4 > this.table.length) {
      this.grow();
      slot = this.slotOf(h1, h2);
    }
    this.table[2 * slot] = h1;
    this.table[2 * slot + 1] = h2;
    this.size++;
    return true;
  }

  /** The free slot for a fingerprint (h1 is never 0, which marks a free slot), or -1 when it is in. */
  private slotOf(h1: number, h2: number): number {
    const mask = this.table.length / 2 - 1;
    let slot = (h1 ^ (h2 >>> 7)) & mask;
    for (let hi = this.table[2 * slot]!; hi !== 0; hi = this.table[2 * slot]!) {
      if (hi === h1 && this.table[2 * slot + 1] === h2) return -1;
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  private grow(): void {
    const old = this.table;
    this.table = new Int32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) {
      const slot = old[i] === 0 ? -1 : this.slotOf(old[i]!, old[i + 1]!);
      if (slot < 0) continue;
      this.table[2 * slot] = old[i]!;
      this.table[2 * slot + 1] = old[i + 1]!;
    }
  }
}

const pad = (width: number) => Array.from({ length: 10 ** width }, (_, i) => String(i).padStart(width, '0'));
const PAD2 = pad(2);
const PAD3 = pad(3);
const PAD4 = pad(4);

/**
 * Concatenation makes a tree of string pieces (a V8 "cons string") that reading flattens, a
 * copy at a time. Flattening as the record is built lets the collector drop the pieces: a third
 * less heap for a million records and half the full-collection time.
 */
const flat = (s: string): string => {
  s.charCodeAt(0);
  return s;
};
const words = (text: string): string[] => text.trim().split(/\s+/);
const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
/** Zipf-like weights for a list ordered from most to least common. */
const zipf = <T>(items: readonly T[], share: number, exponent: number): [T, number][] => {
  const raw = items.map((_, rank) => 1 / (rank + 1) ** exponent);
  const sum = raw.reduce((a, b) => a + b, 0);
  return items.map((item, rank) => [item, (share * raw[rank]!) / sum]);
};
const uniform = <T>(items: readonly T[], share: number): [T, number][] => items.map((item) => [item, share / items.length]);

// ---------------------------------------------------------------------------------------------
// Static reference data (real-world frequencies, roughly)

// The word tables live in data/*.json; rows keep their cells as text, parsed where used.
const {
  englishMale: ENGLISH_MALE, englishFemale: ENGLISH_FEMALE, englishLast: ENGLISH_LAST, germanFirst: GERMAN_FIRST, germanLast: GERMAN_LAST,
  frenchFirst: FRENCH_FIRST, frenchLast: FRENCH_LAST,
  /** Stems and endings of English-looking surnames: the long tail no list of real names reaches. */
  surnameStems: SURNAME_STEMS, surnameEndings: SURNAME_ENDINGS, gaelicSurnames: GAELIC_SURNAMES,
  /** Formal given name | the short forms people go by | language when not English. */
  nicknames: NICKNAMES,
} = names;
const {
  streetWords: STREET_WORDS, englishStreetAbbreviations: ENGLISH_STREET_ABBREVIATIONS, frenchStreetAbbreviations: FRENCH_STREET_ABBREVIATIONS,
  /** abbr | name | population (millions) | area codes */
  usStates: US_STATES,
  /** city | state | weight (millions) | zip prefixes | area codes */
  usCities: US_CITIES,
  /** city | state | state name | weight | zip tokens | area codes */
  gbCities: GB_CITIES, deCities: DE_CITIES, frCities: FR_CITIES, auCities: AU_CITIES,
} = places;
const US_STREET_TYPES: readonly (readonly [string, number])[] = Object.entries(places.usStreetTypes);
const { jobTitles: JOB_TITLES, companyWords: COMPANY_WORDS, coinedHeads: COINED_HEADS, coinedMiddles: COINED_MIDDLES, coinedTails: COINED_TAILS } = businesses;

/** Unit labels; equivalent ones sit in the same group. */
const UNIT_LABELS = [' Apt ', ' Apartment ', ' #', ' Unit ', ' Suite ', ' Ste '];
const UNIT_GROUPS: readonly (readonly number[])[] = [[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3], [4, 5, 2], [4, 5, 2]];
/** Share of US contacts in the faker tail of smaller cities, against the big cities of the table. */
const US_SMALL_CITY_SHARE = 0.5;

interface Sector {
  industry: string;
  nouns: readonly string[];
}
/** HubSpot industry (none for generic names), weight, nouns that name such a business. */
const SECTORS: readonly (readonly [Sector, number])[] = businesses.sectors.map(({ industry, weight, nouns }) => [{ industry, nouns }, weight] as const);
const DOMAIN_EXTRAS = words('hq group co inc online usa global app team');
const PARTNERSHIP_INDUSTRIES = ['LAW_PRACTICE', 'ACCOUNTING', 'MANAGEMENT_CONSULTING'];
const FAMILY_FIRM_SUFFIXES = [' & Sons', ' Brothers', ' & Co'];
const GROUP_WORDS = ['Group', 'Partners', 'Solutions', 'Co'];
const WEBSITE_PATHS = ['/', '/about', '/contact-us', '/en/', '/home', '/index.html', '/?utm_source=linkedin', '/en-us'];
const EXTENSION_LABELS = [' ext. ', ' ext ', ' x', ' Ext. ', ' #'];
const PLUS_TAGS = words('work news hubspot crm shop promo 2019 list');
const ROLE_MAILBOXES = ['info', 'sales', 'office', 'contact'];
const KEYBOARD: Readonly<Record<string, string>> = {
  q: 'wa', w: 'qeas', e: 'wrsd', r: 'etdf', t: 'ryfg', y: 'tugh', u: 'yihj', i: 'uojk', o: 'ipkl', p: 'ol',
  a: 'qwsz', s: 'awedxz', d: 'serfcx', f: 'drtgvc', g: 'ftyhbv', h: 'gyujnb', j: 'huikmn', k: 'jiolm', l: 'kop',
  z: 'asx', x: 'zsdc', c: 'xdfv', v: 'cfgb', b: 'vghn', n: 'bhjm', m: 'njk',
};
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

// ---------------------------------------------------------------------------------------------
// Pools: built once per process, from faker seeded with a fixed value

type CountryCode = 'US' | 'GB' | 'DE' | 'FR' | 'AU';

interface NameEntry {
  readonly text: string;
  /** Without accents, as typed on an English keyboard. */
  readonly ascii: string;
  /** Lower-case letters only, for email addresses and domains. */
  readonly slug: string;
}

interface Place {
  readonly city: string;
  readonly state: string;
  readonly stateName: string;
  readonly zips: readonly string[];
  readonly areaCodes: readonly string[];
}

interface Street {
  readonly full: string;
  readonly short: string;
}

/** A phone number in three digit groups, formatted per country. */
interface Phone {
  readonly a: string;
  readonly b: string;
  readonly c: string;
}
type PhoneFormat = (p: Phone) => string;

interface Locale {
  readonly code: CountryCode;
  readonly index: number;
  /** The usual name first, then variants people type. */
  readonly countryNames: readonly string[];
  readonly firstNames: Weighted<NameEntry>;
  readonly lastNames: Weighted<NameEntry>;
  readonly places: Weighted<Place>;
  readonly streets: readonly Street[];
  /** "12 Main St" rather than "Hauptstr. 12". */
  readonly numberFirst: boolean;
  readonly mailDomains: Weighted<string>;
  readonly tlds: Weighted<string>;
  /** Legal forms as first written, '' for none. */
  readonly legalForms: Weighted<string>;
  /** Legal forms a copy may use instead. */
  readonly legalVariants: readonly string[];
  readonly phoneFormats: readonly PhoneFormat[];
  readonly phoneStyles: Weighted<number>;
  readonly newPhone: (rng: Rng, place: Place) => Phone;
}

interface Pools {
  readonly locales: Weighted<Locale>;
  readonly localeList: readonly Locale[];
  readonly jobTitles: Weighted<string>;
  readonly nicknames: ReadonlyMap<string, readonly string[]>;
  readonly formalOf: ReadonlyMap<string, string>;
  readonly sectors: Weighted<Sector>;
}

let cachedPools: Pools | undefined;
const getPools = (): Pools => (cachedPools ??= buildPools());

function buildPools(): Pools {
  const rng = new Rng(POOL_SEED);
  const fakerFor = (locale: ConstructorParameters<typeof Faker>[0]['locale']) => {
    const faker = new Faker({ locale });
    faker.seed(POOL_SEED);
    return faker;
  };
  const us = fakerFor([en_US, en, base]);
  const gb = fakerFor([en_GB, en, base]);
  const germany = fakerFor([de, en, base]);
  const france = fakerFor([fr, en, base]);
  const au = fakerFor([en_AU, en, base]);
  const formal = (language: string) => NICKNAMES.filter((row) => (row[2] ?? 'en') === language).map(([name]) => name ?? '');

  const englishFirst = namePool(interleave(ENGLISH_MALE, ENGLISH_FEMALE), [...allNames(us.definitions.person.first_name), ...allNames(au.definitions.person.first_name)], formal('en'), 0.55);
  const englishLast = namePool(ENGLISH_LAST, [...allNames(us.definitions.person.last_name), ...allNames(au.definitions.person.last_name), ...GAELIC_SURNAMES, ...synthesizedSurnames()], [], 0.3);
  const germanFirst = namePool(GERMAN_FIRST, allNames(germany.definitions.person.first_name), formal('de'), 0.5);
  const germanLast = namePool(GERMAN_LAST, allNames(germany.definitions.person.last_name), [], 0.35);
  const frenchFirst = namePool(FRENCH_FIRST, allNames(france.definitions.person.first_name), formal('fr'), 0.5);
  const frenchLast = namePool(FRENCH_LAST, allNames(france.definitions.person.last_name), [], 0.4);
  const englishStreets = [...us.definitions.location.street_name.map(englishStreet), ...synthesizedStreets(rng, englishLast)];
  const britishStreets = gb.definitions.location.street_name.map(englishStreet);

  const localeList: Locale[] = [
    {
      code: 'US', index: 0, countryNames: ['United States', 'USA', 'US', 'United States of America', 'U.S.'],
      firstNames: englishFirst, lastNames: englishLast, places: usPlaces(rng, us), streets: englishStreets, numberFirst: true,
      mailDomains: new Weighted([['gmail.com', 45], ['yahoo.com', 15], ['outlook.com', 8], ['hotmail.com', 8], ['icloud.com', 6], ['aol.com', 4], ['comcast.net', 3], ['att.net', 2], ['live.com', 2], ['msn.com', 1], ['me.com', 1], ['protonmail.com', 1]]),
      tlds: new Weighted([['com', 80], ['io', 6], ['co', 5], ['net', 4], ['us', 2], ['ai', 2], ['org', 1]]),
      legalForms: new Weighted([['', 40], ['Inc', 14], ['Inc.', 12], ['LLC', 18], ['Corp', 4], ['Corp.', 3], ['Corporation', 3], ['Co.', 2], ['Ltd', 1], ['Incorporated', 2], ['L.L.C.', 1]]),
      legalVariants: ['Inc', 'Inc.', 'Incorporated', 'LLC', 'Ltd', 'Corp', 'Corporation', 'Co.'],
      phoneFormats: US_PHONE_FORMATS, phoneStyles: new Weighted([[0, 35], [1, 22], [2, 7], [3, 5], [4, 10], [5, 4], [6, 5], [7, 7], [8, 2], [9, 3]]),
      newPhone: (r, place) => ({ a: r.pick(place.areaCodes), b: String(200 + r.int(800)), c: PAD4[r.int(10000)]! }),
    },
    {
      code: 'GB', index: 1, countryNames: ['United Kingdom', 'UK', 'GB', 'England', 'Great Britain'],
      firstNames: englishFirst, lastNames: englishLast, places: foreignPlaces(rng, GB_CITIES, britishPostcode, null), streets: britishStreets, numberFirst: true,
      mailDomains: new Weighted([['gmail.com', 40], ['hotmail.co.uk', 12], ['yahoo.co.uk', 10], ['outlook.com', 10], ['btinternet.com', 8], ['icloud.com', 6], ['sky.com', 4], ['live.co.uk', 4]]),
      tlds: new Weighted([['co.uk', 70], ['com', 20], ['uk', 5], ['io', 5]]),
      legalForms: new Weighted([['', 30], ['Ltd', 40], ['Limited', 15], ['PLC', 5], ['LLP', 5], ['Ltd.', 5]]),
      legalVariants: ['Ltd', 'Ltd.', 'Limited', 'PLC', 'LLP', 'Inc'],
      phoneFormats: GB_PHONE_FORMATS, phoneStyles: new Weighted([[0, 45], [1, 20], [2, 10], [3, 10], [4, 8], [5, 7]]),
      newPhone: britishPhone,
    },
    {
      code: 'DE', index: 2, countryNames: ['Germany', 'Deutschland', 'DE'],
      firstNames: germanFirst, lastNames: germanLast, places: foreignPlaces(rng, DE_CITIES, prefixedPostcode, germanTail(rng, germany)),
      streets: germany.definitions.location.street_name.map(germanStreet), numberFirst: false,
      mailDomains: new Weighted([['gmail.com', 25], ['gmx.de', 20], ['web.de', 20], ['t-online.de', 12], ['outlook.com', 8], ['yahoo.de', 5], ['gmx.net', 5]]),
      tlds: new Weighted([['de', 80], ['com', 15], ['eu', 5]]),
      legalForms: new Weighted([['', 25], ['GmbH', 50], ['AG', 10], ['GmbH & Co. KG', 8], ['KG', 4], ['e.K.', 3]]),
      legalVariants: ['GmbH', 'G.m.b.H.', 'AG', 'GmbH & Co. KG', 'KG'],
      phoneFormats: DE_PHONE_FORMATS, phoneStyles: new Weighted([[0, 40], [1, 15], [2, 20], [3, 10], [4, 5], [5, 10]]),
      newPhone: germanPhone,
    },
    {
      code: 'FR', index: 3, countryNames: ['France', 'FR', 'FRA'],
      firstNames: frenchFirst, lastNames: frenchLast, places: foreignPlaces(rng, FR_CITIES, prefixedPostcode, frenchTail(rng, france)),
      streets: frenchStreets(france), numberFirst: true,
      mailDomains: new Weighted([['gmail.com', 35], ['orange.fr', 18], ['hotmail.fr', 10], ['free.fr', 10], ['yahoo.fr', 8], ['laposte.net', 7], ['outlook.fr', 6], ['sfr.fr', 6]]),
      tlds: new Weighted([['fr', 80], ['com', 15], ['eu', 5]]),
      legalForms: new Weighted([['', 30], ['SAS', 30], ['SARL', 25], ['SA', 15]]),
      legalVariants: ['SAS', 'S.A.S.', 'SARL', 'S.A.R.L.', 'SA', 'S.A.'],
      phoneFormats: FR_PHONE_FORMATS, phoneStyles: new Weighted([[0, 50], [1, 15], [2, 15], [3, 10], [4, 10]]),
      newPhone: frenchPhone,
    },
    {
      code: 'AU', index: 4, countryNames: ['Australia', 'AU', 'AUS'],
      firstNames: englishFirst, lastNames: englishLast, places: foreignPlaces(rng, AU_CITIES, rangedPostcode, null),
      streets: [...britishStreets, ...englishStreets.slice(0, 500)], numberFirst: true,
      mailDomains: new Weighted([['gmail.com', 40], ['bigpond.com', 15], ['outlook.com', 12], ['hotmail.com', 10], ['yahoo.com.au', 10], ['icloud.com', 8], ['optusnet.com.au', 5]]),
      tlds: new Weighted([['com.au', 80], ['com', 15], ['au', 5]]),
      legalForms: new Weighted([['', 30], ['Pty Ltd', 55], ['Pty. Ltd.', 10], ['Ltd', 5]]),
      legalVariants: ['Pty Ltd', 'Pty. Ltd.', 'Pty Limited', 'Ltd', 'Limited'],
      phoneFormats: AU_PHONE_FORMATS, phoneStyles: new Weighted([[0, 35], [1, 30], [2, 15], [3, 10], [4, 10]]),
      newPhone: australianPhone,
    },
  ];
  const shares: Record<CountryCode, number> = { US: 85, GB: 6, DE: 4, FR: 3, AU: 2 };
  const nicknames = new Map(NICKNAMES.map(([name, short]) => [name ?? '', words(short ?? '')] as const));
  const formalOf = new Map<string, string>();
  for (const [name, short] of nicknames) for (const nick of short) if (!formalOf.has(nick)) formalOf.set(nick, name);
  const fakerTitles = new Set(Array.from({ length: 1500 }, () => us.person.jobTitle()));
  return {
    locales: new Weighted(localeList.map((locale) => [locale, shares[locale.code]] as const)),
    localeList,
    jobTitles: new Weighted([...zipf(JOB_TITLES, 0.55, 0.8), ...uniform([...fakerTitles], 0.45)]),
    nicknames,
    formalOf,
    sectors: new Weighted(SECTORS),
  };
}

function allNames(definition: { generic?: readonly string[]; female?: readonly string[]; male?: readonly string[] }): string[] {
  return [...(definition.generic ?? []), ...(definition.female ?? []), ...(definition.male ?? [])];
}

function interleave<T>(a: readonly T[], b: readonly T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) out.push(a[i]!);
    if (i < b.length) out.push(b[i]!);
  }
  return out;
}

/** Common names (Zipf-weighted, `headShare` of the mass) then a long uniform tail. */
function namePool(head: readonly string[], tail: readonly string[], required: readonly string[], headShare: number): Weighted<NameEntry> {
  const headNames = [...new Set(head)];
  const seen = new Set(headNames.map((name) => name.toLowerCase()));
  // Nickname corruptions need their formal names in the pool; those missing join the tail.
  const tailNames = [...tail, ...required.map(capitalize)].filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // Exponent 0.5 puts the top name near real frequencies (James ~1.8%, Smith ~1%).
  const entries = [...zipf(headNames, headShare, 0.5), ...uniform(tailNames, 1 - headShare)];
  return new Weighted(entries.map(([name, weight]) => [nameEntry(name), weight] as const));
}

function nameEntry(text: string): NameEntry {
  const ascii = foldAccents(text);
  return { text, ascii, slug: ascii.toLowerCase().replace(/[^a-z]/g, '') };
}

function foldAccents(text: string): string {
  if (!/[^\x20-\x7e]/.test(text)) return text;
  return text
    .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/Ä/g, 'Ae').replace(/Ö/g, 'Oe').replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

function synthesizedSurnames(): string[] {
  const out: string[] = [];
  for (const stem of SURNAME_STEMS) for (const ending of SURNAME_ENDINGS) out.push(stem + ending);
  return out;
}

function abbreviate(full: string, table: Readonly<Record<string, string>>): string {
  return full
    .split(' ')
    .map((word) => table[word] ?? word)
    .join(' ');
}

const englishStreet = (full: string): Street => ({ full, short: abbreviate(full, ENGLISH_STREET_ABBREVIATIONS) });

function synthesizedStreets(rng: Rng, lastNames: Weighted<NameEntry>): Street[] {
  const types = new Weighted(US_STREET_TYPES);
  const names = [...STREET_WORDS, ...lastNames.items.slice(0, 250).map((entry) => entry.text)];
  const out: Street[] = [];
  for (let n = 1; n <= 60; n++) out.push(englishStreet(`${ordinal(n)} ${n % 3 === 0 ? 'Avenue' : 'Street'}`));
  for (let i = 0; i < 4000; i++) {
    const direction = rng.chance(0.08) ? `${rng.pick(['North', 'South', 'East', 'West'])} ` : '';
    out.push(englishStreet(`${direction}${rng.pick(names)} ${types.pick(rng)}`));
  }
  return out;
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function germanStreet(name: string): Street {
  if (name.endsWith('-Str.')) return { full: `${name.slice(0, -5)}-Straße`, short: name };
  if (name.endsWith('str.')) return { full: `${name.slice(0, -4)}straße`, short: name };
  return { full: name, short: name };
}

function frenchStreets(faker: Faker): Street[] {
  const out: Street[] = [];
  for (const prefix of faker.definitions.location.street_prefix) {
    for (const suffix of faker.definitions.location.street_suffix) {
      const full = `${prefix} ${suffix}`;
      out.push({ full, short: abbreviate(full, FRENCH_STREET_ABBREVIATIONS) });
    }
  }
  return out;
}

function usPlaces(rng: Rng, faker: Faker): Weighted<Place> {
  const states = new Map(US_STATES.map(([abbr, name, population, areas]) => [abbr ?? '', { name: name ?? '', population: Number(population), areas: words(areas ?? '') }]));
  const stateOf = (abbr: string) => {
    const state = states.get(abbr);
    if (!state) throw new Error(`unknown state ${abbr}`);
    return state;
  };
  const entries: [Place, number][] = US_CITIES.map(([city, abbr, weight, prefixes, areas]) => {
    const zip3 = words(prefixes ?? '');
    const zips = Array.from({ length: 8 }, () => rng.pick(zip3) + PAD2[rng.int(100)]!);
    return [{ city: city ?? '', state: abbr ?? '', stateName: stateOf(abbr ?? '').name, zips, areaCodes: words(areas ?? '') }, Number(weight)];
  });
  const bigCityWeight = entries.reduce((sum, [, weight]) => sum + weight, 0);
  const stateTable = new Weighted([...states].map(([abbr, state]) => [abbr, state.population] as const));
  const smallCities = faker.definitions.location.city_name;
  const smallWeight = (bigCityWeight * US_SMALL_CITY_SHARE) / (1 - US_SMALL_CITY_SHARE) / smallCities.length;
  for (const city of smallCities) {
    const abbr = stateTable.pick(rng);
    const state = stateOf(abbr);
    const zips = Array.from({ length: 3 }, () => faker.location.zipCode({ state: abbr }).padStart(5, '0'));
    entries.push([{ city, state: abbr, stateName: state.name, zips, areaCodes: state.areas }, smallWeight]);
  }
  return new Weighted(entries);
}

type PostcodeMaker = (rng: Rng, token: string) => string;
const britishPostcode: PostcodeMaker = (rng, token) =>
  `${token}${1 + rng.int(20)} ${rng.int(10)}${POSTCODE_LETTERS.charAt(rng.int(POSTCODE_LETTERS.length))}${POSTCODE_LETTERS.charAt(rng.int(POSTCODE_LETTERS.length))}`;
const prefixedPostcode: PostcodeMaker = (rng, token) => token + PAD3[rng.int(1000)]!;
const rangedPostcode: PostcodeMaker = (rng, token) => {
  const [low = 0, high = 0] = token.split('-').map(Number);
  return String(low + rng.int(high - low + 1)).padStart(4, '0');
};

/** Big cities from a table, plus smaller ones (a fifth of the mass) when given. */
function foreignPlaces(rng: Rng, table: readonly string[][], postcode: PostcodeMaker, smaller: Place[] | null): Weighted<Place> {
  const entries: [Place, number][] = table.map(([city, state, stateName, weight, tokens, areas]) => {
    const zipTokens = words(tokens ?? '');
    const zips = Array.from({ length: 12 }, () => postcode(rng, rng.pick(zipTokens)));
    return [{ city: city ?? '', state: state ?? '', stateName: stateName ?? '', zips, areaCodes: words(areas ?? '') }, Number(weight)];
  });
  if (smaller && smaller.length > 0) {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const place of smaller) entries.push([place, (total * 0.25) / smaller.length]);
  }
  return new Weighted(entries);
}

function germanTail(rng: Rng, faker: Faker): Place[] {
  const states = DE_CITIES.map(([, state, stateName]) => [state ?? '', stateName ?? ''] as const);
  return faker.definitions.location.city_name.map((city) => {
    const [state, stateName] = rng.pick(states);
    return { city, state, stateName, zips: Array.from({ length: 3 }, () => faker.location.zipCode()), areaCodes: [String(2 + rng.int(8)) + PAD2[rng.int(100)]!] };
  });
}

function frenchTail(rng: Rng, faker: Faker): Place[] {
  const regions = FR_CITIES.map(([, state, stateName]) => [state ?? '', stateName ?? ''] as const);
  return faker.definitions.location.city_name.map((city) => {
    const [state, stateName] = rng.pick(regions);
    return { city, state, stateName, zips: Array.from({ length: 3 }, () => faker.location.zipCode()), areaCodes: [String(1 + rng.int(5))] };
  });
}

// ---------------------------------------------------------------------------------------------
// Phones: digits per entity, formats per record

const US_PHONE_FORMATS: readonly PhoneFormat[] = [
  (p) => '(' + p.a + ') ' + p.b + '-' + p.c,
  (p) => p.a + '-' + p.b + '-' + p.c,
  (p) => p.a + '.' + p.b + '.' + p.c,
  (p) => p.a + ' ' + p.b + ' ' + p.c,
  (p) => p.a + p.b + p.c,
  (p) => '+1 ' + p.a + ' ' + p.b + ' ' + p.c,
  (p) => '+1 (' + p.a + ') ' + p.b + '-' + p.c,
  (p) => '+1' + p.a + p.b + p.c,
  (p) => '1-' + p.a + '-' + p.b + '-' + p.c,
  (p) => '+1-' + p.a + '-' + p.b + '-' + p.c,
];
const GB_PHONE_FORMATS: readonly PhoneFormat[] = [
  (p) => '0' + p.a + ' ' + p.b + ' ' + p.c,
  (p) => '+44 ' + p.a + ' ' + p.b + ' ' + p.c,
  (p) => '+44 (0)' + p.a + ' ' + p.b + ' ' + p.c,
  (p) => '0' + p.a + p.b + p.c,
  (p) => '+44' + p.a + p.b + p.c,
  (p) => '(0' + p.a + ') ' + p.b + ' ' + p.c,
];
const DE_PHONE_FORMATS: readonly PhoneFormat[] = [
  (p) => '0' + p.a + ' ' + p.b + p.c,
  (p) => '0' + p.a + '/' + p.b + p.c,
  (p) => '+49 ' + p.a + ' ' + p.b + p.c,
  (p) => '+49 (0)' + p.a + ' ' + p.b + p.c,
  (p) => '+49' + p.a + p.b + p.c,
  (p) => '0' + p.a + ' ' + p.b + ' ' + p.c,
];
const frenchPairs = (p: Phone, separator: string) =>
  p.b.slice(0, 2) + separator + p.b.slice(2) + separator + p.c.slice(0, 2) + separator + p.c.slice(2);
const FR_PHONE_FORMATS: readonly PhoneFormat[] = [
  (p) => '0' + p.a + ' ' + frenchPairs(p, ' '),
  (p) => '0' + p.a + '.' + frenchPairs(p, '.'),
  (p) => '+33 ' + p.a + ' ' + frenchPairs(p, ' '),
  (p) => '+33' + p.a + p.b + p.c,
  (p) => '0' + p.a + p.b + p.c,
];
const AU_PHONE_FORMATS: readonly PhoneFormat[] = [
  (p) => '(0' + p.a + ') ' + p.b + ' ' + p.c,
  (p) => '0' + p.a + ' ' + p.b + ' ' + p.c,
  (p) => '+61 ' + p.a + ' ' + p.b + ' ' + p.c,
  (p) => '+61' + p.a + p.b + p.c,
  (p) => '0' + p.a + p.b + p.c,
];

const digits = (rng: Rng, n: number): string => (n === 4 ? PAD4[rng.int(10000)]! : n === 3 ? PAD3[rng.int(1000)]! : PAD2[rng.int(100)]!);

function britishPhone(rng: Rng, place: Place): Phone {
  if (rng.chance(0.4)) return { a: '7' + String(400 + rng.int(600)), b: digits(rng, 3), c: digits(rng, 3) };
  const a = rng.pick(place.areaCodes);
  if (a.length === 2) return { a, b: String(3000 + rng.int(7000)), c: digits(rng, 4) };
  if (a.length === 3) return { a, b: String(200 + rng.int(800)), c: digits(rng, 4) };
  return { a, b: String(200 + rng.int(800)), c: digits(rng, 3) };
}

function germanPhone(rng: Rng, place: Place): Phone {
  if (rng.chance(0.35)) return { a: rng.pick(['151', '152', '160', '170', '171', '172', '176', '177']), b: String(1000 + rng.int(9000)), c: digits(rng, 4) };
  return { a: rng.pick(place.areaCodes), b: String(100 + rng.int(900)), c: digits(rng, 4) };
}

function frenchPhone(rng: Rng, place: Place): Phone {
  const a = rng.chance(0.4) ? rng.pick(['6', '7']) : rng.pick(place.areaCodes);
  return { a, b: PAD2[10 + rng.int(90)]! + digits(rng, 2), c: digits(rng, 4) };
}

function australianPhone(rng: Rng, place: Place): Phone {
  if (rng.chance(0.45)) return { a: '4' + PAD2[rng.int(100)]!, b: digits(rng, 3), c: digits(rng, 3) };
  return { a: rng.pick(place.areaCodes), b: String(1000 + rng.int(9000)), c: digits(rng, 4) };
}

const formatPhone = (locale: Locale, phone: Phone, style: number): string => locale.phoneFormats[style]!(phone);

/** Another rendering of the same number, an extension, or nothing. */
function phoneVariant(current: string, locale: Locale, phone: Phone, style: number, ext: string, rng: Rng): string {
  const u = rng.next();
  if (u < 0.2) return '';
  if (u < 0.35 && ext === '' && current !== '') return current + rng.pick(EXTENSION_LABELS) + String(2 + rng.int(400));
  let next = locale.phoneStyles.pick(rng);
  if (next === style) next = (style + 1 + rng.int(locale.phoneFormats.length - 1)) % locale.phoneFormats.length;
  return formatPhone(locale, phone, next) + ext;
}

// ---------------------------------------------------------------------------------------------
// Organisations: companies, and the employers of contacts

interface Org {
  readonly locale: Locale;
  readonly base: string;
  readonly suffix: string;
  readonly name: string;
  readonly domain: string;
  readonly industry: string;
  readonly employees: number;
  readonly place: Place;
  readonly phone: Phone;
  readonly phoneStyle: number;
  readonly websiteStyle: number;
  readonly stateFull: boolean;
  readonly countryStyle: number;
  /** A branch of a chain: its record always names its town, which is what sets it apart. */
  readonly branch?: boolean;
}

const WEBSITE_STYLES: readonly ((domain: string) => string)[] = [
  (d) => 'https://www.' + d,
  (d) => 'http://www.' + d,
  (d) => 'https://' + d,
  (d) => 'www.' + d,
  (d) => d,
  (d) => 'https://www.' + d + '/',
  (d) => 'http://' + d,
];
const websiteStyles = new Weighted<number>([[0, 40], [1, 12], [2, 18], [3, 12], [4, 8], [5, 6], [6, 4]]);
const employeeBands = new Weighted<readonly [number, number]>([[[1, 10], 30], [[11, 50], 30], [[51, 200], 22], [[201, 1000], 12], [[1001, 20000], 6]]);

const joinName = (base: string, suffix: string): string => (suffix === '' ? base : base + ' ' + suffix);
const countryStyle = (rng: Rng, locale: Locale): number => (rng.chance(0.75) ? 0 : 1 + rng.int(locale.countryNames.length - 1));

/** Creates organisations with domains no other organisation of the run uses. */
class OrgFactory {
  private readonly domains = new Set<string>();
  private readonly pools: Pools;
  private readonly rng: Rng;

  constructor(pools: Pools, rng: Rng) {
    this.pools = pools;
    this.rng = rng;
  }

  /** A new organisation; with `like`, a distinct one that shares its name. */
  create(locale: Locale, like: Org | null = null): Org {
    const rng = this.rng;
    const place = like && like.locale === locale && rng.chance(0.2) ? like.place : locale.places.pick(rng);
    const { base, industry } = like ?? this.baseName(locale, place);
    const suffix = like && like.locale === locale && rng.chance(0.5) ? like.suffix : locale.legalForms.pick(rng);
    const [low, high] = employeeBands.pick(rng);
    return {
      locale, base, suffix, name: joinName(base, suffix), domain: this.domainFor(base, locale, place), industry,
      employees: low + rng.int(high - low + 1), place, phone: locale.newPhone(rng, place), phoneStyle: locale.phoneStyles.pick(rng),
      websiteStyle: websiteStyles.pick(rng), stateFull: rng.chance(0.15), countryStyle: countryStyle(rng, locale),
    };
  }

  /** The organisation with its website as a page on a shared host, named after it (and its town when taken). */
  onSharedHost(org: Org): Org {
    const rng = this.rng;
    const host = rng.pick(SHARED_HOSTS);
    let slug = domainSlug(org.base, false) || 'company';
    if (this.domains.has(host(slug))) slug += domainSlug(org.place.city, false);
    while (this.domains.has(host(slug))) slug += String(2 + rng.int(98));
    this.domains.add(host(slug));
    return { ...org, domain: host(slug) };
  }

  /** A branch of `chain` elsewhere in its country: its name, now and then with the town, and website; its own place and phone. */
  branch(chain: Org): Org {
    const rng = this.rng;
    // Another town: branches in one town differ by street address, which these companies lack.
    let place = chain.locale.places.pick(rng);
    for (let attempt = 0; attempt < 5 && place.city === chain.place.city; attempt++) place = chain.locale.places.pick(rng);
    const base = rng.chance(0.4) ? chain.base + ' ' + place.city : chain.base;
    return { ...chain, base, name: joinName(base, chain.suffix), place, phone: chain.locale.newPhone(rng, place), employees: 1 + rng.int(chain.employees), branch: true };
  }

  private baseName(locale: Locale, place: Place): { base: string; industry: string } {
    const rng = this.rng;
    const sector = this.pools.sectors.pick(rng);
    const noun = rng.pick(sector.nouns);
    const names = locale.lastNames;
    // Shares chosen so that distinct companies with one name stay a minority of lookalikes.
    const u = rng.next();
    if (u < 0.38) return { base: names.pick(rng).text + ' ' + noun, industry: sector.industry };
    if (u < 0.5) return { base: rng.pick(COMPANY_WORDS) + ' ' + noun, industry: sector.industry };
    if (u < 0.58) return { base: rng.pick(COMPANY_WORDS) + ' ' + rng.pick(sector.nouns) + ' ' + rng.pick(GROUP_WORDS), industry: sector.industry };
    if (u < 0.66) return { base: names.pick(rng).text + (rng.chance(0.7) ? ' & ' : ' and ') + names.pick(rng).text, industry: rng.pick(PARTNERSHIP_INDUSTRIES) };
    if (u < 0.84) return { base: this.coined() + (rng.chance(0.6) ? ' ' + noun : ''), industry: sector.industry || 'COMPUTER_SOFTWARE' };
    if (u < 0.89) return { base: place.city + ' ' + noun, industry: sector.industry };
    if (u < 0.92) return { base: names.pick(rng).text + rng.pick(FAMILY_FIRM_SUFFIXES), industry: sector.industry };
    return { base: names.pick(rng).text + ' ' + names.pick(rng).text, industry: sector.industry };
  }

  private coined(): string {
    const rng = this.rng;
    return rng.pick(COINED_HEADS) + (rng.chance(0.8) ? rng.pick(COINED_MIDDLES) : '') + rng.pick(COINED_TAILS);
  }

  private domainFor(base: string, locale: Locale, place: Place): string {
    const rng = this.rng;
    const slug = domainSlug(base, base.includes(' ') && rng.chance(0.15)) || 'company';
    const tld = locale.tlds.pick(rng);
    let domain = slug + '.' + tld;
    if (this.domains.has(domain)) domain = slug + rng.pick(DOMAIN_EXTRAS) + '.' + tld;
    if (this.domains.has(domain)) domain = slug + '-' + domainSlug(place.city, false) + '.' + tld;
    while (this.domains.has(domain)) domain = slug + String(2 + rng.int(998)) + '.' + tld;
    this.domains.add(domain);
    return domain;
  }
}

function domainSlug(name: string, hyphens: boolean): string {
  const words = (' ' + foldAccents(name).toLowerCase() + ' ').replace(/ (?:&|and|the)(?= )/g, '');
  return words.replace(/[^a-z0-9]+/g, hyphens ? '-' : '').replace(/^-|-$/g, '');
}

/** The company name as another person would have typed it: another legal form, none, "The", "&"/"and". */
function companyNameVariant(org: Org, current: string, rng: Rng): string {
  for (let attempt = 0; attempt < 5; attempt++) {
    const next = companyNameCandidate(org, rng);
    if (next !== current) return next;
  }
  return current.toUpperCase();
}

function companyNameCandidate(org: Org, rng: Rng): string {
  const { base, suffix, locale } = org;
  switch (rng.int(6)) {
    case 0:
      return joinName(base, rng.pick(locale.legalVariants));
    case 1:
      return suffix === '' ? joinName(base, rng.pick(locale.legalVariants)) : base;
    case 2:
      return base.startsWith('The ') ? joinName(base.slice(4), suffix) : 'The ' + joinName(base, suffix);
    case 3:
      if (base.includes(' & ')) return joinName(base.replace(' & ', ' and '), suffix);
      if (base.includes(' and ')) return joinName(base.replace(' and ', ' & '), suffix);
      return joinName(base, rng.pick(locale.legalVariants));
    case 4:
      return suffix === '' ? joinName(base, rng.pick(locale.legalVariants)) : base + ', ' + suffix;
    default:
      return joinName(base.replace(/\s+/g, rng.chance(0.5) ? '' : '  '), suffix);
  }
}

// ---------------------------------------------------------------------------------------------
// Text corruption

/** One deleted, inserted, substituted or transposed letter, mostly away from the first. */
function typo(s: string, rng: Rng): string {
  if (s === '') return s;
  for (let attempt = 0; attempt < 4; attempt++) {
    const out = typoOnce(s, rng);
    if (out !== s) return out;
  }
  return s + s.charAt(s.length - 1);
}

function typoOnce(s: string, rng: Rng): string {
  const i = s.length > 2 ? 1 + rng.int(s.length - 1) : rng.int(s.length);
  const ch = s.charAt(i);
  switch (rng.int(4)) {
    case 0:
      return s.length > 3 ? s.slice(0, i) + s.slice(i + 1) : s;
    case 1:
      return s.slice(0, i) + neighbour(ch, rng) + s.slice(i);
    case 2:
      return s.slice(0, i) + neighbour(ch, rng) + s.slice(i + 1);
    default:
      return i + 1 < s.length ? s.slice(0, i) + s.charAt(i + 1) + ch + s.slice(i + 2) : s;
  }
}

/** A key next to `ch` on a QWERTY keyboard, in the same case. */
function neighbour(ch: string, rng: Rng): string {
  const lower = ch.toLowerCase();
  const keys = KEYBOARD[lower];
  const key = keys === undefined ? LETTERS.charAt(rng.int(LETTERS.length)) : keys.charAt(rng.int(keys.length));
  return ch === lower ? key : key.toUpperCase();
}

function blankSome<K extends string>(row: Record<K, string>, keys: readonly K[], rng: Rng): boolean {
  const wanted = 1 + rng.int(2);
  let blanked = 0;
  for (let attempt = 0; attempt < 8 && blanked < wanted; attempt++) {
    const key = rng.pick(keys);
    if (row[key] === '') continue;
    row[key] = '';
    blanked++;
  }
  return blanked > 0;
}

function sameRow<K extends string>(a: Record<K, string>, b: Record<K, string>, keys: readonly K[]): boolean {
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/** Applies 1 to 3 corruptions; an operation that does not apply to the row is redrawn. */
function corrupt<R, E, F>(ops: Weighted<(row: R, entity: E, factory: F, rng: Rng) => boolean>, row: R, entity: E, factory: F, rng: Rng): void {
  const u = rng.next();
  const count = u < 0.5 ? 1 : u < 0.85 ? 2 : 3;
  for (let i = 0; i < count; i++) {
    for (let attempt = 0; attempt < 5; attempt++) if (ops.pick(rng)(row, entity, factory, rng)) break;
  }
}

// ---------------------------------------------------------------------------------------------
// Contacts

type ContactProps = {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  company: string;
  jobtitle: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  createdate: string;
  lastmodifieddate: string;
};
type ContactKey = keyof ContactProps;
const CONTACT_KEYS: readonly ContactKey[] = ['firstname', 'lastname', 'email', 'phone', 'company', 'jobtitle', 'address', 'city', 'state', 'zip', 'country'];
const BLANKABLE_CONTACT_KEYS: readonly ContactKey[] = ['phone', 'company', 'jobtitle', 'address', 'city', 'state', 'zip', 'country'];

interface Person {
  readonly locale: Locale;
  readonly first: NameEntry;
  readonly last: NameEntry;
  readonly place: Place;
  readonly zip: string;
  readonly street: Street;
  readonly houseNumber: string;
  readonly unit: string;
  readonly unitKind: number;
  readonly phone: Phone;
  readonly phoneStyle: number;
  /** Extension on a shared company line, '' otherwise. */
  readonly phoneExt: string;
  readonly email: string;
  readonly employer: Org | null;
  readonly jobtitle: string;
  readonly streetShort: boolean;
  readonly stateFull: boolean;
  readonly countryStyle: number;
}

const LN_MAX_HOUSE_NUMBER = Math.log(20000);
const personalEmailPatterns = new Weighted<(f: string, l: string, rng: Rng) => string>([
  [(f, l) => f + '.' + l, 30],
  [(f, l) => f + l, 15],
  [(f, l) => f.charAt(0) + l, 15],
  [(f, l) => f + l.charAt(0), 4],
  [(f, l) => f + '_' + l, 5],
  [(f, l, rng) => f + '.' + l + PAD2[rng.int(100)]!, 8],
  [(f, l, rng) => f + l + String(1960 + rng.int(46)), 6],
  [(f, _l, rng) => f + String(10 + rng.int(990)), 8],
  [(f, l) => f.charAt(0) + '.' + l, 4],
  [(f, l) => l + '.' + f, 3],
  [(f, l) => l + f.charAt(0), 2],
]);
const workEmailPatterns = new Weighted<(f: string, l: string, rng: Rng) => string>([
  [(f, l) => f + '.' + l, 50],
  [(f, l) => f.charAt(0) + l, 25],
  [(f) => f, 10],
  [(f, l) => f + l.charAt(0), 5],
  [(f, l) => f + '_' + l, 5],
  [(f, l) => f.charAt(0) + '.' + l, 5],
]);

/** Draws people, and keeps emails unique between distinct people as real mailboxes are. */
class ContactFactory {
  readonly pools: Pools;
  readonly rng: Rng;
  private readonly mailboxes: MailboxSet;
  private readonly employers: Org[][];
  /** Per employer: its mailbox convention (one for all its staff) and some of its staff's surnames. */
  private readonly staff = new Map<Org, { pattern: (f: string, l: string, rng: Rng) => string; surnames: NameEntry[] }>();
  private readonly recent: Person[] = [];
  private recentAt = 0;

  constructor(pools: Pools, rng: Rng, count: number) {
    this.pools = pools;
    this.rng = rng;
    this.mailboxes = new MailboxSet(count * 1.3);
    const orgs = new OrgFactory(pools, rng);
    const total = Math.min(60_000, Math.max(50, Math.round(count / 25)));
    const share = (locale: Locale) => total * (locale.code === 'US' ? 0.85 : 0.05);
    this.employers = pools.localeList.map((locale) => Array.from({ length: Math.max(5, Math.round(share(locale))) }, () => orgs.create(locale)));
  }

  next(): Person {
    const rng = this.rng;
    const u = rng.next();
    const model = this.recent.length > 0 ? rng.pick(this.recent) : null;
    let person: Person;
    if (model && u < NAMESAKE_RATE) person = this.person(model.locale, model.first, model.last, rng.chance(0.25) ? model.place : null, null);
    else if (model && u < NAMESAKE_RATE + RELATIVE_RATE) person = this.person(model.locale, null, model.last, null, model);
    else person = this.person(this.pools.locales.pick(rng), null, null, null, null);
    this.remember(person);
    return person;
  }

  private remember(person: Person): void {
    if (this.recent.length < RECENT_SIZE) this.recent.push(person);
    else this.recent[this.recentAt] = person;
    this.recentAt = (this.recentAt + 1) % RECENT_SIZE;
  }

  /** A fresh person; given a name, a place or a home (`relative`), shares them. */
  private person(locale: Locale, first: NameEntry | null, last: NameEntry | null, place: Place | null, relative: Person | null): Person {
    const rng = this.rng;
    const employer = rng.chance(0.72) ? this.employer(locale) : null;
    const staff = employer === null ? null : this.staffOf(employer);
    const f = first ?? locale.firstNames.pick(rng);
    const l = last ?? (staff !== null && staff.surnames.length > 0 && rng.chance(COLLEAGUE_SURNAME_RATE) ? rng.pick(staff.surnames) : locale.lastNames.pick(rng));
    if (staff !== null) {
      if (staff.surnames.length < STAFF_SURNAMES) staff.surnames.push(l);
      else staff.surnames[rng.int(STAFF_SURNAMES)] = l;
    }
    const home = relative?.place ?? place ?? locale.places.pick(rng);
    const mainLine = employer !== null && rng.chance(0.05);
    const hasUnit = relative ? relative.unit !== '' : rng.chance(0.12);
    return {
      locale, first: f, last: l, place: home,
      zip: relative?.zip ?? rng.pick(home.zips),
      street: relative?.street ?? rng.pick(locale.streets),
      houseNumber: relative?.houseNumber ?? this.houseNumber(locale),
      unit: relative?.unit ?? (hasUnit ? String(1 + rng.int(40)) + (rng.chance(0.3) ? LETTERS.charAt(rng.int(6)).toUpperCase() : '') : ''),
      unitKind: relative?.unitKind ?? rng.int(UNIT_LABELS.length),
      phone: relative && rng.chance(0.35) ? relative.phone : mainLine ? employer.phone : locale.newPhone(rng, home),
      phoneStyle: mainLine ? employer.phoneStyle : locale.phoneStyles.pick(rng),
      phoneExt: mainLine ? ' ext. ' + String(100 + rng.int(900)) : '',
      email: employer !== null && rng.chance(0.55) ? this.workEmail(f, l, employer) : this.personalEmail(locale, f, l),
      employer, jobtitle: this.pools.jobTitles.pick(rng),
      streetShort: rng.chance(0.35), stateFull: rng.chance(0.15), countryStyle: countryStyle(rng, locale),
    };
  }

  /** Big accounts have many contacts: half the picks favour the first employers. */
  private employer(locale: Locale): Org {
    const list = this.employers[locale.index]!;
    const u = this.rng.next();
    return list[Math.floor(list.length * (this.rng.chance(0.5) ? u : u * u))]!;
  }

  /** An employer's staff record: a company writes every mailbox one way ("nhoppe@", "noe.hoppe@"). */
  private staffOf(employer: Org): { pattern: (f: string, l: string, rng: Rng) => string; surnames: NameEntry[] } {
    let staff = this.staff.get(employer);
    if (staff === undefined) this.staff.set(employer, (staff = { pattern: workEmailPatterns.pick(this.rng), surnames: [] }));
    return staff;
  }

  private houseNumber(locale: Locale): string {
    if (locale.code === 'US') return String(Math.floor(Math.exp(this.rng.next() * LN_MAX_HOUSE_NUMBER)));
    return String(1 + this.rng.int(150));
  }

  private personalEmail(locale: Locale, f: NameEntry, l: NameEntry): string {
    const local = personalEmailPatterns.pick(this.rng)(f.slug || 'x', l.slug || 'x', this.rng);
    return this.claim(local, locale.mailDomains.pick(this.rng));
  }

  private workEmail(f: NameEntry, l: NameEntry, employer: Org): string {
    // A few people sign up with a shared mailbox: distinct contacts, one address.
    if (this.rng.chance(0.005)) return this.rng.pick(ROLE_MAILBOXES) + '@' + employer.domain;
    // Mostly the company's convention; a few mailboxes were made before it or by hand.
    const pattern = this.rng.chance(0.85) ? this.staffOf(employer).pattern : workEmailPatterns.pick(this.rng);
    return this.claim(pattern(f.slug || 'x', l.slug || 'x', this.rng), employer.domain, true);
  }

  /** An address no other person has; at a company the second "nhoppe" becomes "nhoppe2". */
  private claim(local: string, domain: string, numbered = false): string {
    for (let attempt = 0; ; attempt++) {
      const candidate = attempt === 0 ? local : numbered && attempt < 20 ? local + String(attempt + 1) : local + String(this.rng.int(attempt < 20 ? 100 : 1_000_000));
      if (this.mailboxes.add(candidate, domain)) return flat(candidate + '@' + domain);
    }
  }

  /** Upper case, gmail dots or +tag, the same local part at another provider, or no email. */
  emailVariant(email: string, rng: Rng): string {
    const at = email.lastIndexOf('@');
    if (at < 1) return '';
    const local = email.slice(0, at);
    const domain = email.slice(at + 1).toLowerCase();
    const u = rng.next();
    if (u < 0.15) return '';
    if (domain === 'gmail.com') {
      if (u < 0.4) return gmailDots(local, rng) + '@' + email.slice(at + 1);
      if (u < 0.6) return local + '+' + rng.pick(PLUS_TAGS) + '@' + email.slice(at + 1);
      if (u < 0.7) return capitalizedEmail(email, rng);
    } else if (u < 0.5) return capitalizedEmail(email, rng);
    const other = this.otherProvider(domain, rng);
    // Someone else may own that address already: then keep this one, in capitals.
    return this.mailboxes.add(local, other) ? local + '@' + other : capitalizedEmail(email, rng);
  }

  private otherProvider(domain: string, rng: Rng): string {
    const us = this.pools.localeList[0]!;
    for (let attempt = 0; attempt < 4; attempt++) {
      const other = us.mailDomains.pick(rng);
      if (other !== domain) return other;
    }
    return domain === 'yahoo.com' ? 'outlook.com' : 'yahoo.com';
  }
}

function gmailDots(local: string, rng: Rng): string {
  if (local.includes('.')) return local.replaceAll('.', '');
  if (local.length < 3) return local + '.' + local;
  const i = 1 + rng.int(local.length - 1);
  return local.slice(0, i) + '.' + local.slice(i);
}

function capitalizedEmail(email: string, rng: Rng): string {
  if (rng.chance(0.4)) return email.toUpperCase();
  let out = '';
  for (let i = 0; i < email.length; i++) {
    const ch = email.charAt(i);
    const before = i === 0 ? '.' : email.charAt(i - 1);
    out += before === '.' || before === '@' ? ch.toUpperCase() : ch;
  }
  return out;
}

function formatAddress(locale: Locale, houseNumber: string, street: string, unitKind: number, unit: string): string {
  const line = locale.numberFirst ? houseNumber + ' ' + street : street + ' ' + houseNumber;
  return unit === '' ? line : line + UNIT_LABELS[unitKind]! + unit;
}

function renderPerson(p: Person): ContactProps {
  return {
    firstname: p.first.text,
    lastname: p.last.text,
    email: p.email,
    phone: flat(formatPhone(p.locale, p.phone, p.phoneStyle) + p.phoneExt),
    company: p.employer === null ? '' : p.employer.name,
    jobtitle: p.jobtitle,
    address: flat(formatAddress(p.locale, p.houseNumber, p.streetShort ? p.street.short : p.street.full, p.unitKind, p.unit)),
    city: p.place.city,
    state: p.stateFull ? p.place.stateName : p.place.state,
    zip: p.zip,
    country: p.locale.countryNames[p.countryStyle]!,
    createdate: '',
    lastmodifieddate: '',
  };
}

/** CRM records are sparse: many people never gave an address or a phone. */
function sparsifyContact(c: ContactProps, rng: Rng): void {
  if (rng.next() < 0.02) c.firstname = '';
  if (rng.next() < 0.03) c.lastname = '';
  if (rng.next() < 0.05) c.email = '';
  if (rng.next() < 0.3) c.phone = '';
  if (rng.next() < 0.1) c.company = '';
  if (rng.next() < 0.35) c.jobtitle = '';
  if (rng.next() < 0.45) c.address = '';
  if (rng.next() < 0.2) c.city = '';
  if (rng.next() < 0.22) c.state = '';
  if (rng.next() < 0.4) c.zip = '';
  if (rng.next() < 0.25) c.country = '';
}

type ContactOp = (c: ContactProps, p: Person, factory: ContactFactory, rng: Rng) => boolean;

const contactNameTypo: ContactOp = (c, _p, _f, rng) => {
  if (c.firstname !== '' && (c.lastname === '' || rng.chance(0.4))) c.firstname = typo(c.firstname, rng);
  else if (c.lastname !== '') c.lastname = typo(c.lastname, rng);
  else return false;
  return true;
};

const swapNames: ContactOp = (c) => {
  if (c.firstname === '' || c.lastname === '' || c.firstname === c.lastname) return false;
  [c.firstname, c.lastname] = [c.lastname, c.firstname];
  return true;
};

const nickname: ContactOp = (c, _p, f, rng) => {
  const key = c.firstname.toLowerCase();
  const nicks = f.pools.nicknames.get(key);
  const next = nicks ? rng.pick(nicks) : f.pools.formalOf.get(key);
  if (next === undefined) return false;
  c.firstname = capitalize(next);
  return true;
};

const contactNameCase: ContactOp = (c, p, _f, rng) => {
  if (c.firstname === '' && c.lastname === '') return false;
  const before = c.firstname + '\u0000' + c.lastname;
  switch (rng.int(6)) {
    case 0:
      c.lastname = c.lastname.toUpperCase();
      break;
    case 1:
      c.firstname = c.firstname.toLowerCase();
      c.lastname = c.lastname.toLowerCase();
      break;
    case 2:
      c.firstname = c.firstname.toUpperCase();
      c.lastname = c.lastname.toUpperCase();
      break;
    case 3:
      if (rng.chance(0.5)) c.firstname += ' ';
      else c.lastname = ' ' + c.lastname;
      break;
    case 4:
      // Accents lost on an English keyboard.
      if (c.firstname === p.first.text) c.firstname = p.first.ascii;
      if (c.lastname === p.last.text) c.lastname = p.last.ascii;
      break;
    default:
      c.lastname = capitalize(c.lastname.toLowerCase());
  }
  return before !== c.firstname + '\u0000' + c.lastname;
};

/** A middle initial, an initial only, or the whole name typed into the first-name field. */
const middleName: ContactOp = (c, _p, _f, rng) => {
  if (c.firstname === '') return false;
  const u = rng.next();
  if (u < 0.5) c.firstname = c.firstname + ' ' + LETTERS.charAt(rng.int(26)).toUpperCase() + '.';
  else if (u < 0.75) c.firstname = c.firstname.charAt(0).toUpperCase() + '.';
  else if (c.lastname !== '') {
    c.firstname = c.firstname + ' ' + c.lastname;
    c.lastname = '';
  } else return false;
  return true;
};

const contactEmail: ContactOp = (c, _p, f, rng) => {
  if (c.email === '') return false;
  const next = f.emailVariant(c.email, rng);
  if (next === c.email) return false;
  c.email = next;
  return true;
};

const contactPhone: ContactOp = (c, p, _f, rng) => {
  if (c.phone === '') return false;
  const next = phoneVariant(c.phone, p.locale, p.phone, p.phoneStyle, p.phoneExt, rng);
  if (next === c.phone) return false;
  c.phone = next;
  return true;
};

const contactCompany: ContactOp = (c, p, _f, rng) => {
  if (c.company === '' || p.employer === null) return false;
  c.company = companyNameVariant(p.employer, c.company, rng);
  return true;
};

const contactBlank: ContactOp = (c, _p, _f, rng) => blankSome(c, BLANKABLE_CONTACT_KEYS, rng);

/** Street ↔ St, a period after the abbreviation, another unit label, capitals, a doubled space. */
const contactAddress: ContactOp = (c, p, _f, rng) => {
  if (c.address === '') return false;
  const u = rng.next();
  const { locale, houseNumber, street, unit } = p;
  let next: string;
  if (u < 0.45 && street.short !== street.full) next = formatAddress(locale, houseNumber, p.streetShort ? street.full : street.short, p.unitKind, unit);
  else if (u < 0.6 && street.short !== street.full && !street.short.endsWith('.')) next = formatAddress(locale, houseNumber, street.short + '.', p.unitKind, unit);
  else if (u < 0.75 && unit !== '') next = formatAddress(locale, houseNumber, p.streetShort ? street.short : street.full, rng.pick(UNIT_GROUPS[p.unitKind]!), unit);
  else if (u < 0.88) next = c.address.toUpperCase();
  else next = c.address.replace(' ', '  ');
  if (next === c.address) return false;
  c.address = next;
  return true;
};

/** State abbreviation ↔ name, another spelling of the country, ZIP+4 or a lost leading zero, city case. */
const contactLocation: ContactOp = (c, p, _f, rng) => {
  const u = rng.next();
  const place = p.place;
  if (u < 0.35 && c.state !== '' && place.state !== place.stateName) c.state = c.state === place.state ? place.stateName : place.state;
  else if (u < 0.6 && c.country !== '') c.country = otherCountryName(p.locale, c.country, rng);
  else if (u < 0.8 && c.zip !== '') c.zip = zipVariant(p.locale, c.zip, rng);
  else if (c.city !== '') c.city = rng.chance(0.5) ? c.city.toUpperCase() : c.city.toLowerCase();
  else return false;
  return true;
};

/** Same person at a new address (a move): name and email stay. */
const moved: ContactOp = (c, p, _f, rng) => {
  const place = p.locale.places.pick(rng);
  const street = rng.pick(p.locale.streets);
  c.city = place.city;
  c.state = p.stateFull ? place.stateName : place.state;
  c.zip = rng.pick(place.zips);
  c.address = formatAddress(p.locale, String(1 + rng.int(2000)), p.streetShort ? street.short : street.full, p.unitKind, '');
  if (rng.chance(0.5)) c.phone = formatPhone(p.locale, p.locale.newPhone(rng, place), p.phoneStyle);
  return true;
};

const jobChange: ContactOp = (c, _p, f, rng) => {
  const next = rng.chance(0.3) ? c.jobtitle.toLowerCase() : f.pools.jobTitles.pick(rng);
  if (next === c.jobtitle) return false;
  c.jobtitle = next;
  return true;
};

const CONTACT_OPS = new Weighted<ContactOp>([
  [contactNameTypo, 16], [swapNames, 3], [nickname, 10], [contactNameCase, 8], [middleName, 3], [contactEmail, 16],
  [contactPhone, 12], [contactCompany, 8], [contactBlank, 12], [contactAddress, 8], [contactLocation, 5], [moved, 2],
  [jobChange, 3],
]);

function otherCountryName(locale: Locale, current: string, rng: Rng): string {
  const names = locale.countryNames;
  const i = names.indexOf(current);
  return i < 0 ? names[0]! : names[(i + 1 + rng.int(names.length - 1)) % names.length]!;
}

function zipVariant(locale: Locale, zip: string, rng: Rng): string {
  if (locale.code === 'US') return zip.startsWith('0') && rng.chance(0.7) ? zip.slice(1) : zip + '-' + PAD4[rng.int(10000)]!;
  if (locale.code === 'GB') return rng.chance(0.5) ? zip.replace(' ', '') : zip.toLowerCase();
  return ' ' + zip;
}

function contactCopy(p: Person, original: ContactProps, factory: ContactFactory, rng: Rng): ContactProps {
  const copy = renderPerson(p);
  // Missing data mostly stays missing; sometimes the other record has it.
  for (const key of CONTACT_KEYS) if (original[key] === '' && rng.chance(0.7)) copy[key] = '';
  corrupt(CONTACT_OPS, copy, p, factory, rng);
  if (sameRow(copy, original, CONTACT_KEYS)) forceDifference(copy, ['lastname', 'firstname', 'company', 'address', 'jobtitle', 'city'], rng);
  keepOneIdentity(copy, original, p, rng);
  return copy;
}

const IDENTITY_KEYS = ['email', 'phone', 'company', 'address'] as const;

/**
 * A real duplicate shares something that identifies the person with the record it repeats:
 * the email address, the phone number, the employer or the street address. Two records that
 * share only a name (and a town) are namesakes as often as one person, and no one could
 * tell; so a copy that lost all four gets one of the original's back, and an original that
 * has none of them (a sparse record) gets the person's email address, as does the copy.
 */
function keepOneIdentity(copy: ContactProps, original: ContactProps, p: Person, rng: Rng): void {
  if (IDENTITY_KEYS.some((key) => sameIdentity(key, copy[key], original[key]))) return;
  const kept = IDENTITY_KEYS.filter((key) => original[key] !== '');
  if (kept.length > 0) {
    const key = rng.pick(kept);
    copy[key] = original[key];
  } else {
    original.email = p.email;
    copy.email = p.email;
  }
}

function sameIdentity(key: (typeof IDENTITY_KEYS)[number], a: string, b: string): boolean {
  if (a === '' || b === '') return false;
  switch (key) {
    case 'email':
      return mailbox(a) === mailbox(b);
    case 'phone':
      return a.replace(/\D/g, '').slice(-7) === b.replace(/\D/g, '').slice(-7);
    case 'company':
      // A copy names the person's one employer, in any of its spellings.
      return true;
    case 'address':
      return houseNumber(a) === houseNumber(b);
  }
}

/** An address as delivered: any case, Gmail's dots and +tags aside. */
function mailbox(email: string): string {
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf('@');
  return lower.slice(0, at).split('+')[0]!.replaceAll('.', '') + lower.slice(at);
}

function houseNumber(address: string): string {
  return /\d+/.exec(address)?.[0] ?? address.toLowerCase();
}

/** A copy must differ somewhere, or it is not a duplicate the engine has to find. */
function forceDifference<K extends string>(row: Record<K, string>, keys: readonly K[], rng: Rng): void {
  for (const key of keys) {
    if (row[key] !== '') {
      row[key] = typo(row[key], rng);
      return;
    }
  }
  const key = keys[0];
  if (key !== undefined) row[key] = 'Unknown';
}

// ---------------------------------------------------------------------------------------------
// Companies

type CompanyProps = {
  name: string;
  domain: string;
  website: string;
  phone: string;
  city: string;
  state: string;
  country: string;
  industry: string;
  numberofemployees: string;
  createdate: string;
  hs_lastmodifieddate: string;
};
type CompanyKey = keyof CompanyProps;
const COMPANY_KEYS: readonly CompanyKey[] = ['name', 'domain', 'website', 'phone', 'city', 'state', 'country', 'industry', 'numberofemployees'];
const BLANKABLE_COMPANY_KEYS: readonly CompanyKey[] = ['phone', 'city', 'state', 'country', 'industry', 'numberofemployees', 'website'];
const INDUSTRIES = SECTORS.map(([sector]) => sector.industry).filter((industry) => industry !== '');

/** Draws companies: mostly new, a few sharing a name with an earlier one (namesakes, foreign branches). */
class CompanyFactory {
  private readonly orgs: OrgFactory;
  private readonly pools: Pools;
  private readonly rng: Rng;
  private readonly recent: Org[] = [];
  private recentAt = 0;

  constructor(pools: Pools, rng: Rng) {
    this.pools = pools;
    this.rng = rng;
    this.orgs = new OrgFactory(pools, rng);
  }

  next(): Org {
    const rng = this.rng;
    const u = rng.next();
    const model = this.recent.length > 0 ? rng.pick(this.recent) : null;
    let org: Org;
    if (model && u < NAMESAKE_RATE) org = this.orgs.create(model.locale, model);
    else if (model && u < NAMESAKE_RATE + BRANCH_RATE) org = this.orgs.create(this.otherLocale(model.locale), model);
    else if (model && u < NAMESAKE_RATE + BRANCH_RATE + CHAIN_BRANCH_RATE && !isSharedHostPage(model.domain)) org = this.orgs.branch(model);
    else {
      org = this.orgs.create(this.pools.locales.pick(rng));
      if (org.employees <= 10 && rng.chance(SHARED_HOST_RATE)) org = this.orgs.onSharedHost(org);
    }
    if (this.recent.length < RECENT_SIZE) this.recent.push(org);
    else this.recent[this.recentAt] = org;
    this.recentAt = (this.recentAt + 1) % RECENT_SIZE;
    return org;
  }

  private otherLocale(locale: Locale): Locale {
    const list = this.pools.localeList;
    return list[(locale.index + 1 + this.rng.int(list.length - 1)) % list.length]!;
  }
}

/** Whether an organisation's "domain" is a page on a shared host (see SHARED_HOSTS). */
const isSharedHostPage = (domain: string): boolean => domain.includes('/') || domain.endsWith('.business.site');

function renderOrg(o: Org): CompanyProps {
  return {
    name: o.name,
    // HubSpot fills the domain from the website: for a page on a shared host, the host's.
    domain: isSharedHostPage(o.domain) ? o.domain.replace(/\/.*$/, '').replace(/^[^.]+\.(?=[^.]+\.[^.]+$)/, '') : o.domain,
    website: flat(WEBSITE_STYLES[o.websiteStyle]!(o.domain)),
    phone: flat(formatPhone(o.locale, o.phone, o.phoneStyle)),
    city: o.place.city,
    state: o.stateFull ? o.place.stateName : o.place.state,
    country: o.locale.countryNames[o.countryStyle]!,
    industry: o.industry,
    numberofemployees: String(o.employees),
    createdate: '',
    hs_lastmodifieddate: '',
  };
}

function sparsifyCompany(c: CompanyProps, rng: Rng): void {
  if (rng.next() < 0.08) c.domain = '';
  if (rng.next() < 0.2) c.website = '';
  if (rng.next() < 0.25) c.phone = '';
  if (rng.next() < 0.12) c.city = '';
  if (rng.next() < 0.18) c.state = '';
  if (rng.next() < 0.15) c.country = '';
  if (rng.next() < 0.35) c.industry = '';
  if (rng.next() < 0.45) c.numberofemployees = '';
}

type CompanyOp = (c: CompanyProps, o: Org, factory: null, rng: Rng) => boolean;

const companyTypo: CompanyOp = (c, _o, _f, rng) => {
  if (c.name === '') return false;
  c.name = typo(c.name, rng);
  return true;
};

const companyCase: CompanyOp = (c, _o, _f, rng) => {
  if (c.name === '') return false;
  const before = c.name;
  const u = rng.next();
  if (u < 0.3) c.name = c.name.toUpperCase();
  else if (u < 0.55) c.name = c.name.toLowerCase();
  else if (u < 0.8) c.name = c.name.replace(' ', '  ');
  else c.name = c.name + ' ';
  return c.name !== before;
};

const companySuffix: CompanyOp = (c, o, _f, rng) => {
  if (c.name === '') return false;
  c.name = companyNameVariant(o, c.name, rng);
  return true;
};

/** http ↔ https, with or without www, a trailing slash or a path, capitals in the host. */
const companyWebsite: CompanyOp = (c, o, _f, rng) => {
  if (c.website === '') return false;
  const u = rng.next();
  let next: string;
  if (u < 0.5) {
    let style = websiteStyles.pick(rng);
    if (style === o.websiteStyle) style = (style + 1 + rng.int(WEBSITE_STYLES.length - 1)) % WEBSITE_STYLES.length;
    next = WEBSITE_STYLES[style]!(o.domain);
  } else if (u < 0.85) {
    next = WEBSITE_STYLES[o.websiteStyle]!(o.domain).replace(/\/$/, '') + rng.pick(WEBSITE_PATHS);
  } else {
    next = c.website.replace(o.domain, capitalize(o.domain)).replace('www.', rng.chance(0.5) ? 'WWW.' : 'www.');
  }
  if (next === c.website) return false;
  c.website = next;
  return true;
};

const companyDomain: CompanyOp = (c, _o, _f, rng) => {
  if (c.domain === '') return false;
  const u = rng.next();
  c.domain = u < 0.6 ? '' : u < 0.8 ? 'www.' + c.domain : capitalize(c.domain);
  return true;
};

const companyPhone: CompanyOp = (c, o, _f, rng) => {
  if (c.phone === '') return false;
  const next = phoneVariant(c.phone, o.locale, o.phone, o.phoneStyle, '', rng);
  if (next === c.phone) return false;
  c.phone = next;
  return true;
};

const companyBlank: CompanyOp = (c, _o, _f, rng) => blankSome(c, BLANKABLE_COMPANY_KEYS, rng);

const companyLocation: CompanyOp = (c, o, _f, rng) => {
  const u = rng.next();
  const place = o.place;
  if (u < 0.4 && c.state !== '' && place.state !== place.stateName) c.state = c.state === place.state ? place.stateName : place.state;
  else if (u < 0.7 && c.country !== '') c.country = otherCountryName(o.locale, c.country, rng);
  else if (c.city !== '') c.city = rng.chance(0.5) ? c.city.toUpperCase() : c.city.toLowerCase();
  else return false;
  return true;
};

/** Another estimate of the headcount, often rounded. */
const companyEmployees: CompanyOp = (c, o, _f, rng) => {
  const estimate = Math.max(1, Math.round(o.employees * (0.7 + rng.next() * 0.6)));
  const next = String(estimate > 100 ? Math.round(estimate / 50) * 50 : estimate);
  if (next === c.numberofemployees) return false;
  c.numberofemployees = next;
  return true;
};

const companyIndustry: CompanyOp = (c, _o, _f, rng) => {
  const next = rng.chance(0.3) ? '' : rng.pick(INDUSTRIES);
  if (next === c.industry) return false;
  c.industry = next;
  return true;
};

const COMPANY_OPS = new Weighted<CompanyOp>([
  [companyTypo, 12], [companyCase, 8], [companySuffix, 18], [companyWebsite, 14], [companyDomain, 8], [companyPhone, 10],
  [companyBlank, 12], [companyLocation, 5], [companyEmployees, 5], [companyIndustry, 3],
]);

function companyCopy(o: Org, original: CompanyProps, rng: Rng): CompanyProps {
  const copy = renderOrg(o);
  for (const key of COMPANY_KEYS) if (original[key] === '' && rng.chance(0.7)) copy[key] = '';
  corrupt(COMPANY_OPS, copy, o, null, rng);
  if (sameRow(copy, original, COMPANY_KEYS)) forceDifference(copy, ['name', 'city', 'website'], rng);
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Assembly

function setup(count: number, options: SyntheticOptions): { rng: Rng; copyChance: number } {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  const rate = options.duplicateRate ?? DEFAULT_DUPLICATE_RATE;
  if (!(rate >= 0 && rate <= MAX_DUPLICATE_RATE)) throw new RangeError(`duplicateRate must be within 0 and ${MAX_DUPLICATE_RATE}, got ${rate}`);
  // Extra copies per entity average q·MEAN; their share of all records is q·MEAN / (1 + q·MEAN).
  return { rng: new Rng(options.seed ?? DEFAULT_SEED), copyChance: rate / (MEAN_EXTRA_COPIES * (1 - rate)) };
}

const extraCopies = (rng: Rng): number => {
  const u = rng.next();
  return u < 0.8 ? 1 : u < 0.95 ? 2 : 3;
};

/** `count` HubSpot contacts; about `duplicateRate` of them are corrupted copies of another. */
export function generateContacts(count: number, options: SyntheticOptions = {}): SyntheticData {
  const { rng, copyChance } = setup(count, options);
  const factory = new ContactFactory(getPools(), rng, count);
  const props: ContactProps[] = [];
  const truth: string[] = [];
  for (let entity = 0; props.length < count; entity++) {
    const person = factory.next();
    const label = 'p' + entity;
    const original = renderPerson(person);
    sparsifyContact(original, rng);
    props.push(original);
    truth.push(label);
    if (!rng.chance(copyChance)) continue;
    for (let k = extraCopies(rng); k > 0 && props.length < count; k--) {
      props.push(contactCopy(person, original, factory, rng));
      truth.push(label);
    }
  }
  return assemble(props, truth, rng, (row, created, modified) => {
    row.createdate = created;
    row.lastmodifieddate = modified;
  });
}

/** `count` HubSpot companies; about `duplicateRate` of them are corrupted copies of another. */
export function generateCompanies(count: number, options: SyntheticOptions = {}): SyntheticData {
  const { rng, copyChance } = setup(count, options);
  const factory = new CompanyFactory(getPools(), rng);
  const props: CompanyProps[] = [];
  const truth: string[] = [];
  for (let entity = 0; props.length < count; entity++) {
    const org = factory.next();
    const label = 'o' + entity;
    const original = renderOrg(org);
    sparsifyCompany(original, rng);
    if (org.branch) original.city = org.place.city;
    props.push(original);
    truth.push(label);
    if (!rng.chance(copyChance)) continue;
    for (let k = extraCopies(rng); k > 0 && props.length < count; k--) {
      props.push(companyCopy(org, original, rng));
      truth.push(label);
    }
  }
  return assemble(props, truth, rng, (row, created, modified) => {
    row.createdate = created;
    row.hs_lastmodifieddate = modified;
  });
}

/**
 * Shuffles (copies were made next to their original), then gives ids and dates in record order,
 * as HubSpot does: ids grow with creation time, with gaps where records were deleted.
 */
function assemble<T extends Record<string, string>>(props: T[], truth: string[], rng: Rng, stamp: (row: T, created: string, modified: string) => void): SyntheticData {
  for (let i = props.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const row = props[i]!;
    props[i] = props[j]!;
    props[j] = row;
    const label = truth[i]!;
    truth[i] = truth[j]!;
    truth[j] = label;
  }
  const step = (LAST_CREATED - FIRST_CREATED) / Math.max(1, props.length);
  // Nine digits stay small integers, which V8 turns into strings fastest.
  let id = 100_000_000 + rng.int(1_000_000);
  const records: SyntheticRecord[] = [];
  for (let i = 0; i < props.length; i++) {
    const row = props[i]!;
    id += rng.chance(0.2) ? 2 + rng.int(20) : 1;
    const created = Math.floor(FIRST_CREATED + (i + rng.next()) * step);
    const r = rng.next();
    const modified = created + Math.floor((NOW - created) * r * r * r);
    stamp(row, String(created), String(modified));
    records.push({ id: String(id), properties: row, updatedAt: modified });
  }
  return { records, truth };
}
