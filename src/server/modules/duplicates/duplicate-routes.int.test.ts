import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { HistoryPage } from '../../../shared/contracts/cleanup';
import type { DuplicateGroupView } from '../../../shared/contracts/results';
import { duplicateGroups, recordActions, scanHistory, users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { useTestApp } from '../../test/test-app';
import { userFeedback } from './duplicate-decisions';

const ctx = useTestApp({ work: false });

const member = (id: string, filled: number) => ({ id, isPrimary: id === 'c1', properties: Object.fromEntries(Array.from({ length: filled }, (_, i) => [`p${i}`, 'x'])), updatedAt: null });
const pair = (a: string, b: string, probability: number) => ({ a, b, weight: 10, probability, priorWeight: -8, fields: [] });

async function seedGroup(email: string, ids: string[]) {
  const cookie = await activeUser(ctx, email);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [scan] = await ctx.database.db.insert(scanHistory).values({ userId: user!.id, objectType: 'contacts', status: 'completed' }).returning();
  const explanations = ids.flatMap((a, i) => ids.slice(i + 1).map((b, j) => pair(a, b, 0.9 + 0.03 * (i + j))));
  const [group] = await ctx.database.db
    .insert(duplicateGroups)
    .values({ userId: user!.id, objectType: 'contacts', scanId: scan!.id, matchKey: 'email', confidence: 0.95, primaryRecordId: ids[0]!, records: ids.map((id, i) => member(id, 5 - i)), explanations })
    .returning();
  return { cookie, userId: user!.id, groupId: group!.id };
}

const post = (url: string, cookie: string) => ctx.app.inject({ method: 'POST', url, headers: { cookie } });

describe('deciding on a duplicate group', () => {
  it('dismisses a whole group once, records it, and the engine never sees its pairs as candidates again', async () => {
    const { cookie, userId, groupId } = await seedGroup('dismiss@example.com', ['c1', 'c2']);
    const pendingIds = async () => (await ctx.app.inject({ method: 'GET', url: '/api/duplicates/groups', headers: { cookie } })).json<{ groups: { id: number }[] }>().groups.map((g) => g.id);
    // Read once, so the answer is cached: the decision must still show at the next read.
    expect(await pendingIds()).toEqual([groupId]);
    const response = await post(`/api/duplicates/${groupId}/dismiss`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DuplicateGroupView>().status).toBe('dismissed');
    expect(await pendingIds()).toEqual([]);
    const again = await post(`/api/duplicates/${groupId}/dismiss`, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This group is already dismissed: only groups waiting for review can be changed.');
    const [action] = await ctx.database.db.select().from(recordActions).where(eq(recordActions.userId, userId));
    expect(action).toMatchObject({ actionType: 'dismiss', recordIds: ['c1', 'c2'], status: 'completed' });
    expect((await userFeedback(ctx.database.db, userId, 'contacts')).notDuplicates).toEqual([['c1', 'c2']]);
  });

  it('undoes a dismissal from History: the group is back in the duplicates list, its pairs may be proposed again, and History says it was undone', async () => {
    const { cookie, userId, groupId } = await seedGroup('undo@example.com', ['c1', 'c2']);
    const pendingIds = async () => (await ctx.app.inject({ method: 'GET', url: '/api/duplicates/groups', headers: { cookie } })).json<{ groups: { id: number }[] }>().groups.map((g) => g.id);
    expect((await post(`/api/duplicates/${groupId}/dismiss`, cookie)).statusCode).toBe(200);
    expect(await pendingIds()).toEqual([]);
    const history = async () => (await ctx.app.inject({ method: 'GET', url: '/api/cleanup/history', headers: { cookie } })).json<HistoryPage>().actions;
    const [dismissal] = await history();
    expect(dismissal).toMatchObject({ actionType: 'dismiss', groupId, undo: { available: true, undoneAt: null } });

    const stranger = await activeUser(ctx, 'undo-stranger@example.com');
    expect((await post(`/api/duplicates/${groupId}/undo-dismiss`, stranger)).statusCode).toBe(404);
    expect(await pendingIds()).toEqual([]);

    const response = await post(`/api/duplicates/${groupId}/undo-dismiss`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DuplicateGroupView>()).toMatchObject({ id: groupId, status: 'pending' });
    expect(await pendingIds()).toEqual([groupId]);
    expect((await userFeedback(ctx.database.db, userId, 'contacts')).notDuplicates).toEqual([]);
    const [undone] = await history();
    expect(undone!.undo.available).toBe(false);
    expect(undone!.undo.undoneAt).toMatch(/^\d{4}-/);

    const again = await post(`/api/duplicates/${groupId}/undo-dismiss`, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This group is pending, not dismissed: there is no dismissal to undo.', code: 'GROUP_NOT_DISMISSED' });
    // Dismissed again, the new dismissal is the one History offers to undo.
    expect((await post(`/api/duplicates/${groupId}/dismiss`, cookie)).statusCode).toBe(200);
    expect((await history()).map((a) => a.undo.available)).toEqual([true, false]);
  });

  it('takes one record out of a group: its pairs go, the group stays with the rest', async () => {
    const { cookie, userId, groupId } = await seedGroup('remove@example.com', ['c1', 'c2', 'c3']);
    const response = await post(`/api/duplicates/${groupId}/records/c1/not-duplicate`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const group = response.json<DuplicateGroupView>();
    expect(group.status).toBe('pending');
    expect(group.records.map((r) => r.id)).toEqual(['c2', 'c3']);
    expect(group.explanations.map((p) => [p.a, p.b])).toEqual([['c2', 'c3']]);
    // The primary left: the most complete record left takes over.
    expect(group.primaryRecordId).toBe('c2');
    expect(group.records.find((r) => r.isPrimary)?.id).toBe('c2');
    expect(group.confidence).toBeCloseTo(0.93);
    const feedback = await userFeedback(ctx.database.db, userId, 'contacts');
    expect(feedback.notDuplicates).toEqual([
      ['c1', 'c2'],
      ['c1', 'c3'],
    ]);
    // Two records left: taking one more out leaves no group to review.
    const last = await post(`/api/duplicates/${groupId}/records/c3/not-duplicate`, cookie);
    expect(last.json<DuplicateGroupView>().status).toBe('dismissed');
  });

  it('answers unknown groups, records and other users\u2019 groups with 404, and bad ids with 400', async () => {
    const { groupId } = await seedGroup('owner@example.com', ['c1', 'c2']);
    const stranger = await activeUser(ctx, 'stranger@example.com');
    expect((await post(`/api/duplicates/${groupId}/dismiss`, stranger)).statusCode).toBe(404);
    const { cookie, groupId: own } = await seedGroup('other@example.com', ['c1', 'c2']);
    const missing = await post(`/api/duplicates/${own}/records/c9/not-duplicate`, cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Record c9 is not in this group.');
    const bad = await post('/api/duplicates/abc/dismiss', cookie);
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/duplicates/${own}/dismiss` })).statusCode).toBe(401);
  });
});

describe('listing the groups a notification links to', () => {
  it('keeps only groups found at or after since, and refuses a since that is not a date and time', async () => {
    const { cookie, userId, groupId: older } = await seedGroup('since@example.com', ['c1', 'c2']);
    const [scan] = await ctx.database.db.insert(scanHistory).values({ userId, objectType: 'contacts', status: 'completed' }).returning();
    const foundAt = new Date('2025-03-10T08:00:00.000Z');
    await ctx.database.db.update(duplicateGroups).set({ createdAt: new Date(foundAt.getTime() - 60_000) }).where(eq(duplicateGroups.id, older));
    const [newer] = await ctx.database.db
      .insert(duplicateGroups)
      .values({ userId, objectType: 'contacts', scanId: scan!.id, matchKey: 'email', confidence: 0.9, primaryRecordId: 'c3', records: [member('c3', 3), member('c4', 2)], explanations: [], createdAt: foundAt })
      .returning();
    const list = async (query: string) => ctx.app.inject({ method: 'GET', url: `/api/duplicates/groups?${query}`, headers: { cookie } });
    const ids = async (query: string) => (await list(query)).json<{ groups: { id: number }[]; total: number }>().groups.map((g) => g.id);
    expect(await ids('objectType=contacts&sort=newest')).toEqual([newer!.id, older]);
    expect(await ids(`objectType=contacts&sort=newest&since=${encodeURIComponent(foundAt.toISOString())}`)).toEqual([newer!.id]);
    // The same instant written with an offset.
    expect(await ids(`since=${encodeURIComponent('2025-03-10T09:00:00+01:00')}`)).toEqual([newer!.id]);
    expect(await ids(`since=${encodeURIComponent('2025-03-10T08:00:00.001Z')}`)).toEqual([]);
    const bad = await list('since=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('since must be a date and time such as 2025-03-10T08:00:00Z');
  });
});

describe('GET /api/duplicates/export.csv', () => {
  const field = (name: string, label: string, weight: number, exact: boolean) => ({ field: name, label, level: exact ? 'exact match' : 'similar', exact, weight, valueA: 'x', valueB: 'x' });

  it('downloads the groups the filters select: one line per record with the group, confidence, reason, id, name and key fields, formulas defused', async () => {
    const { cookie, userId, groupId } = await seedGroup('export@example.com', ['c1', 'c2']);
    const db = ctx.database.db;
    await db
      .update(duplicateGroups)
      .set({
        confidence: 0.9731,
        matchKey: 'email+firstname',
        records: [
          { id: 'c1', isPrimary: true, properties: { firstname: 'Ann', lastname: 'Lee', email: 'ann@lee.example', phone: '+1 555 0100', company: 'Lee, "Ltd"' }, updatedAt: null },
          { id: 'c2', isPrimary: false, properties: { firstname: '=cmd|calc', lastname: 'Lee', email: 'ann@lee.example', company: '@Lee' }, updatedAt: null },
        ],
        explanations: [{ a: 'c1', b: 'c2', weight: 16, probability: 0.97, priorWeight: -8, fields: [field('firstname', 'First name', 2, true), field('email', 'Email', 14, true)] }],
      })
      .where(eq(duplicateGroups.id, groupId));
    const [scan] = await db.select({ id: scanHistory.id }).from(scanHistory).where(eq(scanHistory.userId, userId));
    await db.insert(duplicateGroups).values({ userId, objectType: 'companies', scanId: scan!.id, matchKey: 'domain', confidence: 0.8, status: 'dismissed', primaryRecordId: 'k1', records: [{ id: 'k1', isPrimary: true, properties: { name: 'Acme', domain: 'acme.example' }, updatedAt: null }, { id: 'k2', isPrimary: false, properties: { name: 'ACME Inc', domain: 'acme.example' }, updatedAt: null }], explanations: [] });

    const response = await ctx.app.inject({ method: 'GET', url: '/api/duplicates/export.csv?objectType=contacts', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="duplicate-groups-contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Group, r['Object type'], r['Confidence (%)'], r.Reason, r.Status, r['Suggested primary'], r['Record ID'], r.Name])).toEqual([
      [String(groupId), 'contacts', '97.3', 'Same Email + First name', 'pending', 'yes', 'c1', 'Ann Lee'],
      [String(groupId), 'contacts', '97.3', 'Same Email + First name', 'pending', 'no', 'c2', "'=cmd|calc Lee"],
    ]);
    // A leading + is defused too (a spreadsheet shows the apostrophe-marked cell as the text +1 555 0100).
    expect(rows[0]).toMatchObject({ Email: 'ann@lee.example', 'Phone Number': "'+1 555 0100", 'Company Name': 'Lee, "Ltd"' });
    expect(rows[1]).toMatchObject({ 'First Name': "'=cmd|calc", 'Company Name': "'@Lee" });

    // The list's status filter applies; without a type every type's key fields get a column.
    const all = parse((await ctx.app.inject({ method: 'GET', url: '/api/duplicates/export.csv?status=all', headers: { cookie } })).body, { columns: true }) as Record<string, string>[];
    expect(all.map((r) => r['Record ID']).sort()).toEqual(['c1', 'c2', 'k1', 'k2']);
    expect(all.find((r) => r['Record ID'] === 'k2')).toMatchObject({ Status: 'dismissed', Name: 'ACME Inc', 'Company Domain Name': 'acme.example' });

    const stranger = await activeUser(ctx, 'export-stranger@example.com');
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/duplicates/export.csv?status=all', headers: { cookie: stranger } });
    expect(parse(theirs.body, { columns: true })).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/duplicates/export.csv' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/duplicates/export.csv?status=nope', headers: { cookie } })).statusCode).toBe(400);
  });
});
