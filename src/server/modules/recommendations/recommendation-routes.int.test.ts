import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RecommendationList } from '../../../shared/contracts/recommendations';
import type { HealthResults } from '../../../shared/contracts/results';
import { crmConnections, crmRecords, crmSyncState, crmValueLabels, duplicateGroups, recommendationStates, scanHistory, scanRuns, users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { useTestApp } from '../../test/test-app';
import { recommendationsFor } from './recommendations';

const ctx = useTestApp({ work: false });
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

async function get<T>(url: string, cookie?: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
const post = (url: string, cookie: string) => ctx.app.inject({ method: 'POST', url, headers: { cookie } });

const scanData = (emailFilled: number, total: number) =>
  JSON.stringify({
    selection: { inMirror: total, scanned: total, limitedBy: null, samplingRate: 100, recordLimit: null },
    fillRates: [
      { property: 'email', label: 'Email', weight: 3, filled: emailFilled, rate: emailFilled / total },
      { property: 'phone', label: 'Phone number', weight: 2, filled: total, rate: 1 },
      { property: 'firstname', label: 'First name', weight: 2, filled: total, rate: 1 },
    ],
  });

/** A user whose contacts lack emails, whose health fell, with pending duplicate groups and stale records in the mirror. */
async function seed(email: string) {
  const cookie = await activeUser(ctx, email);
  const db = ctx.database.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const userId = user!.id;
  const [run] = await db.insert(scanRuns).values({ userId, status: 'completed', objectTypes: ['contacts'] }).returning();
  const history = (timestamp: Date, healthScore: number, emailFilled: number) =>
    db
      .insert(scanHistory)
      .values({ userId, runId: run!.id, objectType: 'contacts', status: 'completed', timestamp, totalRecords: 200, duplicateRecords: 12, healthScore, scanData: scanData(emailFilled, 200) })
      .returning()
      .then(([row]) => row!);
  await history(daysAgo(8), 82, 180);
  const latest = await history(daysAgo(1), 70.4, 90);
  for (let i = 0; i < 4; i++) {
    await db.insert(duplicateGroups).values({
      userId,
      objectType: 'contacts',
      scanId: latest.id,
      matchKey: 'email',
      confidence: i === 0 ? 0.99 : 0.85,
      primaryRecordId: `${i}1`,
      records: [1, 2, 3].map((n) => ({ id: `${i}${n}`, isPrimary: n === 1, properties: {}, updatedAt: null })),
      explanations: [],
    });
  }
  const [connection] = await db.insert(crmConnections).values({ userId, hubId: `p-${userId}` }).returning();
  await db.insert(crmRecords).values(
    Array.from({ length: 10 }, (_, i) => ({
      connectionId: connection!.id,
      userId,
      objectType: 'deals',
      hubspotId: `d${i}`,
      properties: { dealname: i < 4 ? `=Old deal ${i}` : `Deal ${i}` },
      hubspotUpdatedAt: i < 4 ? daysAgo(500) : daysAgo(3),
    })),
  );
  return { cookie, userId, connectionId: connection!.id };
}

describe('recommendations', () => {
  it('computes them from the latest scans, with the figures the results API reports', async () => {
    const { cookie } = await seed('recs-numbers@example.com');
    const results = await get<HealthResults>('/api/hubspot/results', cookie);
    const list = await get<RecommendationList>('/api/hubspot/recommendations', cookie);
    const contacts = results.objects.find((o) => o.objectType === 'contacts')!;
    const byKey = new Map(list.recommendations.map((r) => [r.key, r]));
    expect(list.basedOnScanAt).toBe(results.lastScanAt);

    const email = contacts.fillRates.find((f) => f.property === 'email')!;
    expect(byKey.get('low-fill-email:contacts')!.evidence).toMatchObject({ recordsAffected: contacts.totalRecords - email.filled, totalRecords: contacts.totalRecords, percent: 55 });
    expect(byKey.get('health-dropped:contacts')!.evidence.figures).toMatchObject({ healthScore: contacts.healthScore, previousHealthScore: 82, drop: 11.6 });
    expect(byKey.get('pending-duplicates:contacts')!).toMatchObject({ evidence: { recordsAffected: 12, figures: { groups: 4, highConfidenceGroups: 1 } }, expectedGain: { duplicatesRemoved: 8 } });
    expect(byKey.get('stale-records:deals')!.evidence).toMatchObject({ recordsAffected: 4, totalRecords: 10 });
    expect(byKey.has('never-scanned:contacts')).toBe(false);
    expect(byKey.has('never-scanned:deals')).toBe(true);
  });

  it("serves the affected records as the objects screen's CSV: every one, stages by name, formulas defused", async () => {
    const { cookie, userId, connectionId } = await seed('recs-csv@example.com');
    const db = ctx.database.db;
    // More stale deals than one of the list's pages (500), one in a stage the portal names.
    await db.insert(crmRecords).values(
      Array.from({ length: 520 }, (_, i) => ({ connectionId, userId, objectType: 'deals', hubspotId: `s${i}`, properties: { dealname: `Stale deal ${i}` }, hubspotUpdatedAt: daysAgo(400 + i) })),
    );
    await db.update(crmRecords).set({ properties: { dealname: '=Old deal 0', dealstage: 'appointmentscheduled' } }).where(and(eq(crmRecords.userId, userId), eq(crmRecords.hubspotId, 'd0')));
    await db.insert(crmValueLabels).values({ connectionId, objectType: 'deals', property: 'dealstage', value: 'appointmentscheduled', label: 'Demo booked' });

    const url = '/api/hubspot/recommendations/stale-records:deals/records.csv';
    const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The objects screen's file-name rule: type, flag, day.
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="deals-stale-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['Record ID', 'Name', 'Deal Stage', 'Issues', 'Last changed']));
    expect(rows).toHaveLength(524);
    expect(rows.every((r) => r.Issues?.includes('Stale'))).toBe(true);
    // Oldest change first, as the recommendation is about the longest untouched.
    expect(rows[0]!['Record ID']).toBe('s519');
    const old = rows.find((r) => r['Record ID'] === 'd0')!;
    expect(old).toMatchObject({ Name: "'=Old deal 0", 'Deal Stage': 'Demo booked' });
    expect((parse(response.body) as string[][]).flat().filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    // A rule without records of its own has no CSV.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/hubspot/recommendations/health-dropped:contacts/records.csv', headers: { cookie } })).statusCode).toBe(404);
  });

  it('keeps dismissed and done ones gone while the finding holds, and shows them again when it returns', async () => {
    const { cookie, userId, connectionId } = await seed('recs-states@example.com');
    const db = ctx.database.db;
    // Records change through syncs; a sync's end is what tells the flag counts to look again.
    let syncs = 0;
    const synced = (change: Partial<typeof crmRecords.$inferInsert>) =>
      db
        .update(crmRecords)
        .set(change)
        .where(eq(crmRecords.userId, userId))
        .then(() => {
          const at = new Date(Date.now() + ++syncs);
          return db.insert(crmSyncState).values({ connectionId, objectType: 'deals', lastSyncCompletedAt: at }).onConflictDoUpdate({ target: [crmSyncState.connectionId, crmSyncState.objectType], set: { lastSyncCompletedAt: at } });
        });
    expect((await post('/api/hubspot/recommendations/stale-records:deals/dismiss', cookie)).json()).toEqual({ key: 'stale-records:deals', status: 'dismissed' });
    expect((await post('/api/hubspot/recommendations/low-fill-email:contacts/done', cookie)).statusCode).toBe(200);
    let list = await get<RecommendationList>('/api/hubspot/recommendations', cookie);
    expect(list.recommendations.map((r) => r.key)).not.toContain('stale-records:deals');
    expect(list.recommendations.map((r) => r.key)).not.toContain('low-fill-email:contacts');
    expect(list.hidden).toBe(2);

    // The stale records are updated: the finding clears and its state is dropped.
    await synced({ hubspotUpdatedAt: new Date(), properties: { dealname: 'Fresh' } });
    list = await get<RecommendationList>('/api/hubspot/recommendations', cookie);
    expect(list.hidden).toBe(1);
    expect(await db.select().from(recommendationStates).where(and(eq(recommendationStates.userId, userId), eq(recommendationStates.recommendationKey, 'stale-records:deals')))).toEqual([]);

    // They go stale again: the recommendation is back.
    await synced({ hubspotUpdatedAt: daysAgo(600) });
    list = await get<RecommendationList>('/api/hubspot/recommendations', cookie);
    expect(list.recommendations.map((r) => r.key)).toContain('stale-records:deals');
    expect(list.recommendations.map((r) => r.key)).not.toContain('low-fill-email:contacts');
  });

  it("answers 404 for a finding the user does not have, whoever else has it", async () => {
    await seed('recs-owner@example.com');
    const other = await activeUser(ctx, 'recs-other@example.com');
    expect((await post('/api/hubspot/recommendations/low-fill-email:contacts/dismiss', other)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/hubspot/recommendations/stale-records:deals/records.csv', headers: { cookie: other } })).statusCode).toBe(404);
    expect((await post('/api/hubspot/recommendations/not a key/done', other)).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/hubspot/recommendations' })).statusCode).toBe(401);
  });

  it('reads the demo portal\'s recommendations without signing in; changes are refused', async () => {
    const list = await get<RecommendationList>('/api/demo/hubspot/recommendations');
    expect(list.basedOnScanAt).not.toBeNull();
    expect(list.recommendations.length).toBeGreaterThan(0);
    const response = await ctx.app.inject({ method: 'POST', url: `/api/demo/hubspot/recommendations/${list.recommendations[0]!.key}/dismiss` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'DEMO_READ_ONLY' });
    // Its CSV downloads (the demo page asks /api/demo for them) are the demo portal's quality lists.
    const csv = list.recommendations.find((r) => r.action.kind === 'csv');
    expect(csv, 'a demo recommendation with records to download').toBeDefined();
    const download = await ctx.app.inject({ method: 'GET', url: csv!.action.href.replace('/api/', '/api/demo/') });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toMatch(new RegExp(`filename="${csv!.objectType}-[a-z-]+-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
    expect((parse(download.body, { columns: true }) as unknown[]).length).toBeGreaterThan(0);
  });

  it('answers GET /api/v1/recommendations with an API key, the same list', async () => {
    const { cookie } = await seed('recs-v1@example.com');
    const created = await ctx.app.inject({ method: 'POST', url: '/api/enterprise/keys', headers: { cookie }, payload: { name: 'recs' } });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json<{ key: string }>().key;
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/recommendations', headers: { authorization: `Bearer ${key}` } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(await get<RecommendationList>('/api/hubspot/recommendations', cookie));
  });

  it('lets a rewrite reword and reorder, but keeps the rules\' words where it adds a figure', async () => {
    const { userId } = await seed('recs-rewrite@example.com');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
    const plain = await recommendationsFor(ctx.database.db, user!);
    const rewritten = await recommendationsFor(ctx.database.db, user!, {
      rewrite: async (list) => [
        { key: 'stale-records:deals', title: 'Tidy up 4 old deals', explanation: '4 of 10 deals are stale.' },
        { key: 'low-fill-email:contacts', title: 'Add emails to 500 contacts', explanation: 'It would add 99 points.' },
        { key: 'no-such:rule', title: 'Invented', explanation: 'Invented' },
        ...list.filter((r) => r.key === 'health-dropped:contacts').map((r) => ({ key: r.key, title: '', explanation: r.explanation })),
      ],
    });
    expect(rewritten.aiRewritten).toBe(true);
    expect(rewritten.recommendations.map((r) => r.key).slice(0, 3)).toEqual(['stale-records:deals', 'low-fill-email:contacts', 'health-dropped:contacts']);
    const byKey = (l: RecommendationList) => new Map(l.recommendations.map((r) => [r.key, r]));
    expect(byKey(rewritten).get('stale-records:deals')).toMatchObject({ title: 'Tidy up 4 old deals', explanation: '4 of 10 deals are stale.' });
    // 500 and 99 are nowhere in its evidence: the rule's words stay.
    expect(byKey(rewritten).get('low-fill-email:contacts')).toEqual(byKey(plain).get('low-fill-email:contacts'));
    expect(byKey(rewritten).get('health-dropped:contacts')!.title).toBe(byKey(plain).get('health-dropped:contacts')!.title);
    // Every figure is the rules' own, whatever the wording.
    for (const r of rewritten.recommendations) expect({ evidence: r.evidence, gain: r.expectedGain }).toEqual({ evidence: byKey(plain).get(r.key)!.evidence, gain: byKey(plain).get(r.key)!.expectedGain });
    expect(rewritten.recommendations).toHaveLength(plain.recommendations.length);
    // A failing rewrite leaves the list as the rules made it.
    const failed = await recommendationsFor(ctx.database.db, user!, { rewrite: async () => Promise.reject(new Error('model down')) });
    expect(failed).toEqual(plain);
  });
});
