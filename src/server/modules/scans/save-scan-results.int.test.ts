import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findDuplicates, type EngineRecord } from '../../../engine';
import { crmConnections, duplicateGroups, merges, users } from '../../db/schema';
import { activeUser } from '../../test/accounts';
import { useTestApp } from '../../test/test-app';
import { saveEngineResults } from './save-scan-results';

const ctx = useTestApp({ work: false });

const contact = (id: string, first: string, last: string, email: string, updatedAt: string): EngineRecord => ({
  id,
  properties: { firstname: first, lastname: last, email, phone: '+1 415 555 0' + id.padStart(3, '0') },
  updatedAt: new Date(updatedAt),
});

async function save(userId: number, records: EngineRecord[]) {
  const result = findDuplicates(records, 'contacts');
  return saveEngineResults(ctx.database.db, { userId, objectType: 'contacts', records, result });
}

describe('saving a scan while a group is being merged', () => {
  it('leaves the group under merge alone and proposes nothing overlapping it', async () => {
    await activeUser(ctx, 'merging@example.com');
    const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'merging@example.com'));
    const userId = user!.id;
    const first = [
      contact('1', 'Ada', 'Lovelace', 'ada@analytical.org', '2025-01-01'),
      contact('2', 'Ada', 'Lovelace', 'ada@analytical.org', '2025-01-02'),
      contact('3', 'Alan', 'Turing', 'alan@bletchley.uk', '2025-01-01'),
      contact('4', 'Alan', 'Turing', 'alan@bletchley.uk', '2025-01-02'),
    ];
    const firstScan = await save(userId, first);
    const groups = await ctx.database.db.select().from(duplicateGroups).where(eq(duplicateGroups.userId, userId));
    expect(groups.map((g) => g.records.map((r) => (r as { id: string }).id).sort())).toEqual(expect.arrayContaining([['1', '2'], ['3', '4']]));
    const ada = groups.find((g) => (g.records as { id: string }[]).some((r) => r.id === '1'))!;
    const [connection] = await ctx.database.db.insert(crmConnections).values({ userId, authType: 'private_app', hubId: '9' }).returning({ id: crmConnections.id });
    await ctx.database.db
      .insert(merges)
      .values({ userId, connectionId: connection!.id, groupId: ada.id, objectType: 'contacts', performedBy: 'user', status: 'running', primaryRecordId: '1', secondaryIds: ['2'], survivorId: '1', fieldChoices: {} });

    // Every record changed since: a normal rescan would replace both groups.
    await save(userId, first.map((r) => ({ ...r, updatedAt: new Date('2025-02-01') })));
    const after = await ctx.database.db.select().from(duplicateGroups).where(eq(duplicateGroups.userId, userId));
    const withAda = after.filter((g) => (g.records as { id: string }[]).some((r) => ['1', '2'].includes(r.id)));
    expect(withAda.map((g) => g.id)).toEqual([ada.id]);
    expect(withAda[0]!.scanId).toBe(firstScan);
    const alan = after.filter((g) => (g.records as { id: string }[]).some((r) => r.id === '3'));
    expect(alan).toHaveLength(1);
    expect(alan[0]!.scanId).not.toBe(firstScan);
  });
});
