import type { ObjectType } from '../../shared/object-types';
import { recordId } from '../models/prepare-helpers';
import type { EngineRecord, PreparedDataset } from '../types';

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
  const texts = new Array<string>(values.length).fill('');
  const kinds = new Uint8Array(values.length);
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
      // Functions and symbols cannot cross threads; the engine reads them as empty anyway.
      others.push([i, typeof value === 'function' || typeof value === 'symbol' ? undefined : value]);
    }
  }
  return { text: texts.join(SEPARATOR), kinds, others };
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
  const slice = records.slice(from, to);
  const properties: Record<string, PackedCells> = {};
  const cells = new Array<unknown>(slice.length);
  for (const name of reads) {
    for (let i = 0; i < slice.length; i++) cells[i] = slice[i]!.properties?.[name];
    properties[name] = packCells(cells);
  }
  return {
    count: slice.length,
    // Ids resolved here: a record without one is named by its place in the whole dataset.
    ids: packCells(slice.map((record, i) => recordId(record, from + i))),
    updatedAt: packCells(slice.map((record) => record.updatedAt)),
    properties,
  };
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

/** A prepared dataset (or a slice of one) ready to cross threads. */
export interface PackedDataset {
  objectType: ObjectType;
  size: number;
  ids: PackedStrings;
  completeness: Uint16Array;
  updatedAt: Float64Array;
  columns: Record<string, PackedStrings>;
  numbers: Record<string, Float64Array>;
  flags: Record<string, Uint8Array>;
}

export function packDataset(data: PreparedDataset): PackedDataset {
  return {
    objectType: data.objectType,
    size: data.size,
    ids: packStrings(data.ids),
    completeness: data.completeness,
    updatedAt: data.updatedAt,
    columns: mapValues(data.columns, packStrings),
    numbers: data.numbers ?? {},
    flags: mapValues(data.flags ?? {}, (values) => Uint8Array.from(values, Number)),
  };
}

export function unpackDataset(packed: PackedDataset): PreparedDataset {
  return {
    objectType: packed.objectType,
    size: packed.size,
    ids: unpackStrings(packed.ids, packed.size),
    completeness: packed.completeness,
    updatedAt: packed.updatedAt,
    columns: mapValues(packed.columns, (values) => unpackStrings(values, packed.size)),
    ...(Object.keys(packed.numbers).length > 0 ? { numbers: packed.numbers } : {}),
    ...(Object.keys(packed.flags).length > 0 ? { flags: mapValues(packed.flags, (values) => Array.from(values, Boolean)) } : {}),
  };
}

/** Slices prepared apart, in record order, as one dataset. */
export function concatDatasets(parts: readonly PreparedDataset[]): PreparedDataset {
  if (parts.length === 1) return parts[0]!;
  const first = parts[0]!;
  const joinTyped = <T extends Uint16Array | Float64Array>(pick: (part: PreparedDataset) => T, make: (length: number) => T): T => {
    const out = make(parts.reduce((sum, part) => sum + pick(part).length, 0));
    let at = 0;
    for (const part of parts) {
      out.set(pick(part), at);
      at += pick(part).length;
    }
    return out;
  };
  return {
    objectType: first.objectType,
    size: parts.reduce((sum, part) => sum + part.size, 0),
    ids: concatArrays(parts.map((part) => part.ids)),
    completeness: joinTyped((part) => part.completeness, (n) => new Uint16Array(n)),
    updatedAt: joinTyped((part) => part.updatedAt, (n) => new Float64Array(n)),
    columns: mapValues(first.columns, (_values, name) => concatArrays(parts.map((part) => part.columns[name]!))),
    ...(first.numbers ? { numbers: mapValues(first.numbers, (_values, name) => joinTyped((part) => part.numbers![name]!, (n) => new Float64Array(n))) } : {}),
    ...(first.flags ? { flags: mapValues(first.flags, (_values, name) => concatArrays(parts.map((part) => part.flags![name]!))) } : {}),
  };
}

/** Array.prototype.concat copies in bulk; flatMap goes value by value. */
function concatArrays<T>(arrays: T[][]): T[] {
  return arrays[0]!.concat(...arrays.slice(1));
}

function mapValues<T, R>(object: Record<string, T>, map: (value: T, key: string) => R): Record<string, R> {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value, key)]));
}
