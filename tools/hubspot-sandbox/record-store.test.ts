import { describe, expect, it } from 'vitest';
import { RecordState, RecordStore } from './record-store';

function contacts(): RecordStore {
  return RecordStore.fromRows('contacts', [
    { id: 10, createdAt: 1_000, updatedAt: 2_000, properties: { firstname: 'Ann', email: 'Ann@Example.com', notes_last_updated: '1500' } },
    { id: 12, createdAt: 1_100, updatedAt: 2_100, properties: { firstname: 'Bob', email: '' } },
    { id: 15, createdAt: 1_200, updatedAt: 2_200, properties: { firstname: 'Cy', email: 'cy@example.com' } },
  ]);
}

describe('RecordStore', () => {
  it('finds records by id and derives createdate, the last-modified date and hs_object_id', () => {
    const store = contacts();
    const slot = store.resolve('12');
    expect(store.get(slot, 'firstname')).toBe('Bob');
    expect(store.get(slot, 'email')).toBeNull();
    expect(store.get(slot, 'hs_object_id')).toBe('12');
    expect(store.get(slot, 'createdate')).toBe(new Date(1_100).toISOString());
    expect(store.get(slot, 'lastmodifieddate')).toBe(new Date(2_100).toISOString());
    expect(store.resolve('11')).toBe(-1);
    expect(store.resolve('abc')).toBe(-1);
  });

  it('keeps date-times as epoch milliseconds and reads them as ISO', () => {
    const store = contacts();
    expect(store.column('notes_last_updated')?.[0]).toBe('1500');
    expect(store.get(0, 'notes_last_updated')).toBe(new Date(1_500).toISOString());
    store.set(0, 'notes_last_updated', '2020-01-02T03:04:05.000Z');
    expect(store.column('notes_last_updated')?.[0]).toBe(String(Date.UTC(2020, 0, 2, 3, 4, 5)));
  });

  it('pages in id order, live or archived', () => {
    const store = contacts();
    expect(store.page(0, 2, false)).toEqual({ slots: [0, 1], more: true });
    expect(store.page(12, 2, false)).toEqual({ slots: [2], more: false });
    store.archive(1, 5_000);
    expect(store.size).toBe(2);
    expect(store.page(0, 10, false).slots).toEqual([0, 2]);
    expect(store.page(0, 10, true).slots).toEqual([1]);
    expect(store.archivedAtOf(1)).toBe(5_000);
  });

  it('gives new records ids above the seeded ones and creates columns on first value', () => {
    const store = contacts();
    const slot = store.append({ createdAt: 3_000, updatedAt: 3_000, properties: { jobtitle: 'CEO' } });
    expect(store.idOf(slot)).toBe(16);
    expect(store.get(slot, 'jobtitle')).toBe('CEO');
    expect(store.get(0, 'jobtitle')).toBeNull();
    expect(store.resolve('16')).toBe(slot);
  });

  it('follows merged-away ids to the record they live on as', () => {
    const store = contacts();
    const merged = store.append({ createdAt: 1_000, updatedAt: 9_000, properties: {} });
    store.markMergedAway(0, store.idOf(merged));
    store.markMergedAway(2, store.idOf(merged));
    expect(store.resolve('10')).toBe(merged);
    expect(store.resolve('15')).toBe(merged);
    expect(store.stateOf(0)).toBe(RecordState.MergedAway);
    expect(store.size).toBe(2);
  });

  it('indexes emails case-insensitively and keeps the index up to date', () => {
    const store = contacts();
    expect(store.findByEmail('ann@example.COM')).toBe(0);
    store.set(0, 'email', 'ann@new.example');
    expect(store.findByEmail('ann@example.com')).toBe(-1);
    expect(store.findByEmail('ANN@new.example')).toBe(0);
    store.archive(2, 1);
    expect(store.findByEmail('cy@example.com')).toBe(-1);
  });
});
