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

/**
 * Many strings as bytes in shared memory, a chunk of them at a time: Latin-1 when every
 * character fits a byte, as nearly always, else UTF-16 (exact for any string, lone
 * surrogates included). The strings themselves cross threads as one joined string each
 * way otherwise, and at five million records that came to three copies of 230 MB alive at
 * once (joined here, serialized for the message, read there): shared bytes are one.
 */
export interface StringBytes {
  bytes: Uint8Array;
  /** Where each chunk's bytes end; chunk k holds values k * STRING_CHUNK onwards. */
  ends: Float64Array;
  /** 1 for a chunk written as UTF-16. */
  wide: Uint8Array;
}

/** Shared bytes, or the array itself when a value holds the separator. */
export type PackedStrings = StringBytes | string[];

/** Values a chunk joins: a string of a few hundred KB, short-lived. */
const STRING_CHUNK = 16_384;
/** A character beyond Latin-1 (above U+00FF). */
const WIDE = /[\u0100-\uffff]/;
/** Room one set of strings may reserve: Node's largest Buffer. Beyond, the array goes as it is. */
const MAX_STRING_BYTES = 2 ** 32 - 1;

export function packStrings(values: readonly string[]): PackedStrings {
  let chars = 0;
  for (const value of values) {
    if (value.includes(SEPARATOR)) return [...values];
    chars += value.length;
  }
  // Room reserved for every chunk written wide, taken as written (see PairBuffer).
  const room = 2 * (chars + values.length);
  if (room > MAX_STRING_BYTES) return [...values];
  const chunks = Math.ceil(values.length / STRING_CHUNK);
  const buffer = new SharedArrayBuffer(0, { maxByteLength: room });
  const ends = new Float64Array(chunks);
  const wide = new Uint8Array(chunks);
  let at = 0;
  for (let k = 0; k < chunks; k++) {
    const text = values.slice(k * STRING_CHUNK, (k + 1) * STRING_CHUNK).join(SEPARATOR);
    wide[k] = WIDE.test(text) ? 1 : 0;
    const length = wide[k] ? 2 * text.length : text.length;
    buffer.grow(at + length);
    Buffer.from(buffer, at, length).write(text, wide[k] ? 'utf16le' : 'latin1');
    ends[k] = at += length;
  }
  return { bytes: new Uint8Array(buffer, 0, at), ends, wide };
}

export function unpackStrings(packed: PackedStrings, count: number): string[] {
  if (Array.isArray(packed)) return packed;
  if (count === 0) return [];
  const { bytes, ends, wide } = packed;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks = new Array<string[]>(ends.length);
  for (let k = 0, start = 0; k < ends.length; start = ends[k++]!) chunks[k] = text.toString(wide[k] ? 'utf16le' : 'latin1', start, ends[k]).split(SEPARATOR);
  // Array.prototype.concat copies in bulk, and keeps the array packed for the comparisons' reads.
  return ([] as string[]).concat(...chunks);
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

export function unpackCells(packed: PackedCells, count: number): unknown[] {
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

/**
 * The cells at `rows` (increasing) of a packed column, the text read up to the last of them
 * and only their cells cut out: a page's every cell made into a string (unpackCells) costs
 * far more when a few of its rows are wanted.
 */
function cellsAt(packed: PackedCells, rows: readonly number[]): unknown[] {
  const { text, kinds } = packed;
  const others = packed.others.length > 0 ? new Map(packed.others) : null;
  const cells = new Array<unknown>(rows.length);
  // Where cell `cell` begins in the text.
  let cell = 0;
  let start = 0;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    for (; cell < row; cell++) start = text.indexOf(SEPARATOR, start) + 1;
    const kind = kinds[row]!;
    if (kind === Kind.Missing) cells[r] = undefined;
    else if (kind === Kind.Null) cells[r] = null;
    else if (kind === Kind.Other) cells[r] = others?.get(row);
    else {
      const end = text.indexOf(SEPARATOR, start);
      const cellText = text.slice(start, end === -1 ? text.length : end);
      cells[r] = kind === Kind.Number ? Number(cellText) : cellText;
    }
  }
  return cells;
}

/** Records at `rows` (increasing) of a page, with `properties` of theirs (every one packed, when not given). */
export function unpackRecordsAt(packed: PackedRecords, rows: readonly number[], properties?: readonly string[]): EngineRecord[] {
  const ids = cellsAt(packed.ids, rows);
  const updatedAt = cellsAt(packed.updatedAt, rows);
  const names = properties ? properties.filter((name) => packed.properties[name]) : Object.keys(packed.properties);
  const columns = names.map((name) => [name, cellsAt(packed.properties[name]!, rows)] as const);
  return rows.map((_, r) => {
    const values: Record<string, unknown> = {};
    for (const [name, cells] of columns) if (cells[r] !== undefined) values[name] = cells[r];
    return { id: ids[r] as string, properties: values, updatedAt: updatedAt[r] as EngineRecord['updatedAt'] };
  });
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

/**
 * Records given as columns of cells, ids resolved and no last modification, packed as
 * packRecords packs records: a reader that has its rows' fields need not make records of
 * the rows another thread prepares.
 */
export function packColumns(ids: readonly string[], columns: Readonly<Record<string, readonly unknown[]>>): PackedRecords {
  const properties: Record<string, PackedCells> = {};
  for (const [name, cells] of Object.entries(columns)) properties[name] = packCells(cells);
  return { count: ids.length, ids: packCells(ids), updatedAt: packCells(new Array<undefined>(ids.length).fill(undefined)), properties };
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
  /** Each distinct dictionary once, with its length; none when left out (see packDataset). */
  dictionaries: { values: PackedStrings; count: number }[];
  /** `dictionary` -1: the values were left out. */
  columns: Record<string, { codes: Int32Array; dictionary: number; unique?: true; hashes?: Int32Array }>;
  numbers: Record<string, Float64Array>;
  flags: Record<string, Uint8Array>;
  blockingKeys?: Int32Array;
}

/**
 * `withIds` false leaves the record ids out: the calling thread reads them from its
 * records, and workers never need them (a million strings each way otherwise). `withValues`
 * false leaves the dictionaries out too: a worker that has joined them (see joinedValues)
 * takes the arrays alone.
 */
export function packDataset(data: PreparedDataset, withIds = true, withValues = true): PackedDataset {
  const { dictionaries, columns: valuesOf } = withValues ? packValues(data.columns) : { dictionaries: [], columns: null };
  const columns = mapValues(data.columns, (column, name) => ({
    codes: column.codes,
    dictionary: valuesOf?.[name]!.dictionary ?? -1,
    ...(column.unique ? { unique: true as const, hashes: column.hashes!.subarray(0, column.values.length) } : {}),
  }));
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

/** The columns' values alone, each distinct dictionary once: what a dataset's strings are when they cross threads. */
export interface PackedValues {
  dictionaries: { values: PackedStrings; count: number }[];
  columns: Record<string, { dictionary: number; unique?: true }>;
}

export function packValues(columns: Readonly<Record<string, Pick<TextColumn, 'values' | 'unique'>>>): PackedValues {
  const dictionaries: PackedValues['dictionaries'] = [];
  const indexOf = new Map<string[], number>();
  const packed = mapValues(columns, (column) => {
    let dictionary = indexOf.get(column.values);
    if (dictionary === undefined) {
      indexOf.set(column.values, (dictionary = dictionaries.length));
      dictionaries.push({ values: packStrings(column.values), count: column.values.length });
    }
    return { dictionary, ...(column.unique ? { unique: true as const } : {}) };
  });
  return { dictionaries, columns: packed };
}

/** Each column's values, columns that shared a dictionary sharing one array again. */
export function unpackValues(packed: PackedValues): Record<string, Pick<TextColumn, 'values' | 'unique'>> {
  const dictionaries = packed.dictionaries.map((dictionary) => unpackStrings(dictionary.values, dictionary.count));
  return mapValues(packed.columns, (column) => ({ values: dictionaries[column.dictionary]!, ...(column.unique ? { unique: true as const } : {}) }));
}

/**
 * `ids` stand in for ids left out when packing; `values`, each column's, for dictionaries
 * left out (see packDataset).
 */
export function unpackDataset(packed: PackedDataset, ids?: string[], values?: (column: string) => string[]): PreparedDataset {
  const dictionaries = packed.dictionaries.map((dictionary) => unpackStrings(dictionary.values, dictionary.count));
  return {
    objectType: packed.objectType,
    size: packed.size,
    ids: packed.ids === null ? (ids ?? []) : unpackStrings(packed.ids, packed.size),
    completeness: packed.completeness,
    updatedAt: packed.updatedAt,
    columns: mapValues(packed.columns, (column, name): TextColumn => ({
      codes: column.codes,
      values: column.dictionary === -1 ? values!(name) : dictionaries[column.dictionary]!,
      ...(column.unique ? { unique: true as const, hashes: column.hashes! } : {}),
    })),
    ...(Object.keys(packed.numbers).length > 0 ? { numbers: packed.numbers } : {}),
    ...(Object.keys(packed.flags).length > 0 ? { flags: packed.flags } : {}),
    ...(packed.blockingKeys ? { blockingKeys: packed.blockingKeys } : {}),
  };
}

/** Rows from..to-1 of one part (see concatDatasets). */
export interface Piece {
  part: number;
  from: number;
  to: number;
}

/**
 * Slices prepared apart as one dataset: by default each part whole, in order; with
 * `pieces`, rows of the parts in the order the pieces give (a stream of records hands
 * chunks to whichever thread is free, so a thread's part holds records from here and
 * there). Each dictionary takes the values new to it part by part, so codes come out as
 * preparing the whole would give; `extend`, a part prepared on this thread, has its
 * dictionaries extended rather than copied (it must not be used afterwards), and comes
 * first in their order. `shared`: the joined arrays in shared memory, so that worker
 * threads sent the dataset read them in place rather than each holding a copy.
 */
export function concatDatasets(
  parts: readonly PreparedDataset[],
  extend?: number,
  pieces: readonly Piece[] = parts.map((part, p) => ({ part: p, from: 0, to: part.size })),
  shared = false,
): PreparedDataset {
  if (parts.length === 1 && pieces.length === 1 && pieces[0]!.from === 0 && pieces[0]!.to === parts[0]!.size && !shared) return parts[0]!;
  const first = parts[0]!;
  const size = pieces.reduce((sum, piece) => sum + piece.to - piece.from, 0);
  const memory = (bytes: number) => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  /** Every piece's rows of a per-record array, `width` values a record. */
  const joinTyped = <T extends Uint16Array | Float64Array | Uint8Array | Int32Array>(pick: (part: PreparedDataset) => T, make: (buffer: ArrayBufferLike, length: number) => T, width = 1): T => {
    const out = make(memory(size * width * pick(first).BYTES_PER_ELEMENT), size * width);
    let at = 0;
    for (const { part, from, to } of pieces) {
      out.set(pick(parts[part]!).subarray(from * width, to * width), at);
      at += (to - from) * width;
    }
    return out;
  };
  const columns: Record<string, TextColumn> = {};
  for (const { members, values, maps } of joinValues(parts, extend)) {
    for (const name of members) {
      if (first.columns[name]!.unique) {
        columns[name] = concatUnique(parts.map((part) => part.columns[name]!), values, pieces, size, memory);
        continue;
      }
      const codes = new Int32Array(memory(size * 4));
      let at = 0;
      for (const { part, from, to } of pieces) {
        const source = parts[part]!.columns[name]!.codes;
        const map = maps[part];
        if (!map) codes.set(source.subarray(from, to), at);
        else for (let i = from; i < to; i++) codes[at + i - from] = map[source[i]!]!;
        at += to - from;
      }
      columns[name] = { codes, values };
    }
  }
  // Blocking keys go record by record, a key per rule.
  const keyed = parts.find((part) => part.size > 0 && part.blockingKeys);
  const rules = keyed ? keyed.blockingKeys!.length / keyed.size : 0;
  return {
    objectType: first.objectType,
    size,
    ids: joinIds(parts, pieces),
    completeness: joinTyped((part) => part.completeness, (buffer, n) => new Uint16Array(buffer, 0, n)),
    updatedAt: joinTyped((part) => part.updatedAt, (buffer, n) => new Float64Array(buffer, 0, n)),
    columns,
    ...(first.numbers ? { numbers: mapValues(first.numbers, (_values, name) => joinTyped((part) => part.numbers![name]!, (buffer, n) => new Float64Array(buffer, 0, n))) } : {}),
    ...(first.flags ? { flags: mapValues(first.flags, (_values, name) => joinTyped((part) => part.flags![name]!, (buffer, n) => new Uint8Array(buffer, 0, n))) } : {}),
    ...(first.blockingKeys ? { blockingKeys: joinTyped((part) => part.blockingKeys!, (buffer, n) => new Int32Array(buffer, 0, n), rules) } : {}),
  };
}

/** The pieces' ids; none when a part came without its ids (see packDataset): the caller has them. */
function joinIds(parts: readonly PreparedDataset[], pieces: readonly Piece[]): string[] {
  if (parts.some((part) => part.ids.length !== part.size)) return [];
  const whole = pieces.every((piece, k) => piece.part === k && piece.from === 0 && piece.to === parts[k]!.size) && pieces.length === parts.length;
  // Array.prototype.concat copies in bulk; flatMap goes value by value.
  if (whole) return parts[0]!.ids.concat(...parts.slice(1).map((part) => part.ids));
  return ([] as string[]).concat(...pieces.map(({ part, from, to }) => parts[part]!.ids.slice(from, to)));
}

/**
 * The values of slices' columns joined as concatDatasets joins them, each group of columns
 * sharing a dictionary at once: the dictionary's values part by part, each part's codes
 * mapped into it (null: the part's codes stand, its values being the joined ones so far);
 * a unique column's, the parts' values one after the other. A worker that holds one of the
 * slices joins them too (see joinedValues), and comes to the very arrays this thread does.
 */
function joinValues(parts: readonly { columns: Readonly<Record<string, Pick<TextColumn, 'values' | 'unique'>>> }[], extend?: number): { members: string[]; values: string[]; maps: (Int32Array | null)[] }[] {
  const first = parts[0]!;
  // Columns that share a dictionary in one slice share it in every slice: the model decides.
  const sharing = new Map<string[], string[]>();
  for (const [name, column] of Object.entries(first.columns)) {
    const members = sharing.get(column.values);
    if (members && !column.unique) members.push(name);
    else sharing.set(column.unique ? [] : column.values, [name]);
  }
  const groups: { members: string[]; values: string[]; maps: (Int32Array | null)[] }[] = [];
  for (const members of sharing.values()) {
    if (first.columns[members[0]!]!.unique) {
      // One value per record: the parts' values one after the other (Array.prototype.concat copies in bulk).
      groups.push({ members, values: [''].concat(...parts.map((part) => part.columns[members[0]!]!.values.slice(1))), maps: [] });
      continue;
    }
    const extended = extend === undefined ? undefined : Dictionary.of(parts[extend]!.columns[members[0]!]!.values as string[]);
    const merged = extended ?? new Dictionary();
    // Each part's codes in the merged dictionary; null for the extended part, whose codes stand.
    const maps: (Int32Array | null)[] = parts.map(() => null);
    const order = extended ? [extend!, ...[...parts.keys()].filter((p) => p !== extend)] : [...parts.keys()];
    for (const p of order) {
      const values = parts[p]!.columns[members[0]!]!.values;
      if (values === merged.values) continue;
      const map = new Int32Array(values.length);
      for (let code = 1; code < values.length; code++) map[code] = merged.code(values[code]!);
      maps[p] = map;
    }
    groups.push({ members, values: merged.values, maps });
  }
  return groups;
}

/**
 * Each column's values as concatDatasets joins these parts' (see joinValues; `extend`
 * extends that part's dictionaries in place, as there). A worker holding some of the slices
 * a thread joins gets the joined values from the others' values and its own, then takes
 * the joined codes where they are, in shared memory.
 */
export function joinedValues(parts: readonly { columns: Readonly<Record<string, Pick<TextColumn, 'values' | 'unique'>>> }[], extend?: number): Record<string, Pick<TextColumn, 'values' | 'unique'>> {
  const columns: Record<string, Pick<TextColumn, 'values' | 'unique'>> = {};
  for (const { members, values } of joinValues(parts, extend)) {
    for (const name of members) columns[name] = parts[0]!.columns[name]!.unique ? { values, unique: true } : { values };
  }
  return columns;
}

/** A unique column's parts joined, its codes moved along; `values`, the parts' values one after the other (see joinValues). */
function concatUnique(parts: readonly TextColumn[], values: string[], pieces: readonly Piece[], size: number, memory: (bytes: number) => ArrayBufferLike): TextColumn {
  const codes = new Int32Array(memory(size * 4));
  // Sized as a column prepared whole sizes it: one more than the records.
  const hashes = new Int32Array(memory((size + 1) * 4));
  const offsets: number[] = [];
  let offset = 0;
  for (const part of parts) {
    hashes.set(part.hashes!.subarray(1, part.values.length), offset + 1);
    offsets.push(offset);
    offset += part.values.length - 1;
  }
  let at = 0;
  for (const { part, from, to } of pieces) {
    const source = parts[part]!.codes;
    const shift = offsets[part]!;
    for (let i = from; i < to; i++) {
      const code = source[i]!;
      codes[at + i - from] = code === 0 ? 0 : code + shift;
    }
    at += to - from;
  }
  return { codes, values, unique: true, hashes };
}

function mapValues<T, R>(object: Record<string, T>, map: (value: T, key: string) => R): Record<string, R> {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value, key)]));
}
