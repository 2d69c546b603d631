import { describe, expect, it } from 'vitest';
import { findDuplicates, rescan, rescanRefusal, scanKeepingState, type DuplicateDetectionResult, type EngineRecord, type EngineState, type PairOfIds, type RecordChanges } from '../../../engine';
import type { ObjectType } from '../../../shared/object-types';
import { generateCompanies, generateContacts, generateTickets } from '../../../synthetic-crm';

/** A group as a user sees it: members, suggested primary, confidence, reason, and each link's two records and weight. */
function groupsOf(result: DuplicateDetectionResult) {
  return result.groups
    .map((g) => ({
      recordIds: g.recordIds,
      primaryId: g.primaryId,
      confidence: g.confidence,
      matchKey: g.matchKey,
      links: g.pairs.map((p) => `${[p.a, p.b].sort().join("~")} ${p.weight}`).sort(),
    }))
    .sort((a, b) => (a.recordIds[0]! < b.recordIds[0]! ? -1 : 1));
}

/** Mixed changes to `records`, as a day in a portal brings them: edits, new records (some of them duplicates), deletions. */
function dayOfChanges(records: readonly EngineRecord[], fresh: readonly EngineRecord[], seed: number): RecordChanges {
  const pick = (k: number) => records[(k * 7919 + seed * 104729) % records.length]!;
  const upserted: EngineRecord[] = [...fresh];
  for (let k = 0; k < Math.max(3, Math.round(records.length / 300)); k++) {
    const record = pick(k);
    const other = pick(k + 1000);
    // An edit that makes a record another's duplicate, and one that makes it nobody's.
    upserted.push(k % 2 === 0 ? { id: record.id, properties: { ...other.properties }, updatedAt: '2026-11-20T00:00:00Z' } : { id: record.id, properties: { ...record.properties, email: `changed${k}@example.org`, phone: '' }, updatedAt: '2026-11-21T00:00:00Z' });
  }
  const removed = Array.from({ length: Math.max(2, Math.round(records.length / 500)) }, (_, k) => pick(k + 5000).id).filter((id) => !upserted.some((r) => r.id === id));
  return { upserted, removed };
}

function applied(records: readonly EngineRecord[], changes: RecordChanges): EngineRecord[] {
  const byId = new Map(records.map((r) => [r.id, r]));
  for (const id of changes.removed) byId.delete(id);
  for (const record of changes.upserted) byId.set(record.id, record);
  // Another order than the rescan's: a full scan reads the mirror newest first.
  return [...byId.values()].reverse();
}

function synthetic(objectType: ObjectType, count: number): EngineRecord[] {
  if (objectType === 'tickets') return generateTickets(count, { seed: 5, duplicateRate: 0.2 }).map((r, i): EngineRecord => ({ id: `t${i}`, properties: r.properties, updatedAt: r.updatedAt }));
  const data = objectType === 'companies' ? generateCompanies(count, { seed: 5 }) : generateContacts(count, { seed: 5 });
  return data.records.map((r, i) => ({ id: `${objectType[0]}${i}`, properties: r.properties as Record<string, unknown>, updatedAt: null }));
}

describe('the engine rescanning what changed', () => {
  it.each([
    ['contacts', 4000, 1, 400],
    ['contacts', 4000, 2, 400],
    // Small blocks: most are compared in a sliding window, which must not depend on the order records came in.
    ['contacts', 4000, 1, 6],
    ['companies', 3000, 1, 400],
    ['tickets', 2000, 1, 400],
  ] as const)('groups %s exactly as a full scan with the kept model does (%i records, %i threads, blocks of %i)', async (objectType, count, threads, maxBlockSize) => {
    const settings = { maxBlockSize };
    // Namesakes of one town fill windowed blocks with equal sort keys: their order must not matter.
    const namesakes = Array.from({ length: maxBlockSize < 10 ? 40 : 0 }, (_, k): EngineRecord => ({
      id: `lee-${k}`,
      properties: { firstname: 'Ann', lastname: 'Lee', city: 'Boston', email: `ann.lee${k >> 1}@lee-family.org`, phone: `617555${String(1000 + k).padStart(4, '0')}` },
    }));
    const all = [...namesakes, ...synthetic(objectType, count + 60)];
    const first = all.slice(0, count);
    const fresh = all.slice(count);
    const dismissed: PairOfIds[] = [];
    const { result: full, state } = await scanKeepingState(first, objectType, { settings, threads, minParallelRecords: 500, prepareChunk: 700 });
    // A group the user said is not one: it stays apart through the rescan too.
    const apart = full.groups.find((g) => g.recordIds.length === 2);
    if (apart) dismissed.push([apart.recordIds[0]!, apart.recordIds[1]!]);
    let records: EngineRecord[] = first;
    for (const seed of [1, 2]) {
      const changes = dayOfChanges(records, seed === 1 ? fresh : [], seed);
      expect(rescanRefusal(state, changes.upserted.length + changes.removed.length, { settings, notDuplicates: dismissed })).toBeNull();
      const again = rescan(state, changes, { settings, notDuplicates: dismissed });
      records = applied(records, changes);
      const reference = findDuplicates(records, objectType, { settings, model: state.kept.model, notDuplicates: dismissed });
      expect(again).not.toBeNull();
      expect(again!.recordCount).toBe(records.length);
      expect(again!.pairsCompared).toBe(reference.pairsCompared);
      expect(groupsOf(again!)).toEqual(groupsOf(reference));
      expect(reference.groups.length).toBeGreaterThan(count / 40);
      if (maxBlockSize < 10) expect(reference.blocking.cappedBlocks).toBeGreaterThan(0);
      if (apart) expect(again!.groups.some((g) => g.recordIds.includes(apart.recordIds[0]!) && g.recordIds.includes(apart.recordIds[1]!))).toBe(false);
    }
  });

  it('finds a duplicate added since the last scan, and forgets a group whose record was deleted', async () => {
    const records = synthetic('contacts', 3000);
    const { result, state } = await scanKeepingState(records, 'contacts', { threads: 1 });
    const [pair, other] = result.groups.filter((g) => g.recordIds.length === 2);
    const original = records.find((r) => r.id === other!.recordIds[0])!;
    const copy: EngineRecord = { id: 'new-1', properties: { ...original.properties }, updatedAt: '2026-11-26T10:00:00Z' };
    const again = rescan(state, { upserted: [copy], removed: [pair!.recordIds[0]!] })!;
    expect(again.groups.some((g) => g.recordIds.includes('new-1') && g.recordIds.includes(original.id))).toBe(true);
    expect(again.groups.some((g) => g.recordIds.includes(pair!.recordIds[0]!))).toBe(false);
  });

  it('asks for a full scan when settings change, many records changed, or there is much new feedback', async () => {
    const { state } = await scanKeepingState(synthetic('contacts', 1000), 'contacts', { threads: 1 });
    const refusal = (changed: number, options = {}) => rescanRefusal(state as EngineState, changed, options);
    expect(refusal(50)).toBeNull();
    expect(refusal(50, { settings: { duplicateDetectionSensitivity: 'high' } })).toMatchObject({ retrain: true });
    expect(refusal(150)).toMatchObject({ retrain: true });
    const labels = Array.from({ length: 12 }, (_, k): PairOfIds => [`c${k}`, `c${k + 500}`]);
    expect(refusal(5, { notDuplicates: labels })).toMatchObject({ retrain: true });
  });
});
