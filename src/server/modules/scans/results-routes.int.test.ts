import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { duplicateGroups, scanHistory, scanRuns, users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { useTestApp } from '../../test/test-app';

const ctx = useTestApp({ work: false });

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

const scanData = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    sync: { mode: 'full', fetched: 120, archived: 0 },
    selection: { inMirror: 120, scanned: 120, limitedBy: null, samplingRate: 100, recordLimit: 50_000 },
    fillRates: [{ property: 'email', label: 'Email', weight: 0.3, filled: 96, rate: 0.8 }],
    duplicationByField: [{ field: 'email', label: 'Email', properties: ['email'], recordsWithValue: 96, duplicateRecords: 12, share: 0.1 }],
    topIssues: [
      { kind: 'duplicates', label: '5 groups of duplicate records', records: 12, share: 0.1 },
      { kind: 'missing-values', property: 'email', label: 'Email missing', records: 24, share: 0.2 },
    ],
    engine: { settings: {}, threshold: { probability: 0.9, weight: 3.2 }, pairsCompared: 400 },
    formulas: [],
    ...overrides,
  });

const explanation = (a: string, b: string) => ({
  a,
  b,
  weight: 12.5,
  probability: 0.99,
  priorWeight: -8,
  fields: [{ field: 'email', label: 'Email', level: 'exact match', exact: true, weight: 14.2, valueA: 'ada@x.io', valueB: 'ada@x.io' }],
});

interface Seeded {
  cookie: string;
  id: number;
  contactsScanId: number;
  groupIds: number[];
}

async function userId(email: string): Promise<number> {
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

/** A user with a history of scans and 30 duplicate groups; `scale` sets them apart from another user's. */
async function seedUser(email: string, scale: number): Promise<Seeded> {
  const cookie = await activeUser(ctx, email);
  const id = await userId(email);
  const db = ctx.database.db;
  const [run] = await db.insert(scanRuns).values({ userId: id, status: 'completed', objectTypes: ['contacts', 'companies'] }).returning();
  const history = (values: Partial<typeof scanHistory.$inferInsert> & { objectType: string; timestamp: Date }) =>
    db
      .insert(scanHistory)
      .values({ userId: id, runId: run!.id, status: 'completed', ...values })
      .returning()
      .then(([row]) => row!);

  await history({ objectType: 'contacts', timestamp: daysAgo(200), totalRecords: 90 * scale, healthScore: 40, scanData: scanData() });
  await history({ objectType: 'contacts', timestamp: daysAgo(30), totalRecords: 100 * scale, duplicateRecords: 10, healthScore: 60, completenessScore: 55, scanData: scanData() });
  const contacts = await history({
    objectType: 'contacts',
    timestamp: daysAgo(1),
    totalRecords: 300 * scale,
    duplicateRecords: 12 * scale,
    healthScore: 80,
    emptyFieldsPercentage: 20,
    avgDataAgeInDays: 41.5,
    updateFrequencyScore: 70,
    duplicateScore: 85,
    completenessScore: 75,
    freshnessScore: 90,
    updateFrequencyScoreComponent: 10.5,
    scanData: scanData(),
  });
  // A newer scan that failed does not replace the results of the last completed one.
  await history({ objectType: 'contacts', timestamp: new Date(), status: 'failed', healthScore: 0 });
  await history({ objectType: 'companies', timestamp: daysAgo(2), totalRecords: 100 * scale, duplicateRecords: 2, healthScore: 40, scanData: 'not json' });

  const groupIds: number[] = [];
  for (let i = 0; i < 30; i++) {
    const [group] = await db
      .insert(duplicateGroups)
      .values({
        userId: id,
        objectType: i < 24 ? 'contacts' : 'companies',
        scanId: contacts.id,
        matchKey: i % 2 ? 'email' : 'firstname+lastname+phone',
        confidence: [0.5, 0.75, 0.9, 0.99][i % 4]!,
        status: i >= 20 && i < 23 ? 'dismissed' : 'pending',
        primaryRecordId: `${i}01`,
        records: [
          { id: `${i}01`, isPrimary: true, properties: { email: 'ada@x.io', firstname: 'Ada' }, updatedAt: '2025-01-02T03:04:05.000Z' },
          { id: `${i}02`, isPrimary: false, properties: { email: 'ada@x.io' }, updatedAt: null },
        ],
        explanations: [explanation(`${i}01`, `${i}02`)],
        createdAt: new Date(Date.now() - (30 - i) * 60_000),
      })
      .returning({ id: duplicateGroups.id });
    groupIds.push(group!.id);
  }
  return { cookie, id, contactsScanId: contacts.id, groupIds };
}

let ada: Seeded;
let bob: Seeded;
let empty: string;

beforeAll(async () => {
  ada = await seedUser('ada-results@example.com', 1);
  bob = await seedUser('bob-results@example.com', 2);
  empty = await activeUser(ctx, 'empty-results@example.com');
});

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

describe('GET /api/hubspot/results', () => {
  it('is an empty state before the first scan', async () => {
    const response = await get(empty, '/api/hubspot/results');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ lastScanAt: null, overallHealthScore: null, totalRecords: 0, duplicateRecords: 0, objects: [] });
  });

  it('gives the latest completed result per object type with every score, and a weighted overall score', async () => {
    const body = (await get(ada.cookie, '/api/hubspot/results')).json();
    expect(body.objects.map((o: { objectType: string }) => o.objectType)).toEqual(['contacts', 'companies']);
    const [contacts, companies] = body.objects;
    expect(contacts).toEqual({
      objectType: 'contacts',
      scanId: ada.contactsScanId,
      runId: expect.any(Number),
      timestamp: expect.any(String),
      totalRecords: 300,
      duplicateRecords: 12,
      healthScore: 80,
      emptyFieldsPercentage: 20,
      avgDataAgeInDays: 41.5,
      updateFrequencyScore: 70,
      duplicateScore: 85,
      completenessScore: 75,
      freshnessScore: 90,
      updateFrequencyScoreComponent: 10.5,
      fillRates: [{ property: 'email', label: 'Email', weight: 0.3, filled: 96, rate: 0.8 }],
      topIssues: [
        { kind: 'duplicates', label: '5 groups of duplicate records', records: 12, share: 0.1 },
        { kind: 'missing-values', property: 'email', label: 'Email missing', records: 24, share: 0.2 },
      ],
      selection: { inMirror: 120, scanned: 120, limitedBy: null, samplingRate: 100, recordLimit: 50_000 },
    });
    // A result whose scanData cannot be read still shows its scores.
    expect(companies).toMatchObject({ healthScore: 40, fillRates: [], topIssues: [], selection: null });
    // (80 * 300 + 40 * 100) / 400
    expect(body.overallHealthScore).toBe(70);
    expect(body.totalRecords).toBe(400);
    expect(body.duplicateRecords).toBe(14);
    expect(body.lastScanAt).toBe(contacts.timestamp);
  });
});

describe('GET /api/hubspot/historical-trends', () => {
  it('gives each object type its completed scans of the last 90 days, oldest first', async () => {
    const response = await get(ada.cookie, '/api/hubspot/historical-trends');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.days).toBe(90);
    expect(body.series.map((s: { objectType: string }) => s.objectType)).toEqual(['contacts', 'companies', 'deals', 'tickets']);
    const contacts = body.series[0].points;
    expect(contacts.map((p: { healthScore: number }) => p.healthScore)).toEqual([60, 80]);
    expect(contacts[0]).toEqual({
      scanId: expect.any(Number),
      timestamp: expect.any(String),
      healthScore: 60,
      completenessScore: 55,
      freshnessScore: 0,
      duplicateScore: 0,
      updateFrequencyScore: 0,
      totalRecords: 100,
      duplicateRecords: 10,
    });
    expect(body.series[2].points).toEqual([]);
  });

  it('takes a period and an object type', async () => {
    const body = (await get(ada.cookie, '/api/hubspot/historical-trends?objectType=contacts&days=365')).json();
    expect(body.series).toHaveLength(1);
    expect(body.series[0].points.map((p: { healthScore: number }) => p.healthScore)).toEqual([40, 60, 80]);
  });

  it('refuses a bad period or object type', async () => {
    for (const [query, message] of [
      ['days=0', 'days must be a whole number from 1 to 365'],
      ['days=abc', 'days must be a whole number from 1 to 365'],
      ['days=400', 'days must be a whole number from 1 to 365'],
      ['objectType=leads', 'objectType must be one of contacts, companies, deals, tickets'],
    ]) {
      const response = await get(ada.cookie, `/api/hubspot/historical-trends?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });
});

describe('GET /api/hubspot/duplication-by-field', () => {
  it('gives the latest scan’s duplication by field per object type', async () => {
    const body = (await get(ada.cookie, '/api/hubspot/duplication-by-field')).json();
    expect(body.objects).toEqual([
      {
        objectType: 'contacts',
        scanId: ada.contactsScanId,
        timestamp: expect.any(String),
        totalRecords: 300,
        fields: [{ field: 'email', label: 'Email', properties: ['email'], recordsWithValue: 96, duplicateRecords: 12, share: 0.1 }],
      },
      { objectType: 'companies', scanId: expect.any(Number), timestamp: expect.any(String), totalRecords: 100, fields: [] },
    ]);
    const one = (await get(ada.cookie, '/api/hubspot/duplication-by-field?objectType=companies')).json();
    expect(one.objects.map((o: { objectType: string }) => o.objectType)).toEqual(['companies']);
    expect((await get(empty, '/api/hubspot/duplication-by-field')).json()).toEqual({ objects: [] });
  });
});

describe('GET /api/duplicates', () => {
  type Group = { id: number; confidence: number; status: string; objectType: string; createdAt: string };
  const list = async (cookie: string, query = '') => {
    const response = await get(cookie, `/api/duplicates${query}`);
    expect(response.statusCode, query).toBe(200);
    return response.json() as { groups: Group[]; page: number; pageSize: number; total: number };
  };

  it('pages pending groups, most confident first, 25 to a page', async () => {
    const first = await list(ada.cookie);
    expect(first).toMatchObject({ page: 1, pageSize: 25, total: 27 });
    expect(first.groups).toHaveLength(25);
    expect(first.groups.every((g) => g.status === 'pending')).toBe(true);
    const confidences = first.groups.map((g) => g.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));

    const second = await list(ada.cookie, '?page=2');
    expect(second.groups).toHaveLength(2);
    const ids = [...first.groups, ...second.groups].map((g) => g.id);
    expect(new Set(ids).size).toBe(27);
    expect((await list(ada.cookie, '?page=3')).groups).toEqual([]);
  });

  it('gives each group with its records and explanations', async () => {
    const [group] = (await list(ada.cookie, '?sort=newest&pageSize=1')).groups;
    expect(group).toEqual({
      id: ada.groupIds[29],
      objectType: 'companies',
      scanId: ada.contactsScanId,
      matchKey: 'email',
      confidence: expect.closeTo(0.75, 5),
      status: 'pending',
      primaryRecordId: '2901',
      records: [
        { id: '2901', isPrimary: true, properties: { email: 'ada@x.io', firstname: 'Ada' }, updatedAt: '2025-01-02T03:04:05.000Z' },
        { id: '2902', isPrimary: false, properties: { email: 'ada@x.io' }, updatedAt: null },
      ],
      explanations: [explanation('2901', '2902')],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      // No portal connected in this test: nothing to name.
      valueLabels: {},
    });
  });

  it('filters by object type, status and confidence, and sorts by newest', async () => {
    expect((await list(ada.cookie, '?objectType=companies')).total).toBe(6);
    expect((await list(ada.cookie, '?status=dismissed')).groups.map((g) => g.id)).toEqual(expect.arrayContaining(ada.groupIds.slice(20, 23)));
    expect((await list(ada.cookie, '?status=dismissed')).total).toBe(3);
    expect((await list(ada.cookie, '?status=all&pageSize=100')).total).toBe(30);
    expect((await list(ada.cookie, '?status=merged')).total).toBe(0);

    const confident = await list(ada.cookie, '?minConfidence=0.9&pageSize=100');
    expect(confident.groups.every((g) => g.confidence >= 0.89)).toBe(true);
    // 0.9 and 0.99 each on a quarter of the 27 pending groups, the stored 0.9 included.
    expect(confident.total).toBe(13);
    expect((await list(ada.cookie, '?minConfidence=0.7&maxConfidence=0.8')).groups.every((g) => Math.abs(g.confidence - 0.75) < 1e-6)).toBe(true);

    const newest = await list(ada.cookie, '?sort=newest&status=all&pageSize=100');
    const times = newest.groups.map((g) => g.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(newest.groups[0]!.id).toBe(ada.groupIds[29]);
  });

  it('refuses bad paging, filters and sorts with a 400', async () => {
    const cases: [string, string][] = [
      ['pageSize=101', 'pageSize must be a whole number from 1 to 100'],
      ['pageSize=0', 'pageSize must be a whole number from 1 to 100'],
      ['page=0', 'page must be a whole number from 1 to 100000'],
      ['page=two', 'page must be a whole number from 1 to 100000'],
      ['status=archived', 'status must be one of pending, merged, dismissed, failed, all'],
      ['sort=oldest', 'sort must be one of confidence, newest'],
      ['objectType=leads', 'objectType must be one of contacts, companies, deals, tickets'],
      ['minConfidence=2', 'minConfidence must be from 0 to 1'],
      ['maxConfidence=x', 'maxConfidence must be a number from 0 to 1'],
      ['minConfidence=0.9&maxConfidence=0.5', 'minConfidence must not be above maxConfidence'],
    ];
    for (const [query, message] of cases) {
      const response = await get(ada.cookie, `/api/duplicates?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining(message) });
    }
    expect((await get(ada.cookie, '/api/duplicates?pageSize=100')).statusCode).toBe(200);
  });
});

describe('GET /api/duplicates/:id', () => {
  it('gives one of my groups, and 404 for anyone else’s or none', async () => {
    const mine = await get(ada.cookie, `/api/duplicates/${ada.groupIds[3]}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: ada.groupIds[3], objectType: 'contacts', status: 'pending', records: [{ id: '301' }, { id: '302' }] });

    const theirs = await get(ada.cookie, `/api/duplicates/${bob.groupIds[3]}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'NOT_FOUND', message: 'No such duplicate group.' });
    expect((await get(ada.cookie, '/api/duplicates/99999999')).statusCode).toBe(404);
    expect((await get(ada.cookie, '/api/duplicates/abc')).statusCode).toBe(400);
  });
});

describe('one user’s results', () => {
  it('never show another user’s scans or groups', async () => {
    const adaResults = (await get(ada.cookie, '/api/hubspot/results')).json();
    const bobResults = (await get(bob.cookie, '/api/hubspot/results')).json();
    expect(adaResults.totalRecords).toBe(400);
    expect(bobResults.totalRecords).toBe(800);
    expect(bobResults.objects[0].scanId).toBe(bob.contactsScanId);

    const bobTrends = (await get(bob.cookie, '/api/hubspot/historical-trends?objectType=contacts')).json();
    expect(bobTrends.series[0].points.map((p: { totalRecords: number }) => p.totalRecords)).toEqual([200, 600]);
    expect((await get(bob.cookie, '/api/hubspot/duplication-by-field')).json().objects[0].scanId).toBe(bob.contactsScanId);

    const bobGroups = (await get(bob.cookie, '/api/duplicates?status=all&pageSize=100')).json();
    expect(bobGroups.total).toBe(30);
    expect(bobGroups.groups.map((g: { id: number }) => g.id).sort()).toEqual([...bob.groupIds].sort());
    expect((await get(empty, '/api/duplicates?status=all')).json()).toMatchObject({ groups: [], total: 0 });
    expect((await get(bob.cookie, `/api/duplicates/${ada.groupIds[0]}`)).statusCode).toBe(404);
  });
});

describe('signed out', () => {
  it('answers 401 on every results route', async () => {
    for (const url of ['/api/hubspot/results', '/api/hubspot/historical-trends', '/api/hubspot/duplication-by-field', '/api/duplicates', `/api/duplicates/${ada.groupIds[0]}`]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });
});
