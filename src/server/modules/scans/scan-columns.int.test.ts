import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { computeHealth, duplicationByField, RecordColumns, type EngineRecord, type RecordList } from '../../../engine';
import { mirroredContacts } from '../../test/mirrored-contacts';
import { useTestApp } from '../../test/test-app';
import { scanSelection } from './remembered-scans';
import { loadScanRecords } from './scan-records';

const ctx = useTestApp({ work: false });

/**
 * A portal of 2,300 contacts,
 * with 150 pairs of duplicates, some records never modified, and many modified in the
 * same microsecond-precise instant, so that a record limit has ties to break.
 */
async function portal(email: string) {
  const base = Date.parse('2026-06-01T00:00:00Z');
  const { connectionId } = await mirroredContacts(ctx, email, {
    count: 2_300,
    pairs: 150,
    hubspotId: (i) => String(100_000 + ((i * 7_919) % 2_300)),
    createdAt: new Date(base - 86_400_000),
    // Every tenth never modified; the rest in runs of five sharing one instant (with microseconds).
    updatedAt: (i) => (i % 10 === 0 ? null : new Date(base + Math.floor(i / 5) * 1_000)),
  });
  // Microseconds a Date cannot carry: the limit must find its last record by them.
  await ctx.database.db.execute(sql`update crm_records set hubspot_updated_at = hubspot_updated_at + interval '0.000250 seconds' where connection_id = ${connectionId} and hubspot_id::int % 2 = 0`);
  return connectionId;
}

const byId = (records: RecordList) => new Map([...records].map((record) => [record.id, record]));
const groupsOf = (result: { groups: { recordIds: string[] }[] }) => result.groups.map((group) => group.recordIds.join(' ')).sort();

describe('a large selection read as columns', () => {
  it('holds the same records as the array it replaces, with or without a binding record limit', { timeout: 120_000 }, async () => {
    const connectionId = await portal('columns-records@example.com');
    for (const recordLimit of [null, 1_234, 5]) {
      const options = { samplingRate: 100, recordLimit };
      const asArray = await loadScanRecords(ctx.database.db, connectionId, 'contacts', options);
      // Pages of 100 rows: the limit's last record and its ties fall inside one.
      const asColumns = await loadScanRecords(ctx.database.db, connectionId, 'contacts', options, { above: 0, pageSize: 100 });
      expect(Array.isArray(asArray.records)).toBe(true);
      expect(asColumns.records).toBeInstanceOf(RecordColumns);
      expect(asColumns.records.length).toBe(recordLimit ?? 2_300);
      expect({ ...asColumns, records: null }).toEqual({ ...asArray, records: null });
      // The same records, the time as epoch milliseconds in place of a Date.
      const expected = [...asArray.records].map((record) => ({ ...record, updatedAt: record.updatedAt instanceof Date ? record.updatedAt.getTime() : null }));
      const columns = byId(asColumns.records);
      expect(expected.map((record) => columns.get(record.id))).toEqual(expected);
    }
    const sampled = await loadScanRecords(ctx.database.db, connectionId, 'contacts', { samplingRate: 40, recordLimit: null }, { above: 0, pageSize: 300 });
    const sampledArray = await loadScanRecords(ctx.database.db, connectionId, 'contacts', { samplingRate: 40, recordLimit: null });
    expect([...byId(sampled.records).keys()].sort()).toEqual([...sampledArray.records].map((record) => record.id).sort());
    expect(sampled.limitedBy).toBe('sampling');
  });

  it('finds the same groups, health and duplication by field as the records held whole', { timeout: 120_000 }, async () => {
    const connectionId = await portal('columns-scan@example.com');
    const selection = { samplingRate: 100, recordLimit: null };
    // Read as columns when the memory would hold 1,000 records (and not kept), then as an array (kept).
    const paged = await scanSelection(ctx.database.db, { id: connectionId, hubId: null }, 'contacts', selection, {}, { memoryRecords: 1_000 });
    const whole = await scanSelection(ctx.database.db, { id: connectionId, hubId: null }, 'contacts', selection, {}, { memoryRecords: 1_000_000 });
    expect([paged.mode, whole.mode]).toEqual(['full', 'full']);
    expect(paged.selection.records).toBeInstanceOf(RecordColumns);
    expect(Array.isArray(whole.selection.records)).toBe(true);
    expect(groupsOf(paged.result)).toEqual(groupsOf(whole.result));
    expect(paged.result.groups.length).toBeGreaterThanOrEqual(140);
    // Explanations show the members' values, read back from the columns.
    const explained = paged.result.groups[0]!.pairs[0]!.fields.find((field) => field.field === 'email');
    expect(explained?.valueA).toMatch(/@example\.com$/);
    const now = Date.parse('2026-07-01T00:00:00Z');
    expect(computeHealth(paged.selection.records, 'contacts', { now, duplicateRecordCount: 300 })).toEqual(computeHealth(whole.selection.records, 'contacts', { now, duplicateRecordCount: 300 }));
    expect(duplicationByField(paged.selection.records, 'contacts')).toEqual(duplicationByField(whole.selection.records as EngineRecord[], 'contacts'));
    expect(duplicationByField(paged.selection.records, 'contacts').find((field) => field.field === 'email')?.duplicateRecords).toBe(300);
  });
});
