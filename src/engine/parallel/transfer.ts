import type { ObjectType } from '../../shared/object-types';
import { recordId } from '../models/prepare-helpers';
import { Dictionary, type PrepareContext, type TextColumn } from '../text-column';
import { computeKeys } from '../block/keys';
import type { EngineSettings } from '../settings';
import type { EngineRecord, ObjectModel, PreparedDataset } from '../types';

/**
 * Moving a million records between threads as objects costs seconds of structured
 * cloning; one joined string per column costs a fraction of that. These encodings are
 * exact: every value comes back as it went, whatever its type.
 */

const SEPARATOR = '\u0000';

/** Many strings as one, or the array itself when a value holds the separator. */
export type PackedStrings = string | string[];

export function packStrings(values: readonly string[]): PackedStrings {
  for (const value of values) if (value.includes(SEPARATOR)) return [...values];
  return values.join(SEPARATOR);
}

export function unpackStrings(packed: PackedStrings, count: number): string[] {
  if (typeof packed !== 'string') return packed;
  return count === 0 ? [] : packed.split(SEPARATOR);
}

/**
 * Cells of any type: strings and numbers as text, a kind per cell to tell them apart from
 * missing and null; anything else (objects, -0, strings holding the separator) rides apart.
 */
export interface PackedCells {
  text: string;
  kinds: Uint8Array;
  others: [number, unknown][];
}

const enum Kind {
  String = 0,
  Missing = 1,
  Null = 2,
  Number = 3,
  Other = 4,
}

function packCells(values: readonly unknown[]): PackedCells {
  const kinds = new Uint8Array(values.length);
  let plain = true;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value === 'string') {
      if (value.includes(SEPARATOR)) plain = false;
    } else if (value === undefined) kinds[i] = Kind.Missing;
    else if (value === null) kinds[i] = Kind.Null;
    else if (typeof value === 'number' && !Object.is(value, -0)) kinds[i] = Kind.Number;
    else plain = false;
  }
  // Strings, numbers, missing and null cells only, as nearly always: join turns missing and
  // null into '' and numbers into their text, just as the cell-by-cell way below does.
  if (plain) return { text: values.join(SEPARATOR), kinds, others: [] };
  const texts = new Array<string>(values.length).fill('');
  const others: [number, unknown][] = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value === 'string' && !value.includes(SEPARATOR)) texts[i] = value;
    else if (value === undefined) kinds[i] = Kind.Missing;
    else if (value === null) kinds[i] = Kind.Null;
    else if (typeof value === 'number' && !Object.is(value, -0)) {
      kinds[i] = Kind.Number;
      texts[i] = String(value);
    } else {
      kinds[i] = Kind.Other;
      others.push([i, crossable(value)]);
    }
  }
  return { text: texts.join(SEPARATOR), kinds, others };
}

/**
 * The value itself when it can cross threads, else undefined: functions, symbols and
 * objects holding them cannot be cloned, and the engine reads them as empty anyway.
 */
function crossable(value: unknown): unknown {
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  try {
    structuredClone(value);
    return value;
  } catch {
    return undefined;
  }
}

function unpackCells(packed: PackedCells, count: number): unknown[] {
  const values: unknown[] = count === 0 ? [] : packed.text.split(SEPARATOR);
  const kinds = packed.kinds;
  for (let i = 0; i < count; i++) {
    const kind = kinds[i]!;
    if (kind === Kind.String) continue;
    values[i] = kind === Kind.Number ? Number(values[i]) : kind === Kind.Null ? null : undefined;
  }
  for (const [i, value] of packed.others) values[i] = value;
  return values;
}

/** Records reduced to the properties a model reads, column by column. */
export interface PackedRecords {
  count: number;
  ids: PackedCells;
  updatedAt: PackedCells;
  properties: Record<string, PackedCells>;
}

export function packRecords(records: readonly EngineRecord[], from: number, to: number, reads: readonly string[]): PackedRecords {
  const count = Math.max(0, to - from);
  // One pass over the records, reading each one's properties together: a pass per
  // property would fetch every record from memory once for each.
  const columns = reads.map(() => new Array<unknown>(count));
  const ids = new Array<string>(count);
  const updatedAt = new Array<unknown>(count);
  for (let i = 0; i < count; i++) {
    const record = records[from + i]!;
    // Ids resolved here: a record without one is named by its place in the whole dataset.
    ids[i] = recordId(record, from + i);
    updatedAt[i] = record.updatedAt;
    const properties = record.properties;
    for (let p = 0; p < reads.length; p++) columns[p]![i] = properties?.[reads[p]!];
  }
  const properties: Record<string, PackedCells> = {};
  reads.forEach((name, p) => (properties[name] = packCells(columns[p]!)));
  return { count, ids: packCells(ids), updatedAt: packCells(updatedAt), properties };
}

export function unpackRecords(packed: PackedRecords): EngineRecord[] {
  const ids = unpackCells(packed.ids, packed.count);
  const updatedAt = unpackCells(packed.updatedAt, packed.count);
  const columns = Object.entries(packed.properties).map(([name, cells]) => [name, unpackCells(cells, packed.count)] as const);
  const records = new Array<EngineRecord>(packed.count);
  for (let i = 0; i < packed.count; i++) {
    const properties: Record<string, unknown> = {};
    for (const [name, values] of columns) if (values[i] !== undefined) properties[name] = values[i];
    records[i] = { id: ids[i] as string, properties, updatedAt: updatedAt[i] as EngineRecord['updatedAt'] };
  }
  return records;
}

/**
 * A slice of the records prepared, with its blocking keys: they depend on each record's
 * values alone, so the thread that prepared the slice works them out too.
 */
export function prepareSlice(model: ObjectModel, records: readonly EngineRecord[], settings: EngineSettings, context?: PrepareContext): PreparedDataset {
  const data = model.prepare(records, settings, context);
  return { ...data, blockingKeys: computeKeys(model.blockingRules(data), data.size) };
}

/** A prepared dataset (or a slice of one) ready to cross threads. */
export interface PackedDataset {
  objectType: ObjectType;
  size: number;
  /** Null when the receiving thread has the ids already (see packDataset). */
  ids: PackedStrings | null;
  completeness: Uint16Array;
  updatedAt: Float64Array;
  /** Each distinct dictionary once, with its length. */
  dictionaries: { values: PackedStrings; count: number }[];
  columns: Record<string, { codes: Int32Array; dictionary: number; unique?: true; hashes?: Int32Array }>;
  numbers: Record<string, Float64Array>;
  flags: Record<string, Uint8Array>;
  blockingKeys?: Int32Array;
}

/**
 * `withIds` false leaves the record ids out: the calling thread reads them from its
 * records, and workers never need them (a million strings each way otherwise).
 */
export function packDataset(data: PreparedDataset, withIds = true): PackedDataset {
  const dictionaries: PackedDataset['dictionaries'] = [];
  const indexOf = new Map<string[], number>();
  const columns = mapValues(data.columns, (column) => {
    let dictionary = indexOf.get(column.values);
    if (dictionary === undefined) {
      indexOf.set(column.values, (dictionary = dictionaries.length));
      dictionaries.push({ values: packStrings(column.values), count: column.values.length });
    }
    return { codes: column.codes, dictionary, ...(column.unique ? { unique: true as const, hashes: column.hashes!.subarray(0, column.values.length) } : {}) };
  });
  return {
    objectType: data.objectType,
    size: data.size,
    ids: withIds ? packStrings(data.ids) : null,
    completeness: data.completeness,
    updatedAt: data.updatedAt,
    dictionaries,
    columns,
    numbers: data.numbers ?? {},
    flags: data.flags ?? {},
    ...(data.blockingKeys ? { blockingKeys: data.blockingKeys } : {}),
  };
}

/** `ids` stand in for ids left out when packing. */
export function unpackDataset(packed: PackedDataset, ids?: string[]): PreparedDataset {
  const dictionaries = packed.dictionaries.map((dictionary) => unpackStrings(dictionary.values, dictionary.count));
  return {
    objectType: packed.objectType,
    size: packed.size,
    ids: packed.ids === null ? (ids ?? []) : unpackStrings(packed.ids, packed.size),
    completeness: packed.completeness,
    updatedAt: packed.updatedAt,
    columns: mapValues(packed.columns, (column): TextColumn => ({
      codes: column.codes,
      values: dictionaries[column.dictionary]!,
      ...(column.unique ? { unique: true as const, hashes: column.hashes! } : {}),
    })),
    ...(Object.keys(packed.numbers).length > 0 ? { numbers: packed.numbers } : {}),
    ...(Object.keys(packed.flags).length > 0 ? { flags: packed.flags } : {}),
    ...(packed.blockingKeys ? { blockingKeys: packed.blockingKeys } : {}),
  };
}

/**
 * Slices prepared apart, in record order, as one dataset. Each dictionary takes the
 * values new to it slice by slice, so codes come out as preparing the whole would give;
 * `extend`, a slice prepared on this thread, has its dictionaries extended rather than
 * copied (it must not be used afterwards), and comes first in their order.
 */
export function concatDatasets(parts: readonly PreparedDataset[], extend?: number): PreparedDataset {
  if (parts.length === 1) return parts[0]!;
  const first = parts[0]!;
  const size = parts.reduce((sum, part) => sum + part.size, 0);
  const joinTyped = <T extends Uint16Array | Float64Array | Uint8Array | Int32Array>(pick: (part: PreparedDataset) => T, make: (length: number) => T): T => {
    const out = make(size);
    let at = 0;
    for (const part of parts) {
      out.set(pick(part), at);
      at += pick(part).length;
    }
    return out;
  };
  // Columns that share a dictionary in one slice share it in every slice: the model decides.
  const sharing = new Map<string[], string[]>();
  for (const [name, column] of Object.entries(first.columns)) {
    const members = sharing.get(column.values);
    if (members) members.push(name);
    else sharing.set(column.values, [name]);
  }
  const columns: Record<string, TextColumn> = {};
  const starts = parts.map((_, p) => parts.slice(0, p).reduce((sum, part) => sum + part.size, 0));
  for (const members of sharing.values()) {
    if (first.columns[members[0]!]!.unique) {
      // One value per record: the slices' values one after the other, codes moved along.
      for (const name of members) columns[name] = concatUnique(parts.map((part) => part.columns[name]!), size);
      continue;
    }
    const extended = extend === undefined ? undefined : Dictionary.of(parts[extend]!.columns[members[0]!]!.values);
    const merged = extended ?? new Dictionary();
    const codes = members.map(() => new Int32Array(size));
    const order = extended ? [extend!, ...[...parts.keys()].filter((p) => p !== extend)] : [...parts.keys()];
    for (const p of order) {
      const part = parts[p]!;
      const values = part.columns[members[0]!]!.values;
      const at = starts[p]!;
      if (part.columns[members[0]!]!.values === merged.values) {
        // The extended slice's codes stand as they are.
        members.forEach((name, m) => codes[m]!.set(part.columns[name]!.codes, at));
        continue;
      }
      const map = new Int32Array(values.length);
      for (let code = 1; code < values.length; code++) map[code] = merged.code(values[code]!);
      members.forEach((name, m) => {
        const from = part.columns[name]!.codes;
        const to = codes[m]!;
        for (let i = 0; i < part.size; i++) to[at + i] = map[from[i]!]!;
      });
    }
    members.forEach((name, m) => (columns[name] = { codes: codes[m]!, values: merged.values }));
  }
  return {
    objectType: first.objectType,
    size,
    ids: concatArrays(parts.map((part) => part.ids)),
    completeness: joinTyped((part) => part.completeness, (n) => new Uint16Array(n)),
    updatedAt: joinTyped((part) => part.updatedAt, (n) => new Float64Array(n)),
    columns,
    ...(first.numbers ? { numbers: mapValues(first.numbers, (_values, name) => joinTyped((part) => part.numbers![name]!, (n) => new Float64Array(n))) } : {}),
    ...(first.flags ? { flags: mapValues(first.flags, (_values, name) => joinTyped((part) => part.flags![name]!, (n) => new Uint8Array(n))) } : {}),
    ...(first.blockingKeys ? { blockingKeys: concatInt32(parts.map((part) => part.blockingKeys!)) } : {}),
  };
}

function concatInt32(arrays: readonly Int32Array[]): Int32Array {
  const out = new Int32Array(arrays.reduce((sum, array) => sum + array.length, 0));
  let at = 0;
  for (const array of arrays) {
    out.set(array, at);
    at += array.length;
  }
  return out;
}

function concatUnique(parts: readonly TextColumn[], size: number): TextColumn {
  const codes = new Int32Array(size);
  // Sized as a column prepared whole sizes it: one more than the records.
  const hashes = new Int32Array(size + 1);
  let at = 0;
  let offset = 0;
  for (const part of parts) {
    hashes.set(part.hashes!.subarray(1, part.values.length), offset + 1);
    for (let i = 0; i < part.codes.length; i++) {
      const code = part.codes[i]!;
      codes[at + i] = code === 0 ? 0 : code + offset;
    }
    at += part.codes.length;
    offset += part.values.length - 1;
  }
  // Array.prototype.concat copies in bulk: the slices' values one after the other.
  const values = [''].concat(...parts.map((part) => part.values.slice(1)));
  return { codes, values, unique: true, hashes };
}

/** Array.prototype.concat copies in bulk; flatMap goes value by value. */
function concatArrays<T>(arrays: T[][]): T[] {
  return arrays[0]!.concat(...arrays.slice(1));
}

function mapValues<T, R>(object: Record<string, T>, map: (value: T, key: string) => R): Record<string, R> {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value, key)]));
}
