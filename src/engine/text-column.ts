/**
 * Text columns, dictionary-encoded: record i's value is `values[codes[i]]`. First names,
 * cities and companies repeat across a million records, so each distinct value is one
 * string, equality is a comparison of two integers, and counts and memos are indexed by
 * code rather than hashed by string. Code 0 is always '' (no value).
 */
export interface TextColumn {
  codes: Int32Array;
  /** Distinct values in order of first appearance; columns of like values (first and last names) share one array. */
  values: string[];
  /**
   * Values nearly all distinct (emails, phone numbers, street addresses) are not worth a
   * dictionary: each record has a value of its own, and equal values may have two codes,
   * so such a column is compared by its values' hashes, then the values (see sameValue).
   */
  unique?: true;
  /** With `unique`: a hash of each value, by code. */
  hashes?: Int32Array;
}

/** A column of nearly distinct values, one per record (see TextColumn.unique), with its setter. */
export type UniqueColumn = TextColumn & { set(i: number, value: string): void };

export function uniqueColumn(size: number): UniqueColumn {
  const column = { codes: new Int32Array(size), values: [''], hashes: new Int32Array(size + 1), unique: true as const };
  const set = (i: number, value: string) => {
    if (value === '') return;
    const code = column.values.push(value) - 1;
    column.codes[i] = code;
    column.hashes[code] = textHash(value);
  };
  // The setter stays out of the column's own properties: it is data that crosses threads.
  return Object.defineProperty(column, 'set', { value: set, enumerable: false }) as typeof column & { set: typeof set };
}

/**
 * Whether codes a and b of a column stand for the same value, given the column's
 * `equality` (see equalityOf). A plain function of plain arguments, so that the hot loops
 * of comparing inline it.
 */
export function sameValue(a: number, b: number, equality: ValueEquality): boolean {
  if (a === b) return true;
  const hashes = equality.hashes;
  return hashes !== null && a !== 0 && b !== 0 && hashes[a] === hashes[b] && equality.values[a] === equality.values[b];
}

/** What sameValue needs of a column: its values, and their hashes when equal values may have two codes. */
export interface ValueEquality {
  values: readonly string[];
  hashes: Int32Array | null;
}

export function equalityOf(column: TextColumn): ValueEquality {
  return { values: column.values, hashes: column.unique && column.hashes ? column.hashes : null };
}

/**
 * Distinct values and their codes, growing as records are read. An open-addressing table
 * of codes keyed by a hash of the text: a Map of a million strings costs several times
 * as much per lookup, and this is done for every value of every record.
 */
export class Dictionary {
  readonly values: string[] = [''];
  private readonly table = new HashSlots();
  /** Each value's textHash, by code: blocking keys are made of them (see block/keys). */
  private hashes = new Int32Array(64);

  constructor() {
    this.table.add((this.hashes[0] = textHash('')), 0);
    dictionaries.set(this.values, this);
  }

  /** The textHash of the value of `code`. */
  hashOf(code: number): number {
    return this.hashes[code]!;
  }

  /**
   * The dictionary that built these values, to take more of them: joining prepared
   * slices extends the first slice's dictionaries instead of interning them all again.
   */
  static of(values: string[]): Dictionary | undefined {
    return dictionaries.get(values);
  }

  /** Lets the tables of the dictionaries behind these columns go: their values are complete. */
  static seal(columns: Iterable<Pick<TextColumn, 'values'>>): void {
    for (const column of columns) dictionaries.delete(column.values);
  }

  /** The code of `value`, -1 when it was never given one ('' is 0). */
  codeOf(value: string): number {
    return value === '' ? 0 : this.table.find(textHash(value), value, this.values);
  }

  code(value: string): number {
    if (value === '') return 0;
    const hash = textHash(value);
    const found = this.table.find(hash, value, this.values);
    if (found !== -1) return found;
    const code = this.values.push(value) - 1;
    this.table.add(hash, code);
    if (code === this.hashes.length) {
      const grown = new Int32Array(code * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[code] = hash;
    return code;
  }

  /** A new column of `size` empty values in this dictionary. */
  column(size: number): TextColumn {
    return { codes: new Int32Array(size), values: this.values };
  }
}

/**
 * Open addressing by a text's hash: each slot holds a hash beside the index of its text
 * (plus one; 0 is empty), so a probe reads one cache line and the text itself only once
 * the hashes agree. Lookups of fresh strings in large tables are bound by memory latency.
 */
class HashSlots {
  private slots = new Int32Array(4096);
  private count = 0;

  /** The index of `text` in `texts`, or -1. */
  find(hash: number, text: string, texts: readonly string[]): number {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const index = slots[slot * 2 + 1]!;
      if (index === 0) return -1;
      if (slots[slot * 2] === hash && sameText(texts[index - 1]!, text)) return index - 1;
    }
  }

  add(hash: number, index: number): void {
    if (++this.count * 2 > this.slots.length >> 1) {
      const old = this.slots;
      this.slots = new Int32Array(old.length * 2);
      for (let k = 0; k < old.length; k += 2) if (old[k + 1] !== 0) this.place(old[k]!, old[k + 1]!);
    }
    this.place(hash, index + 1);
  }

  private place(hash: number, entry: number): void {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    let slot = hash & mask;
    while (slots[slot * 2 + 1] !== 0) slot = (slot + 1) & mask;
    slots[slot * 2] = hash;
    slots[slot * 2 + 1] = entry;
  }
}

const dictionaries = new WeakMap<string[], Dictionary>();

/**
 * What preparing keeps from one batch of records to the next of the same dataset: its
 * dictionaries and normalizer caches. Batches prepared with one context share their
 * dictionaries, so joining them copies codes rather than interning values again.
 */
export class PrepareContext {
  private readonly kept = new Map<string, unknown>();

  /** The value kept under `name`, made by `make` the first time. */
  keep<T>(name: string, make: () => T): T {
    let value = this.kept.get(name) as T | undefined;
    if (value === undefined) this.kept.set(name, (value = make()));
    return value;
  }
}

/**
 * a === b, by their characters: two equal strings cut from different lines are different
 * objects, and === on slices of longer strings takes a slow call into the runtime.
 */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a.charCodeAt(k) !== b.charCodeAt(k)) return false;
  return true;
}

/** FNV-1a over UTF-16 code units, as a signed 32-bit integer. */
export function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
  return hash | 0;
}

/**
 * Results worked out once per distinct raw text (a cell as read), looked up in an
 * open-addressing table keyed by the text's hash: the raw values are fresh strings, each
 * hashed once here, and the table's typed arrays cost the collector nothing to walk.
 */
export class RawCache<T> {
  private readonly results: T[] = [];
  /**
   * Per slot: the hash, the entry's index plus one (0: empty), and where its characters
   * start in `chars` and how many: a hit reads the slot and the characters, nothing more,
   * and the cache holds no slice of the lines its raw values were cut from.
   */
  private slots = new Int32Array(4 * 2048);
  private chars = new Uint16Array(1 << 16);
  private used = 0;

  constructor(private readonly work: (raw: string) => T) {}

  get(raw: string): T {
    const hash = textHash(raw);
    const slots = this.slots;
    const mask = (slots.length >> 2) - 1;
    const length = raw.length;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = slot * 4;
      const entry = slots[at + 1]!;
      if (entry === 0) break;
      if (slots[at] === hash && slots[at + 3] === length && this.holds(slots[at + 2]!, raw)) return this.results[entry - 1]!;
    }
    const result = this.work(raw);
    // A dataset of ever-new values (ids typed as names) stops growing the cache, not the scan.
    if (this.results.length < MAX_CACHED) this.add(raw, hash, result);
    return result;
  }

  private holds(start: number, raw: string): boolean {
    const chars = this.chars;
    for (let k = 0; k < raw.length; k++) if (chars[start + k] !== raw.charCodeAt(k)) return false;
    return true;
  }

  private add(raw: string, hash: number, result: T): void {
    const entry = this.results.push(result);
    if (this.used + raw.length > this.chars.length) {
      const grown = new Uint16Array(Math.max(this.chars.length * 2, this.used + raw.length));
      grown.set(this.chars);
      this.chars = grown;
    }
    const start = this.used;
    for (let k = 0; k < raw.length; k++) this.chars[start + k] = raw.charCodeAt(k);
    this.used += raw.length;
    if (entry * 2 > this.slots.length >> 2) {
      const old = this.slots;
      this.slots = new Int32Array(old.length * 2);
      for (let k = 0; k < old.length; k += 4) if (old[k + 1] !== 0) this.place(old[k]!, old[k + 1]!, old[k + 2]!, old[k + 3]!);
    }
    this.place(hash, entry, start, raw.length);
  }

  private place(hash: number, entry: number, start: number, length: number): void {
    const slots = this.slots;
    const mask = (slots.length >> 2) - 1;
    let slot = hash & mask;
    while (slots[slot * 4 + 1] !== 0) slot = (slot + 1) & mask;
    slots.set([hash, entry, start, length], slot * 4);
  }
}

const MAX_CACHED = 2_000_000;

/**
 * A normalizer whose result goes into `dictionary`, run once per distinct raw value:
 * raw text in, code out.
 */
export function internedNormalizer(dictionary: Dictionary, normalize: (raw: string) => string): (raw: string) => number {
  const cache = new RawCache((raw) => dictionary.code(normalize(raw)));
  return (raw) => cache.get(raw);
}

/** A value derived from another dictionary's value (a name's sound), worked out once per code. */
export function derivedCode(source: Dictionary, target: Dictionary, derive: (value: string) => string): (code: number) => number {
  const known: number[] = [0];
  return (code) => {
    let derived = known[code];
    if (derived === undefined) known[code] = derived = target.code(derive(source.values[code]!));
    return derived;
  };
}

/** Record i's value. */
export function textAt(column: TextColumn, i: number): string {
  return column.values[column.codes[i]!]!;
}

/**
 * A column of values derived from another's (a first initial, a birth year), worked out
 * once per distinct value rather than once per record.
 */
export function deriveColumn(column: TextColumn, derive: (value: string) => string): TextColumn {
  const dictionary = new Dictionary();
  const map = new Int32Array(column.values.length);
  for (let code = 1; code < column.values.length; code++) map[code] = dictionary.code(derive(column.values[code]!));
  const codes = new Int32Array(column.codes.length);
  for (let i = 0; i < codes.length; i++) codes[i] = map[column.codes[i]!]!;
  return { codes, values: dictionary.values };
}

/** How many records hold each code (code 0, no value, not counted). */
export function codeCounts(column: TextColumn, size: number): Int32Array {
  const counts = new Int32Array(column.values.length);
  for (let i = 0; i < size; i++) counts[column.codes[i]!]!++;
  counts[0] = 0;
  return counts;
}
