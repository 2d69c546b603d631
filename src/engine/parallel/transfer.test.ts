import { describe, expect, it } from 'vitest';
import { objectModel } from '../models';
import { resolveEngineSettings } from '../settings';
import { backgroundContacts } from '../test/fixtures';
import type { EngineRecord } from '../types';
import { PrepareContext } from '../text-column';
import { concatDatasets, joinedValues, packDataset, packRecords, packStrings, packValues, prepareSlice, unpackDataset, unpackRecords, unpackStrings, unpackValues } from './transfer';

describe('records crossing threads', () => {
  it('come back with every value as it was, whatever its type', () => {
    const odd: EngineRecord[] = [
      { id: 'a', properties: { email: 'x@y.com', firstname: '', lastname: null, phone: 4155552671, zip: -0, city: Number.NaN }, updatedAt: 1700000000000 },
      { id: 'b', properties: { email: 'has\u0000zero', firstname: { nested: true }, lastname: ['a', 'b'], company: true, city: Infinity }, updatedAt: '2024-01-01' },
      { id: 'c', properties: {}, updatedAt: null },
    ];
    const back = unpackRecords(structuredClone(packRecords(odd, 0, odd.length, ['email', 'firstname', 'lastname', 'phone', 'zip', 'city', 'company'])));
    expect(back).toHaveLength(3);
    expect(back[0]!.properties).toEqual(odd[0]!.properties);
    expect(Object.is(back[0]!.properties.zip, -0)).toBe(true);
    expect(back[1]).toEqual(odd[1]);
    expect(back[2]).toEqual(odd[2]);
    expect(back[0]!.updatedAt).toBe(1700000000000);
  });

  it('name a record without an id by its place in the whole dataset, as one thread would', () => {
    const records = [{ id: 'x', properties: {} }, { properties: {} } as unknown as EngineRecord, { id: '  ', properties: {} }];
    expect(unpackRecords(packRecords(records, 1, 3, [])).map((r) => r.id)).toEqual(['1', '2']);
  });

  it('carry only the properties the model reads', () => {
    const back = unpackRecords(packRecords([{ id: 'a', properties: { email: 'a@b.com', notes: 'long text' } }], 0, 1, ['email']));
    expect(back[0]!.properties).toEqual({ email: 'a@b.com' });
  });
});

describe('strings crossing threads', () => {
  it('come back as they went, chunk after chunk, in any script and with lone surrogates', () => {
    const odd = ['', 'Zoë', 'Jörg Müller', '王小明', '👩‍💻', 'broken \ud83d', 'x'.repeat(1_000)];
    const values = Array.from({ length: 40_000 }, (_, i) => (i % 97 === 0 ? odd[(i / 97) % odd.length]! : `person${i}@example.com`));
    const packed = structuredClone(packStrings(values));
    expect(Array.isArray(packed)).toBe(false);
    expect(unpackStrings(packed, values.length)).toEqual(values);
  });

  it('come back as they went when Latin-1 chunks of odd length come before and after a wide one', () => {
    // Three chunks of Latin-1 (one with "é" at an odd length), one wide, one Latin-1 again.
    const values = Array.from({ length: 5 * 16_384 }, (_, i) => (i === 3 * 16_384 + 5 ? '王' : i % 2 === 0 ? `é${i}` : `n${i}x`));
    expect(unpackStrings(structuredClone(packStrings(values)), values.length)).toEqual(values);
  });

  it('in shared memory, read in place by the receiving thread', () => {
    const packed = packStrings(['anna@example.com', 'ben@example.com']);
    expect(!Array.isArray(packed) && packed.bytes.buffer instanceof SharedArrayBuffer).toBe(true);
  });

  it('as they are when one holds the separator, and none as none', () => {
    expect(unpackStrings(structuredClone(packStrings(['a', 'b\u0000c'])), 2)).toEqual(['a', 'b\u0000c']);
    expect(unpackStrings(structuredClone(packStrings([])), 0)).toEqual([]);
    expect(unpackStrings(structuredClone(packStrings([''])), 1)).toEqual(['']);
  });
});

describe('prepared datasets crossing threads', () => {
  it('joined from slices equal the dataset prepared whole', () => {
    const model = objectModel('contacts');
    const settings = resolveEngineSettings({});
    const records = backgroundContacts(90);
    const whole = model.prepare(records, settings);
    const slices = [model.prepare(records.slice(0, 30), settings), unpackDataset(structuredClone(packDataset(model.prepare(records.slice(30), settings))))];
    expect(concatDatasets(slices)).toEqual(whole);
  });
});

describe('prepared slices with their blocking keys', () => {
  it.each(['contacts', 'companies'] as const)('%s: batches prepared with one context and joined equal the dataset prepared whole', (objectType) => {
    const model = objectModel(objectType);
    const settings = resolveEngineSettings({});
    const records = backgroundContacts(90).map((r, i) => ({ ...r, properties: { ...r.properties, name: `Acme ${i % 7}`, address: `${i % 13} Main St` } }));
    const whole = prepareSlice(model, records, settings);
    const context = new PrepareContext();
    const batches = [0, 25, 60, 90].slice(1).map((end, k, ends) => prepareSlice(model, records.slice(k === 0 ? 0 : ends[k - 1], end), settings, context));
    const joined = concatDatasets([batches[0]!, ...batches.slice(1).map((batch) => unpackDataset(structuredClone(packDataset(batch))))], 0);
    expect(joined.blockingKeys).toEqual(whole.blockingKeys);
    const values = (data: typeof whole) => Object.fromEntries(Object.entries(data.columns).map(([name, column]) => [name, Array.from(column.codes, (code) => column.values[code])]));
    expect(values(joined)).toEqual(values(whole));
  });
});

describe('a worker joining values beside this thread', () => {
  it('comes from the other slices\' values and its own to the very values this thread joins, and reads each record as it does', () => {
    const model = objectModel('contacts');
    const settings = resolveEngineSettings({});
    // Names repeat across the slices, and some are new to each: the shared dictionary grows.
    const records = backgroundContacts(120).map((r, i) => ({ ...r, properties: { ...r.properties, firstname: i % 5 === 0 ? `Ann${i % 11}` : r.properties.firstname } }));
    const here = new PrepareContext();
    const local = [prepareSlice(model, records.slice(0, 30), settings, here), prepareSlice(model, records.slice(60, 90), settings, here)];
    const worker = new PrepareContext();
    const own = [prepareSlice(model, records.slice(30, 60), settings, worker), prepareSlice(model, records.slice(90), settings, worker)];
    const ownJoined = concatDatasets(own, 0, undefined, true);
    // Packed before this thread joins (which extends its dictionaries in place), as the worker gets them.
    const localValues = structuredClone(packValues(joinedValues(local, 0)));
    const pieces = [{ part: 0, from: 0, to: 30 }, { part: 2, from: 0, to: 30 }, { part: 1, from: 0, to: 30 }, { part: 2, from: 30, to: 60 }];
    const joined = concatDatasets([...local, unpackDataset(structuredClone(packDataset(ownJoined, false)))], 0, pieces, true);
    const values = joinedValues([{ columns: unpackValues(localValues) }, ownJoined]);
    for (const [name, column] of Object.entries(joined.columns)) expect(values[name]!.values, name).toEqual(column.values);
    // The joined arrays cross without their values, and read with the worker's give each record's value as here.
    const there = unpackDataset(structuredClone(packDataset(joined, false, false)), [], (name) => values[name]!.values);
    const read = (data: typeof joined) => Object.fromEntries(Object.entries(data.columns).map(([name, column]) => [name, Array.from(column.codes, (code) => column.values[code])]));
    expect(read(there)).toEqual(read(joined));
    // The pieces put the records back in their order: the values are those of the records prepared whole.
    expect(read(joined)).toEqual(read(prepareSlice(model, records, settings)));
  });
});

describe('each model reads only the properties it declares', () => {
  it.each(['contacts', 'companies', 'deals', 'tickets'] as const)('%s', (objectType) => {
    const model = objectModel(objectType);
    const read = new Set<string>();
    const watched = (properties: Record<string, unknown>) =>
      new Proxy(properties, {
        get(target, name) {
          if (typeof name === 'string') read.add(name);
          return target[name as string];
        },
      });
    const records = backgroundContacts(5).map((r) => ({ ...r, properties: watched({ ...r.properties, name: 'Acme', dealname: 'Renewal', subject: 'Login fails' }) }));
    model.prepare(records, resolveEngineSettings({}));
    expect([...read].filter((name) => !model.reads.includes(name))).toEqual([]);
  });
});
