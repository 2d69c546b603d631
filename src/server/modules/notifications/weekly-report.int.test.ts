import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { crmConnections, duplicateGroups, merges, recordActions, scanHistory, users } from '../../db/schema';
import { createTestDatabase } from '../../test/test-database';
import { buildWeeklyReport, weekBounds } from './weekly-report';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const ZONE = 'Europe/Berlin';
// Monday 16 to Monday 23 November 2026, Berlin time.
const week = { ...weekBounds(new Date('2026-11-25T09:00:00Z'), ZONE), timeZone: ZONE };

async function createUser(email: string): Promise<number> {
  const [user] = await database.db.insert(users).values({ username: email, email }).returning({ id: users.id });
  return user!.id;
}

function scan(userId: number, objectType: string, at: string, healthScore: number, extra: Partial<typeof scanHistory.$inferInsert> = {}) {
  return { userId, objectType, status: 'completed', timestamp: new Date(at), healthScore, totalRecords: 1000, ...extra };
}

const records = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i + 1) }));

describe('buildWeeklyReport', () => {
  it('is null for a user without a completed scan before the week ended', async () => {
    const userId = await createUser('never@weekly.example');
    expect(await buildWeeklyReport(database.db, userId, week)).toBeNull();
    await database.db.insert(scanHistory).values([scan(userId, 'contacts', '2026-11-24T10:00:00Z', 80), scan(userId, 'deals', '2026-11-20T10:00:00Z', 20, { status: 'failed' })]);
    expect(await buildWeeklyReport(database.db, userId, week)).toBeNull();
  });

  it("reports each type's newest score, its move, eight weeks of trend, the biggest problems and the week's decisions", async () => {
    expect(week.weekStart.toISOString()).toBe('2026-11-15T23:00:00.000Z');
    const userId = await createUser('ada@weekly.example');
    const other = await createUser('other@weekly.example');
    const scanData = JSON.stringify({
      topIssues: [
        { kind: 'duplicates', label: '9 groups of duplicate records', records: 30, share: 0.03 },
        { kind: 'missing-values', property: 'phone', label: 'Phone number missing', records: 400, share: 0.4 },
        { kind: 'missing-values', property: 'jobtitle', label: 'Job title missing', records: 5, share: 0.005 },
      ],
    });
    const [contacts] = await database.db
      .insert(scanHistory)
      .values([
        // The oldest trend week (28 September to 5 October), then none until the week before.
        scan(userId, 'contacts', '2026-10-01T10:00:00Z', 60),
        scan(userId, 'contacts', '2026-11-10T10:00:00Z', 70),
        scan(userId, 'contacts', '2026-11-18T10:00:00Z', 74),
        // After the week: not in this report.
        scan(userId, 'contacts', '2026-11-24T10:00:00Z', 95),
        scan(userId, 'contacts', '2026-11-21T10:00:00Z', 10, { status: 'failed' }),
        scan(other, 'contacts', '2026-11-20T10:00:00Z', 33),
      ])
      .returning({ id: scanHistory.id });
    // The week's newest, on Sunday evening Berlin time (still inside the week).
    const [newest] = await database.db.insert(scanHistory).values(scan(userId, 'contacts', '2026-11-22T22:30:00Z', 76.25, { scanData })).returning({ id: scanHistory.id });
    const [companies] = await database.db
      .insert(scanHistory)
      .values(scan(userId, 'companies', '2026-11-18T10:00:00Z', 50, { totalRecords: 200, scanData: JSON.stringify({ topIssues: [{ kind: 'missing-values', property: 'domain', label: 'Company domain name missing', records: 150, share: 0.75 }] }) }))
      .returning({ id: scanHistory.id });

    const group = (status: string, size: number, updatedAt = '2026-11-18T12:00:00Z', owner = userId, objectType = 'contacts') => ({
      userId: owner,
      objectType,
      scanId: owner === userId ? newest!.id : contacts!.id,
      matchKey: `k${Math.random()}`,
      records: records(size),
      confidence: 0.9,
      status,
      updatedAt: new Date(updatedAt),
    });
    await database.db.insert(duplicateGroups).values([
      group('pending', 2),
      group('pending', 2),
      group('pending', 3),
      { ...group('pending', 4), objectType: 'companies', scanId: companies!.id, status: 'dismissed' },
      group('merged', 2),
      group('merged', 2, '2026-11-10T12:00:00Z'),
      group('dismissed', 2),
      group('dismissed', 2, '2026-11-20T12:00:00Z'),
      // Monday 01:00 in Berlin: the next week.
      group('dismissed', 2, '2026-11-23T00:00:00Z'),
      group('pending', 5, undefined, other),
      group('merged', 2, undefined, other),
    ]);
    const [connection] = await database.db.insert(crmConnections).values({ userId }).returning({ id: crmConnections.id });
    const action = (status: string, actionType = 'merge') => ({ userId, objectType: 'contacts', actionType, recordIds: ['1', '2'], status });
    const actions = await database.db.insert(recordActions).values([action('completed'), action('completed'), action('failed'), action('completed'), action('completed', 'dismiss')]).returning({ id: recordActions.id });
    const ids = actions.map((a) => a.id);
    const merge = (status: string, finishedAt: string, actionIds: number[]) => ({ userId, connectionId: connection!.id, objectType: 'contacts', performedBy: 'user', status, primaryRecordId: '1', secondaryIds: ['2'], survivorId: '1', fieldChoices: {}, actionIds, finishedAt: new Date(finishedAt) });
    await database.db.insert(merges).values([merge('completed', '2026-11-18T12:00:00Z', [ids[0]!, ids[1]!]), merge('partial', '2026-11-19T12:00:00Z', [ids[2]!, ids[4]!]), merge('completed', '2026-11-10T12:00:00Z', [ids[3]!])]);

    const report = await buildWeeklyReport(database.db, userId, week);

    expect(report).toMatchObject({ weekStart: '2026-11-15T23:00:00.000Z', weekEnd: '2026-11-22T23:00:00.000Z', timeZone: ZONE, mergedGroups: 1, mergedRecords: 2, dismissedGroups: 3 });
    expect(report!.types.map((t) => [t.objectType, t.healthScore, t.change, t.totalRecords, t.pendingGroups])).toEqual([
      ['contacts', 76.25, 6.3, 1000, 3],
      ['companies', 50, null, 200, 0],
      ['deals', null, null, 0, 0],
      ['tickets', null, null, 0, 0],
    ]);
    const [contactsTrend, companiesTrend] = report!.types.map((t) => t.trend);
    expect(contactsTrend!.map((w) => w.healthScore)).toEqual([60, null, null, null, null, null, 70, 76.25]);
    expect(companiesTrend!.map((w) => w.healthScore)).toEqual([null, null, null, null, null, null, null, 50]);
    // Monday midnights in Berlin, across the end of summer time on 25 October.
    expect(contactsTrend!.map((w) => w.weekStart)).toEqual([
      '2026-09-27T22:00:00.000Z',
      '2026-10-04T22:00:00.000Z',
      '2026-10-11T22:00:00.000Z',
      '2026-10-18T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z',
      '2026-11-01T23:00:00.000Z',
      '2026-11-08T23:00:00.000Z',
      '2026-11-15T23:00:00.000Z',
    ]);

    // The duplicates are the ones pending now, not the scan's count; the job title gap is too small to make the top three.
    expect(report!.problems).toEqual([
      { objectType: 'contacts', kind: 'missing-values', label: 'Phone number missing', records: 400, share: 0.4, advice: expect.stringContaining('Sales cannot call these records') },
      { objectType: 'companies', kind: 'missing-values', label: 'Company domain name missing', records: 150, share: 0.75, advice: expect.stringContaining('HubSpot uses the domain') },
      {
        objectType: 'contacts',
        kind: 'duplicates',
        label: '3 groups of duplicate records',
        records: 7,
        share: 0.007,
        advice: 'Review the 3 groups on the Duplicates page; merge the ones you agree with and dismiss the others, so they are not proposed again.',
      },
    ]);
    expect(report!.problems[0]!.advice).toContain('Make it a required field on your forms');
  });
});
