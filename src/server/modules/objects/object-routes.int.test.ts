import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ObjectRecordPage, ObjectRecordSummary, ObjectRecordView } from '../../../shared/contracts/objects';
import { crmConnections, crmRecords, crmSyncState, duplicateGroups, scanHistory, users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { useTestApp } from '../../test/test-app';

const ctx = useTestApp({ work: false });

const DAY_MS = 86_400_000;
// One base time, so records seeded "a day ago" tie and their ids order them.
const SEEDED_AT = Date.now();
const daysAgo = (days: number) => new Date(SEEDED_AT - days * DAY_MS);

interface Account {
  cookie: string;
  userId: number;
  connectionId: number;
  scanId: number;
}

type Props = Record<string, string | null>;

async function account(email: string): Promise<Account> {
  const cookie = await activeUser(ctx, email);
  const db = ctx.database.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [connection] = await db.insert(crmConnections).values({ userId: user!.id, hubDomain: 'acme.hubspot.com' }).returning();
  const [scan] = await db.insert(scanHistory).values({ userId: user!.id, objectType: 'contacts', status: 'completed' }).returning();
  return { cookie, userId: user!.id, connectionId: connection!.id, scanId: scan!.id };
}

async function seedRecord(owner: Account, objectType: string, id: string, properties: Props, options: { updatedDaysAgo?: number; archived?: boolean; mergedIntoId?: string } = {}) {
  const changed = daysAgo(options.updatedDaysAgo ?? 1);
  await ctx.database.db.insert(crmRecords).values({
    connectionId: owner.connectionId,
    userId: owner.userId,
    objectType,
    hubspotId: id,
    properties,
    hubspotCreatedAt: daysAgo((options.updatedDaysAgo ?? 1) + 30),
    hubspotUpdatedAt: changed,
    archived: options.archived ?? false,
    mergedIntoId: options.mergedIntoId ?? null,
  });
}

async function seedGroup(owner: Account, ids: string[], values: { status?: string; confidence?: number; matchKey?: string; objectType?: string } = {}) {
  const [group] = await ctx.database.db
    .insert(duplicateGroups)
    .values({
      userId: owner.userId,
      objectType: values.objectType ?? 'contacts',
      scanId: owner.scanId,
      matchKey: values.matchKey ?? 'email',
      confidence: values.confidence ?? 0.9,
      status: values.status ?? 'pending',
      primaryRecordId: ids[0]!,
      records: ids.map((id, i) => ({ id, isPrimary: i === 0, properties: { email: 'ada@acme.io' }, updatedAt: null })),
      explanations: [],
    })
    .returning({ id: duplicateGroups.id });
  return group!.id;
}

const complete = (first: string, last: string, email: string, extra: Props = {}): Props => ({ firstname: first, lastname: last, email, phone: '(415) 555-2671', company: 'Acme', ...extra });

let ada: Account;
let bob: Account;
let adaGroup: number;
let bobGroup: number;

beforeAll(async () => {
  ada = await account('ada-objects@example.com');
  bob = await account('bob-objects@example.com');

  // Ada's contacts: 101-106 each raise one flag (or none); 201-230 are complete filler for paging.
  await seedRecord(ada, 'contacts', '101', complete('Grace', 'Hopper', 'grace@navy.mil'));
  await seedRecord(ada, 'contacts', '102', complete('Alan', 'Turing', '', { phone: null, mobilephone: '+44 20 7946 0958' }));
  await seedRecord(ada, 'contacts', '103', complete('Edsger', 'Dijkstra', 'edsger at tue.nl'));
  await seedRecord(ada, 'contacts', '104', complete('Barbara', 'Liskov', 'barbara@mit.edu', { phone: '12345', mobilephone: '0161 266 7527' }));
  await seedRecord(ada, 'contacts', '105', complete('Donald', 'Knuth', 'don@stanford.edu', { phone: '+1 415 555 2671 ext. 12' }), { updatedDaysAgo: 400 });
  await seedRecord(ada, 'contacts', '106', complete('Frances', 'Allen', 'fran@ibm.com', { phone: '415.555.2671' }), { updatedDaysAgo: 364 });
  for (let i = 0; i < 30; i++) {
    await seedRecord(ada, 'contacts', String(201 + i), complete(`Filler${String(i).padStart(2, '0')}`, 'Person', `filler${i}@acme.io`), { updatedDaysAgo: 2 + i });
  }
  // Merged away in HubSpot: never listed.
  await seedRecord(ada, 'contacts', '150', complete('Grace', 'Hopper', 'grace.hopper@navy.mil'), { archived: true, mergedIntoId: '101' });
  await seedRecord(ada, 'companies', '901', { name: 'Acme Corp', domain: 'acme.io', phone: 'n/a', city: 'Boston' });
  await seedRecord(ada, 'companies', '902', { name: 'Globex', domain: null, phone: '+1 617 555 0100', city: 'Springfield' });

  adaGroup = await seedGroup(ada, ['101', '150'], { confidence: 0.97, matchKey: 'firstname+lastname' });
  await seedGroup(ada, ['103', '201'], { status: 'dismissed' });

  // Bob uses the same HubSpot ids in his own portal; none of it may reach Ada.
  await seedRecord(bob, 'contacts', '101', complete('Bob', 'Secret', 'bob@secret.io'));
  await seedRecord(bob, 'contacts', '777', complete('Only', 'Bob', 'only@bob.io'));
  bobGroup = await seedGroup(bob, ['106', '777']);
});

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const list = async (cookie: string, query = '', type = 'contacts') => {
  const response = await get(cookie, `/api/objects/${type}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ObjectRecordPage;
};
const byId = (page: ObjectRecordPage, id: string) => page.records.find((r) => r.id === id) as ObjectRecordSummary;

describe('GET /api/objects/:objectType', () => {
  it('pages the live records, most recently updated first, 25 by default', async () => {
    const first = await list(ada.cookie);
    expect(first).toMatchObject({ objectType: 'contacts', page: 1, pageSize: 25, total: 36, staleAfterDays: 365, checks: ['missing-fields', 'invalid-email', 'invalid-phone', 'stale', 'possible-duplicate'] });
    expect(first.records).toHaveLength(25);
    expect(first.records.slice(0, 6).map((r) => r.id)).toEqual(['101', '102', '103', '104', '201', '202']);
    const second = await list(ada.cookie, '?page=2');
    expect(second.records.map((r) => r.id)).toEqual(['222', '223', '224', '225', '226', '227', '228', '229', '230', '106', '105']);
    expect(new Set([...first.records, ...second.records].map((r) => r.id)).size).toBe(36);
    expect(second.records.map((r) => r.id)).not.toContain('150');

    const small = await list(ada.cookie, '?pageSize=5&page=2');
    expect(small.records.map((r) => r.id)).toEqual(['202', '203', '204', '205', '206']);
    expect((await list(ada.cookie, '?page=9')).records).toEqual([]);
  });

  it('sorts by the oldest update or by name, with the id breaking ties', async () => {
    const oldest = await list(ada.cookie, '?sort=oldest&pageSize=3');
    expect(oldest.records.map((r) => r.id)).toEqual(['105', '106', '230']);
    const byName = await list(ada.cookie, '?sort=name&pageSize=4');
    expect(byName.records.map((r) => r.name)).toEqual(['Alan Turing', 'Barbara Liskov', 'Donald Knuth', 'Edsger Dijkstra']);
  });

  it('sends the list properties with their labels, key properties first', async () => {
    const page = await list(ada.cookie, '?pageSize=1');
    expect(page.fields.slice(0, 4)).toEqual([
      { property: 'email', label: 'Email', key: true },
      { property: 'firstname', label: 'First Name', key: true },
      { property: 'lastname', label: 'Last Name', key: true },
      { property: 'phone', label: 'Phone Number', key: true },
    ]);
    expect(page.records[0]).toMatchObject({ id: '101', name: 'Grace Hopper', properties: { email: 'grace@navy.mil', company: 'Acme', phone: '(415) 555-2671' } });
    expect(page.records[0]!.properties).not.toHaveProperty('address');
  });

  it('searches the key properties case-insensitively; every word must match', async () => {
    expect((await list(ada.cookie, '?search=HOPPER')).records.map((r) => r.id)).toEqual(['101']);
    expect((await list(ada.cookie, '?search=stanford.edu')).records.map((r) => r.id)).toEqual(['105']);
    expect((await list(ada.cookie, '?search=grace%20navy')).records.map((r) => r.id)).toEqual(['101']);
    expect((await list(ada.cookie, '?search=grace%20stanford')).total).toBe(0);
    // The record id, and a company name every record shares.
    expect((await list(ada.cookie, '?search=104')).records.map((r) => r.id)).toEqual(['104']);
    const acme = await list(ada.cookie, '?search=acme&pageSize=10');
    expect(acme.total).toBe(36);
    expect(acme.records).toHaveLength(10);
    // LIKE's wildcards are text like any other.
    expect((await list(ada.cookie, '?search=%25')).total).toBe(0);
    expect((await list(ada.cookie, '?search=_')).total).toBe(0);
  });

  it('flags each quality problem on the record it belongs to', async () => {
    const page = await list(ada.cookie, '?pageSize=100');
    expect(byId(page, '201').quality).toEqual({ flags: [], missingFields: [], invalidEmails: [], invalidPhones: [], daysSinceUpdate: 2, duplicateGroupIds: [] });
    // A mobile number stands in for the phone; the email is the gap.
    expect(byId(page, '102').quality).toMatchObject({ flags: ['missing-fields'], missingFields: ['email'] });
    expect(byId(page, '103').quality).toMatchObject({ flags: ['invalid-email'], invalidEmails: [{ property: 'email', value: 'edsger at tue.nl', reason: 'unreadable' }] });
    expect(byId(page, '104').quality).toMatchObject({
      flags: ['invalid-phone'],
      invalidPhones: [
        { property: 'phone', value: '12345', reason: 'unreadable' },
        { property: 'mobilephone', value: '0161 266 7527', reason: 'needs-country-code' },
      ],
    });
    expect(byId(page, '105').quality).toMatchObject({ flags: ['stale'], daysSinceUpdate: 400 });
    expect(byId(page, '106').quality).toMatchObject({ flags: [], daysSinceUpdate: 364 });
    // Only pending groups count, and only Ada's: Bob's group names an id 106 of his own portal.
    expect(byId(page, '101').quality).toMatchObject({ flags: ['possible-duplicate'], duplicateGroupIds: [adaGroup] });
    expect(byId(page, '201').quality.duplicateGroupIds).toEqual([]);
  });

  it('counts every flag over the whole type, whatever the search or filter', async () => {
    const counts = { all: 36, 'missing-fields': 1, 'invalid-email': 1, 'invalid-phone': 1, stale: 1, 'possible-duplicate': 1 };
    expect((await list(ada.cookie)).counts).toEqual(counts);
    expect((await list(ada.cookie, '?search=hopper&flag=stale')).counts).toEqual(counts);
    expect((await list(bob.cookie)).counts).toEqual({ all: 2, 'missing-fields': 0, 'invalid-email': 0, 'invalid-phone': 0, stale: 0, 'possible-duplicate': 1 });
  });

  it('filters by one flag, with the total of that flag', async () => {
    for (const [flag, id] of [
      ['missing-fields', '102'],
      ['invalid-email', '103'],
      ['invalid-phone', '104'],
      ['stale', '105'],
      ['possible-duplicate', '101'],
    ]) {
      const page = await list(ada.cookie, `?flag=${flag}`);
      expect(page.records.map((r) => r.id), flag).toEqual([id]);
      expect(page.total, flag).toBe(1);
    }
    expect((await list(ada.cookie, '?flag=stale&search=hopper')).total).toBe(0);
  });

  it('reads companies with their own key fields and phone check', async () => {
    const page = await list(ada.cookie, '', 'companies');
    expect(page.counts).toMatchObject({ all: 2, 'missing-fields': 1, 'invalid-phone': 1, 'invalid-email': 0 });
    expect(byId(page, '901')).toMatchObject({ name: 'Acme Corp', quality: { flags: ['invalid-phone'], invalidPhones: [{ property: 'phone', value: 'n/a', reason: 'unreadable' }] } });
    expect(byId(page, '902').quality).toMatchObject({ flags: ['missing-fields'], missingFields: ['domain'] });
    expect((await list(ada.cookie, '?search=springfield', 'companies')).records.map((r) => r.id)).toEqual(['902']);
    expect(page.checks).toEqual(['missing-fields', 'invalid-phone', 'stale', 'possible-duplicate']);
    const deals = await list(ada.cookie, '', 'deals');
    expect(deals.total).toBe(0);
    expect(deals.checks).toEqual(['missing-fields', 'stale', 'possible-duplicate']);
  });

  it('follows changes to the records and groups at once', async () => {
    const db = ctx.database.db;
    const groupId = await seedGroup(ada, ['202', '203']);
    expect((await list(ada.cookie)).counts['possible-duplicate']).toBe(3);
    await db.update(duplicateGroups).set({ status: 'dismissed' }).where(eq(duplicateGroups.id, groupId));
    expect((await list(ada.cookie)).counts['possible-duplicate']).toBe(1);
    // A sync writes new values and moves its own state.
    const synced = async (properties: Props, at: Date) => {
      await db.update(crmRecords).set({ properties, syncedAt: at }).where(and(eq(crmRecords.userId, ada.userId), eq(crmRecords.hubspotId, '230')));
      await db
        .insert(crmSyncState)
        .values({ connectionId: ada.connectionId, objectType: 'contacts', lastSyncStartedAt: at, lastSyncCompletedAt: at, syncedThrough: at })
        .onConflictDoUpdate({ target: [crmSyncState.connectionId, crmSyncState.objectType], set: { lastSyncStartedAt: at, lastSyncCompletedAt: at, syncedThrough: at } });
    };
    await synced(complete('Filler', 'Person', 'broken-address'), new Date(Date.now() - 1000));
    expect((await list(ada.cookie, '?flag=invalid-email')).records.map((r) => r.id).sort()).toEqual(['103', '230']);
    await synced(complete('Filler29', 'Person', 'filler29@acme.io'), new Date());
    expect((await list(ada.cookie)).counts['invalid-email']).toBe(1);
  });

  it('never shows another user’s records', async () => {
    const page = await list(ada.cookie, '?pageSize=100');
    expect(page.records.map((r) => r.id)).not.toContain('777');
    expect(byId(page, '101').name).toBe('Grace Hopper');
    expect((await list(ada.cookie, '?search=secret')).total).toBe(0);
    expect((await list(bob.cookie, '?pageSize=100')).records.map((r) => r.id).sort()).toEqual(['101', '777']);
  });

  it('refuses bad parameters with a 400 that says what is allowed', async () => {
    const cases = [
      ['/api/objects/people', 'objectType must be one of contacts, companies, deals, tickets'],
      ['/api/objects/people/1', 'objectType must be one of contacts, companies, deals, tickets'],
      ['/api/objects/contacts?page=0', 'page must be a whole number from 1 to 100000'],
      ['/api/objects/contacts?pageSize=101', 'pageSize must be a whole number from 1 to 100'],
      ['/api/objects/contacts?pageSize=ten', 'pageSize must be a whole number from 1 to 100'],
      ['/api/objects/contacts?flag=broken', 'flag must be one of missing-fields, invalid-email, invalid-phone, stale, possible-duplicate'],
      ['/api/objects/contacts?sort=size', 'sort must be one of recent, oldest, name'],
      [`/api/objects/contacts?search=${'a'.repeat(201)}`, 'search must be at most 200 characters'],
    ];
    for (const [url, message] of cases) {
      const response = await get(ada.cookie, url!);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining(message!) });
    }
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/objects/contacts' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/objects/contacts/101' })).statusCode).toBe(401);
  });
});

describe('GET /api/objects/:objectType/records.csv', () => {
  const csv = async (cookie: string, query = '') => {
    const response = await get(cookie, `/api/objects/contacts/records.csv${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    return { response, rows };
  };

  it('downloads the whole list, every page, as an attachment, one line per record', async () => {
    const { response, rows } = await csv(ada.cookie);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="contacts-all-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(rows).toHaveLength(36);
    expect(Object.keys(rows[0]!)).toEqual(['Record ID', 'Name', 'Email', 'First Name', 'Last Name', 'Phone Number', 'Mobile Phone Number', 'Company Name', 'Job Title', 'Issues', 'Missing key fields', 'Invalid values', 'Last changed', 'Duplicate groups']);
    const grace = rows.find((r) => r['Record ID'] === '101')!;
    expect(grace).toMatchObject({ Name: 'Grace Hopper', Issues: 'Possible duplicate', 'Duplicate groups': String(adaGroup) });
    expect(rows.some((r) => r.Name === 'Bob Secret')).toBe(false);
  });

  it('downloads one quality list: the flag, the search and the order the screen shows', async () => {
    const { response, rows } = await csv(ada.cookie, '?flag=invalid-phone');
    expect(response.headers['content-disposition']).toMatch(/filename="contacts-invalid-phone-/);
    expect(rows.map((r) => r['Record ID'])).toEqual(['104']);
    expect(rows[0]!.Issues).toBe('Invalid phone');
    expect(rows[0]!['Invalid values']).toContain(': 12345');
    expect(rows[0]!['Invalid values']).toContain(': 0161 266 7527');
    expect((await csv(ada.cookie, '?flag=missing-fields')).rows.map((r) => [r['Record ID'], r['Missing key fields']])).toEqual([['102', 'Email']]);
    expect((await csv(ada.cookie, '?search=filler&sort=name')).rows.map((r) => r['Record ID']).slice(0, 3)).toEqual(['201', '202', '203']);
  });

  it('defuses spreadsheet formulas and quotes commas, quotes and line breaks', async () => {
    const carol = await account('carol-objects@example.com');
    await seedRecord(carol, 'contacts', '501', complete('=HYPERLINK("http://evil.example","x")', 'Smith, Jr.', '+1@evil.example', { jobtitle: '@SUM(A1)', company: '-2+3', phone: 'line\nbreak' }));
    const { response, rows } = await csv(carol.cookie);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row['First Name']).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(row.Name).toBe('\'=HYPERLINK("http://evil.example","x") Smith, Jr.');
    expect(row['Last Name']).toBe('Smith, Jr.');
    expect(row.Email).toBe("'+1@evil.example");
    expect(row['Job Title']).toBe("'@SUM(A1)");
    expect(row['Company Name']).toBe("'-2+3");
    expect(row['Phone Number']).toBe('line\nbreak');
    // No cell of the raw file starts with a formula character.
    const cells = parse(response.body) as string[][];
    expect(cells.flat().filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });

  it('needs a signed-in user and refuses bad parameters', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/objects/contacts/records.csv' })).statusCode).toBe(401);
    const bad = await get(ada.cookie, '/api/objects/contacts/records.csv?flag=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    expect((await get(ada.cookie, '/api/objects/people/records.csv')).statusCode).toBe(400);
  });
});

describe('GET /api/objects/:objectType/:id', () => {
  it('gives every property with labels, the quality and the pending duplicate groups', async () => {
    const response = await get(ada.cookie, '/api/objects/contacts/101');
    expect(response.statusCode).toBe(200);
    const record = response.json() as ObjectRecordView;
    expect(record).toMatchObject({ objectType: 'contacts', id: '101', name: 'Grace Hopper', staleAfterDays: 365, properties: complete('Grace', 'Hopper', 'grace@navy.mil') });
    expect(record.fields.map((f) => f.property)).toEqual(['email', 'firstname', 'lastname', 'phone', 'company']);
    expect(record.fields.find((f) => f.property === 'company')).toEqual({ property: 'company', label: 'Company Name', key: false });
    expect(record.quality).toMatchObject({ flags: ['possible-duplicate'], duplicateGroupIds: [adaGroup], daysSinceUpdate: 1 });
    expect(record.duplicateGroups).toHaveLength(1);
    expect(record.duplicateGroups[0]).toMatchObject({ id: adaGroup, matchKey: 'firstname+lastname', confidence: expect.closeTo(0.97, 5), status: 'pending' });
    expect(record.duplicateGroups[0]!.records.map((r) => r.id)).toEqual(['101', '150']);
  });

  it('lists every key property, filled or not, and explains the flags', async () => {
    const record = (await get(ada.cookie, '/api/objects/contacts/104')).json() as ObjectRecordView;
    expect(record.fields.filter((f) => f.key).map((f) => f.property)).toEqual(['email', 'firstname', 'lastname', 'phone']);
    expect(record.quality.invalidPhones.map((p) => p.reason)).toEqual(['unreadable', 'needs-country-code']);
    const stale = (await get(ada.cookie, '/api/objects/contacts/105')).json() as ObjectRecordView;
    expect(stale.quality).toMatchObject({ flags: ['stale'], daysSinceUpdate: 400 });
  });

  it('is a 404 for an unknown id, another user’s record or one HubSpot merged away', async () => {
    const unknown = await get(ada.cookie, '/api/objects/contacts/424242');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'No contact with id 424242 in your HubSpot data.' });
    const bobs = await get(ada.cookie, '/api/objects/contacts/777');
    expect(bobs.statusCode).toBe(404);
    expect(bobs.body).not.toContain('Only');
    // The same id in Ada's portal is her own record, not Bob's.
    expect(((await get(ada.cookie, '/api/objects/contacts/101')).json() as ObjectRecordView).name).toBe('Grace Hopper');
    expect(((await get(bob.cookie, '/api/objects/contacts/101')).json() as ObjectRecordView).duplicateGroups).toEqual([]);
    const merged = await get(ada.cookie, '/api/objects/contacts/150');
    expect(merged.statusCode).toBe(404);
    expect(merged.json().message).toBe('This contact was merged into contact 101 in HubSpot.');
    // A record of another type is not found under this one.
    expect((await get(ada.cookie, '/api/objects/contacts/901')).statusCode).toBe(404);
  });

  it('shows Bob his own group', async () => {
    const record = (await get(bob.cookie, '/api/objects/contacts/777')).json() as ObjectRecordView;
    expect(record.duplicateGroups.map((g) => g.id)).toEqual([bobGroup]);
  });
});
