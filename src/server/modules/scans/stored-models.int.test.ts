import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { matchRecord, type FindDuplicatesOptions } from '../../../engine';
import { crmRecords, trainedModels, users } from '../../db/schema';
import { mirroredContacts } from '../../test/mirrored-contacts';
import { useTestApp } from '../../test/test-app';
import { MatchIndexCache } from '../enterprise-api';
import { forgetKeptScans, scanSelection, type ScanOfSelection } from './remembered-scans';
import { carriedFromStore, findStoredModel, storeModel, type PortalOf } from './stored-models';

const ctx = useTestApp({ work: false });

const SELECTION = { samplingRate: 100, recordLimit: null };
const BASE = Date.parse('2026-06-01T00:00:00Z');

/** A portal of 1,200 contacts with 100 pairs of duplicates, modified a second apart. */
async function portal(email: string): Promise<{ portal: PortalOf; userId: number }> {
  const made = await mirroredContacts(ctx, email, { count: 1_200, pairs: 100, hubId: '4242', hubspotId: (i) => String(500_000 + i), createdAt: new Date(BASE - 86_400_000), updatedAt: (i) => new Date(BASE + i * 1_000) });
  return { portal: { id: made.connectionId, hubId: made.hubId }, userId: made.userId };
}

const groupsOf = (scan: ScanOfSelection) => scan.result.groups.map((group) => group.recordIds.join(' ')).sort();

/** A scan as a job runs it, its model stored as the results are saved. `memoryRecords` 1,000: read as columns and kept by no one. */
async function scan(of: PortalOf, options: FindDuplicatesOptions = {}, memoryRecords = 1_000_000): Promise<ScanOfSelection> {
  const db = ctx.database.db;
  const result = await scanSelection(db, of, 'contacts', SELECTION, options, { memoryRecords });
  await db.transaction((tx) => storeModel(tx, of, 'contacts', result.result.model, result.model));
  return result;
}

const storedRow = async (of: PortalOf) => (await ctx.database.db.select().from(trainedModels).where(and(eq(trainedModels.connectionId, of.id), eq(trainedModels.objectType, 'contacts'))))[0]!;

describe("the model stored with a portal's results", () => {
  it('scores a scan in a process that kept nothing, whether the records are held whole or as columns, with the same groups', { timeout: 180_000 }, async () => {
    const { portal: of } = await portal('stored-model@example.com');
    const db = ctx.database.db;
    const first = await scan(of);
    expect(first.modelFrom).toBe('trained');
    expect(groupsOf(first).length).toBeGreaterThanOrEqual(95);
    const row = await storedRow(of);
    expect(row).toMatchObject({ hubId: '4242', records: 1_200, newestVersion: BASE + 1_199 * 1_000, changedSinceTraining: 0, labelsAtTraining: 0 });
    expect(row.parameters.fields).toEqual(first.result.model.fields.map((field) => field.field));

    // Another process (or this one after a restart): nothing kept, the stored model stands.
    forgetKeptScans(db);
    const again = await scan(of);
    expect(again.modelFrom).toBe('stored');
    expect(again.result.model.lambda).toBe(first.result.model.lambda);
    expect(again.result.model.fields).toEqual(first.result.model.fields);
    expect(groupsOf(again)).toEqual(groupsOf(first));
    expect((await storedRow(of)).trainedAt).toEqual(row.trainedAt);

    forgetKeptScans(db);
    const paged = await scan(of, {}, 1_000);
    expect(paged.selection.records.length).toBe(1_200);
    expect(paged.modelFrom).toBe('stored');
    expect(groupsOf(paged)).toEqual(groupsOf(first));

    // Another process stores a model of its own since: this one's kept scan gives way to it.
    await scan(of);
    await db.update(trainedModels).set({ parameters: sql`jsonb_set(${trainedModels.parameters}, '{lambda}', '0.001')` }).where(eq(trainedModels.connectionId, of.id));
    const after = await scan(of);
    expect([after.mode, after.modelFrom, after.fullBecause]).toEqual(['full', 'stored', 'another scan stored a model since']);
    expect(after.result.model.lambda).toBe(0.001);

    // Other settings train another model, and it is stored in place of the first.
    forgetKeptScans(db);
    const high = await scan(of, { settings: { duplicateDetectionSensitivity: 'high' } });
    expect(high.modelFrom).toBe('trained');
    expect((await storedRow(of)).settingsKey).toContain('"duplicateDetectionSensitivity":"high"');
  });

  it('is trained again once more than a tenth of the records changed since, for another portal, or with much new feedback', { timeout: 180_000 }, async () => {
    const { portal: of } = await portal('stored-model-changes@example.com');
    const db = ctx.database.db;
    await scan(of);
    let clock = BASE + 2_000_000;
    const touch = (ids: number[]) =>
      db.update(crmRecords).set({ hubspotUpdatedAt: new Date((clock += 60_000)) }).where(and(eq(crmRecords.connectionId, of.id), sql`${crmRecords.hubspotId}::int - 500000 = any(${`{${ids.join(',')}}`}::int[])`));

    // 60 of 1,200 modified (5%): it stands, and what changed is carried on.
    await touch(Array.from({ length: 60 }, (_, i) => 300 + i));
    forgetKeptScans(db);
    const some = await scan(of, {}, 1_000);
    expect(some.modelFrom).toBe('stored');
    expect(some.model.changedSinceTraining).toBe(60);
    // 70 more (130 since training): past a tenth, trained again.
    await touch(Array.from({ length: 70 }, (_, i) => 400 + i));
    forgetKeptScans(db);
    expect((await scan(of)).modelFrom).toBe('trained');

    // Gone records count too: 130 archived of 1,200 since the last store.
    await db.update(crmRecords).set({ archived: true }).where(and(eq(crmRecords.connectionId, of.id), sql`${crmRecords.hubspotId}::int - 500000 between 600 and 729`));
    forgetKeptScans(db);
    expect((await scan(of)).modelFrom).toBe('trained');

    // Eleven labelled pairs since training.
    forgetKeptScans(db);
    const notDuplicates = Array.from({ length: 11 }, (_, i): [string, string] => [String(500_800 + i), String(500_900 + i)]);
    expect((await scan(of, { notDuplicates })).modelFrom).toBe('trained');

    // The connection now reaches another portal: that portal's model is not this one.
    expect(await findStoredModel(db, { id: of.id, hubId: '9999' }, 'contacts')).toBeNull();
    const row = await storedRow(of);
    expect(carriedFromStore(row, { count: row.records, newer: 0, created: 0 }, { notDuplicates })).toHaveProperty('carried');
    expect(carriedFromStore(row, { count: row.records, newer: 0, created: 0 }, {})).toEqual({ reason: 'new feedback to learn from' });
    // Records that joined the selection unchanged (a higher sampling rate) are records it never saw.
    expect(carriedFromStore(row, { count: row.records * 2, newer: 0, created: 0 }, { notDuplicates })).toEqual({ reason: 'many records changed' });
    expect(carriedFromStore({ ...row, newestVersion: null }, { count: row.records, newer: 0, created: 0 }, { notDuplicates })).toEqual({ reason: 'many records changed' });
  });

  it('is the model the public API matches with, once a scan stored it', { timeout: 180_000 }, async () => {
    const { portal: of, userId } = await portal('stored-model-match@example.com');
    const db = ctx.database.db;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const before = await new MatchIndexCache(db).indexFor(user!, 'contacts');
    expect(before.trained).toBe(true);

    await scan(of);
    const index = await new MatchIndexCache(db).indexFor(user!, 'contacts');
    expect(index.trained).toBe(false);
    const [best] = matchRecord(index, { firstname: 'Ada', lastname: 'Lovelace0', email: 'ada.lovelace0@example.com' });
    expect(best?.properties).toMatchObject({ email: 'ada.lovelace0@example.com' });

    // Scored with what is stored: a prior of one in a thousand shows in its explanations.
    await db.update(trainedModels).set({ parameters: sql`jsonb_set(${trainedModels.parameters}, '{lambda}', '0.001')` }).where(eq(trainedModels.connectionId, of.id));
    const [scored] = matchRecord(await new MatchIndexCache(db).indexFor(user!, 'contacts'), { firstname: 'Ada', lastname: 'Lovelace0', email: 'ada.lovelace0@example.com' });
    expect(scored!.explanation.priorWeight).toBeCloseTo(Math.log2(0.001 / 0.999), 1);
    expect(best!.explanation.priorWeight).not.toBeCloseTo(Math.log2(0.001 / 0.999), 1);
  });
});
