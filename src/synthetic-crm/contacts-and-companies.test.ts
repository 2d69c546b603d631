import { describe, expect, it } from 'vitest';
import { generateCompanies, generateContacts, type SyntheticData, type SyntheticRecord } from './contacts-and-companies';

type Row = Record<string, string>;

const CONTACT_PROPERTIES = ['firstname', 'lastname', 'email', 'phone', 'company', 'jobtitle', 'address', 'city', 'state', 'zip', 'country'];
const COMPANY_PROPERTIES = ['name', 'domain', 'website', 'phone', 'city', 'state', 'country', 'industry', 'numberofemployees'];

// Generated once: the pools take a moment to build and the data is read-only.
const contacts = generateContacts(4000, { seed: 11 });
const companies = generateCompanies(3000, { seed: 11 });

const props = (record: SyntheticRecord): Row => record.properties as Row;

/** Record indexes per entity. */
function entities(truth: readonly string[]): number[][] {
  const byEntity = new Map<string, number[]>();
  truth.forEach((entity, i) => {
    const list = byEntity.get(entity);
    if (list) list.push(i);
    else byEntity.set(entity, [i]);
  });
  return [...byEntity.values()];
}

/** Every pair of records of one entity. */
function duplicatePairs(data: SyntheticData): [Row, Row][] {
  const pairs: [Row, Row][] = [];
  for (const group of entities(data.truth)) {
    for (let a = 0; a < group.length; a++) {
      for (let b = a + 1; b < group.length; b++) pairs.push([props(data.records[group[a]!]!), props(data.records[group[b]!]!)]);
    }
  }
  return pairs;
}

/** Comparison keys of the kind a matcher treats as strong evidence. */
const emailKey = (email: string): string => {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const bare = local.split('+')[0] ?? '';
  return (domain === 'gmail.com' ? bare.replaceAll('.', '') : bare) + '@' + domain;
};
const emailLocal = (email: string): string => email.trim().toLowerCase().split('@')[0] ?? '';
const phoneKey = (phone: string): string => phone.replace(/\s*(?:ext\.?|x|#)\s*\d+$/i, '').replace(/\D/g, '').slice(-9);
const hostKey = (url: string): string => url.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/[/?].*$/, '');

const samePhone = (a: Row, b: Row): boolean => phoneKey(a.phone ?? '').length >= 7 && phoneKey(a.phone ?? '') === phoneKey(b.phone ?? '');
const sameEmail = (a: Row, b: Row): boolean =>
  !!a.email && !!b.email && (emailKey(a.email) === emailKey(b.email) || emailLocal(a.email) === emailLocal(b.email));
const hosts = (row: Row): string[] => [row.domain, row.website].filter((value): value is string => !!value).map(hostKey);
const sameHost = (a: Row, b: Row): boolean => hosts(a).some((host) => hosts(b).includes(host));

const share = (items: readonly unknown[], test: (item: never) => boolean): number =>
  items.filter((item) => test(item as never)).length / items.length;

/** Distinct entities that share a key: the lookalikes that test precision. */
/** For each value that records of two or more entities share: one record of each of those entities. */
function sitesOfDistinctEntities(data: SyntheticData, key: (row: Row) => string | null): Row[][] {
  const byKey = new Map<string, Map<string, Row>>();
  data.records.forEach((record, i) => {
    const value = key(props(record));
    if (value === null) return;
    const rows = byKey.get(value) ?? new Map<string, Row>();
    // The row naming a town stands for its entity: its copies may have lost it.
    if (!rows.get(data.truth[i]!)?.city) rows.set(data.truth[i]!, props(record));
    byKey.set(value, rows);
  });
  return [...byKey.values()].filter((rows) => rows.size > 1).map((rows) => [...rows.values()]);
}

function sharedByDistinctEntities(data: SyntheticData, key: (row: Row) => string | null): number {
  const entitiesByKey = new Map<string, Set<string>>();
  data.records.forEach((record, i) => {
    const value = key(props(record));
    if (value === null) return;
    const set = entitiesByKey.get(value) ?? new Set<string>();
    set.add(data.truth[i]!);
    entitiesByKey.set(value, set);
  });
  return [...entitiesByKey.values()].filter((set) => set.size > 1).length;
}

describe('generateContacts', () => {
  it('returns exactly `count` records, each with a truth label', () => {
    for (const count of [0, 1, 2, 17, 1234]) {
      const { records, truth } = generateContacts(count, { seed: 5 });
      expect(records).toHaveLength(count);
      expect(truth).toHaveLength(count);
    }
    expect(contacts.records).toHaveLength(4000);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateContacts(1500, { seed: 11 })).toEqual(generateContacts(1500, { seed: 11 }));
    const other = generateContacts(1500, { seed: 12 });
    const names = (data: SyntheticData) => data.records.map((r) => `${props(r).firstname} ${props(r).lastname}`);
    expect(names(other)).not.toEqual(names(generateContacts(1500, { seed: 11 })));
  });

  it('gives unique HubSpot-like numeric ids', () => {
    const ids = contacts.records.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^\d{6,12}$/);
  });

  it('uses HubSpot property names and epoch-millisecond dates', () => {
    for (const record of contacts.records) {
      const row = props(record);
      expect(Object.keys(row).sort()).toEqual([...CONTACT_PROPERTIES, 'createdate', 'lastmodifieddate'].sort());
      expect(row.createdate).toMatch(/^\d{13}$/);
      expect(Number(row.lastmodifieddate)).toBeGreaterThanOrEqual(Number(row.createdate));
      expect(record.updatedAt).toBe(Number(row.lastmodifieddate));
    }
  });

  it('makes about duplicateRate of the records extra copies, mostly pairs', () => {
    for (const rate of [0, 0.1, 0.2, 0.4]) {
      const { truth } = generateContacts(5000, { seed: 3, duplicateRate: rate });
      const groups = entities(truth);
      expect(Math.abs((truth.length - groups.length) / truth.length - rate)).toBeLessThan(0.03);
    }
    const sizes = entities(contacts.truth).map((group) => group.length).filter((size) => size > 1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4);
    expect(share(sizes, (size: number) => size === 2)).toBeGreaterThan(0.7);
    expect(sizes.some((size) => size >= 3)).toBe(true);
    // Default rate 0.2: extra copies are a fifth of the records, so ~36% belong to duplicated entities.
    const inDuplicated = sizes.reduce((sum, size) => sum + size, 0) / contacts.truth.length;
    expect(inDuplicated).toBeGreaterThan(0.3);
    expect(inDuplicated).toBeLessThan(0.42);
  });

  it('corrupts copies, yet most keep an email or a phone', () => {
    const pairs = duplicatePairs(contacts);
    expect(pairs.length).toBeGreaterThan(500);
    expect(share(pairs, ([a, b]: [Row, Row]) => CONTACT_PROPERTIES.some((key) => a[key] !== b[key]))).toBeGreaterThan(0.98);
    // Corruptions beyond blanks: names, emails and phones really vary.
    expect(share(pairs, ([a, b]: [Row, Row]) => !!a.lastname && !!b.lastname && a.lastname !== b.lastname)).toBeGreaterThan(0.05);
    expect(share(pairs, ([a, b]: [Row, Row]) => !!a.email && !!b.email && a.email !== b.email)).toBeGreaterThan(0.05);
    expect(share(pairs, ([a, b]: [Row, Row]) => !!a.phone && !!b.phone && a.phone !== b.phone)).toBeGreaterThan(0.03);
    expect(share(pairs, ([a, b]: [Row, Row]) => sameEmail(a, b) || samePhone(a, b))).toBeGreaterThan(0.85);
  });

  it('every duplicate shares something that identifies the person with another record of it, not the name alone', () => {
    const houseNumber = (address: string) => /\d+/.exec(address)?.[0] ?? address.toLowerCase();
    const identifies = (a: Row, b: Row) =>
      (!!a.email && !!b.email && emailKey(a.email) === emailKey(b.email)) || samePhone(a, b) || (!!a.company && !!b.company) || (!!a.address && !!b.address && houseNumber(a.address) === houseNumber(b.address));
    for (const group of entities(contacts.truth).filter((members) => members.length > 1)) {
      for (const i of group) expect(group.some((j) => j !== i && identifies(props(contacts.records[i]!), props(contacts.records[j]!)))).toBe(true);
    }
  });

  it('uses nicknames and swapped names among the corruptions', () => {
    const pairs = duplicatePairs(contacts);
    const nicknames: Record<string, readonly string[]> = {
      robert: ['bob', 'bobby', 'rob', 'robbie'], william: ['bill', 'billy', 'will', 'willy', 'liam'], james: ['jim', 'jimmy', 'jamie'],
      john: ['jack', 'johnny'], michael: ['mike', 'mikey'], richard: ['rick', 'dick', 'rich', 'richie'], thomas: ['tom', 'tommy'],
      joseph: ['joe', 'joey'], daniel: ['dan', 'danny'], donald: ['don'], raymond: ['ray'], andrew: ['andy', 'drew'],
      elizabeth: ['liz', 'beth', 'betty', 'lizzie', 'eliza'], margaret: ['peggy', 'maggie', 'meg'], patricia: ['pat', 'patty', 'trish'],
      jennifer: ['jen', 'jenny'], katherine: ['kate', 'kathy', 'katie'], susan: ['sue', 'susie'], barbara: ['barb'],
    };
    const nick = (formal: Row, short: Row) => nicknames[formal.firstname?.toLowerCase() ?? '']?.includes(short.firstname?.toLowerCase() ?? '') ?? false;
    expect(pairs.filter(([a, b]) => nick(a, b) || nick(b, a)).length).toBeGreaterThan(3);
    expect(pairs.some(([a, b]) => !!a.firstname && a.firstname === b.lastname && a.lastname === b.firstname)).toBe(true);
  });

  it('includes distinct people who look alike', () => {
    const name = (row: Row) => (row.firstname && row.lastname ? `${row.firstname}|${row.lastname}`.toLowerCase() : null);
    expect(sharedByDistinctEntities(contacts, name)).toBeGreaterThan(20);
    // Family members: same surname at the same address.
    const home = (row: Row) => (row.lastname && row.address ? `${row.lastname}|${row.address}`.toLowerCase() : null);
    expect(sharedByDistinctEntities(contacts, home)).toBeGreaterThan(3);
  });

  it('has colleagues who share a surname and the company domain, on initials-style mailboxes ("nhoppe@", "nhoppe2@")', () => {
    const domain = (row: Row) => (row.email ? emailKey(row.email).split('@')[1]! : '');
    const atWork = (row: Row) => !!row.company && !!row.email && domain(row) !== '' && !/(gmail|yahoo|outlook|hotmail|aol|icloud|comcast|btinternet|web\.de|orange|optusnet|protonmail)/.test(domain(row));
    const colleagues = (row: Row) => (atWork(row) && row.lastname ? `${row.lastname}|${domain(row)}`.toLowerCase() : null);
    expect(sharedByDistinctEntities(contacts, colleagues)).toBeGreaterThan(20);
    // The second person with one initials-style mailbox at a company gets "2".
    const numbered = contacts.records.map(props).filter((row) => atWork(row) && /^[a-z][a-z]+2@/.test(emailKey(row.email!)));
    expect(numbered.length).toBeGreaterThan(0);
  });

  it('keeps distinct people on distinct mailboxes, apart from shared role addresses', () => {
    const mailbox = (row: Row) => (row.email && !/^(info|sales|office|contact)@/i.test(row.email) ? emailKey(row.email) : null);
    expect(sharedByDistinctEntities(contacts, mailbox)).toBe(0);
  });

  it('is mostly US, with some UK, German, French and Australian records', () => {
    const countries = contacts.records.map((r) => props(r).country).filter((country) => !!country);
    const us = share(countries, (c: string) => ['United States', 'USA', 'US', 'U.S.', 'United States of America'].includes(c));
    expect(us).toBeGreaterThan(0.75);
    expect(us).toBeLessThan(0.95);
    for (const country of ['United Kingdom', 'Germany', 'France', 'Australia']) expect(countries).toContain(country);
    const phones = contacts.records.map((r) => props(r).phone ?? '');
    expect(phones.some((phone) => /^\(\d{3}\) \d{3}-\d{4}$/.test(phone))).toBe(true);
    expect(phones.some((phone) => /^\d{3}-\d{3}-\d{4}$/.test(phone))).toBe(true);
    expect(phones.some((phone) => /^\+1/.test(phone))).toBe(true);
  });

  it('rejects a bad count or rate', () => {
    expect(() => generateContacts(-1)).toThrow(RangeError);
    expect(() => generateContacts(1.5)).toThrow(RangeError);
    expect(() => generateContacts(10, { duplicateRate: 0.9 })).toThrow(RangeError);
  });
});

describe('generateCompanies', () => {
  it('returns exactly `count` records with unique ids and HubSpot property names', () => {
    for (const count of [0, 1, 9, 777]) expect(generateCompanies(count, { seed: 2 }).records).toHaveLength(count);
    const ids = companies.records.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const record of companies.records) {
      expect(Object.keys(props(record)).sort()).toEqual([...COMPANY_PROPERTIES, 'createdate', 'hs_lastmodifieddate'].sort());
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateCompanies(1000, { seed: 4 })).toEqual(generateCompanies(1000, { seed: 4 }));
    const names = (data: SyntheticData) => data.records.map((r) => props(r).name);
    expect(names(generateCompanies(1000, { seed: 5 }))).not.toEqual(names(generateCompanies(1000, { seed: 4 })));
  });

  it('makes about duplicateRate of the records extra copies', () => {
    const groups = entities(companies.truth);
    expect(Math.abs((companies.truth.length - groups.length) / companies.truth.length - 0.2)).toBeLessThan(0.03);
  });

  it('corrupts copies, yet most keep a domain or a phone', () => {
    const pairs = duplicatePairs(companies);
    expect(share(pairs, ([a, b]: [Row, Row]) => COMPANY_PROPERTIES.some((key) => a[key] !== b[key]))).toBeGreaterThan(0.98);
    expect(share(pairs, ([a, b]: [Row, Row]) => !!a.name && !!b.name && a.name !== b.name)).toBeGreaterThan(0.15);
    expect(share(pairs, ([a, b]: [Row, Row]) => !!a.website && !!b.website && a.website !== b.website)).toBeGreaterThan(0.05);
    expect(share(pairs, ([a, b]: [Row, Row]) => sameHost(a, b) || samePhone(a, b))).toBeGreaterThan(0.9);
  });

  it('includes distinct companies with the same name; one website only for branches of a chain, in other towns', () => {
    const legalForm = /,? (inc\.?|incorporated|llc|l\.l\.c\.|ltd\.?|limited|corp\.?|corporation|co\.|gmbh|ag|sas|sarl|sa|pty ltd|plc|llp)$/;
    const name = (row: Row) => (row.name ? row.name.toLowerCase().replace(legalForm, '').trim() : null);
    expect(sharedByDistinctEntities(companies, name)).toBeGreaterThan(20);
    // The website as written: a Facebook page or a Google site is a page on a host many firms share.
    const site = (row: Row) => (row.website ? hostKey(row.website) + row.website.replace(/^[^/]*\/\/[^/]*|^[^/]*/, '').replace(/\/home$|\/$/, '') : null);
    const shared = sitesOfDistinctEntities(companies, site);
    expect(shared.length).toBeGreaterThan(0);
    for (const rows of shared) expect(new Set(rows.map((row) => (row.city ?? '').toLowerCase())).size).toBe(rows.length);
    // HubSpot's domain for such a page is the host's, shared by unrelated firms.
    const hostDomains = new Set(companies.records.map((r) => props(r).domain).filter((d) => d && /^(facebook\.com|instagram\.com|business\.site|wixsite\.com)$/.test(d)));
    expect(hostDomains.size).toBeGreaterThan(1);
  });
});
