import { Dictionary, deriveColumn, textAt, textHash, type TextColumn } from '../text-column';
import type { BlockingRule } from '../types';

/**
 * Blocking keys as 31-bit hashes (-1 for none, so they fit an Int32Array), computed from
 * the values in place: a million records times a dozen rules would otherwise build a
 * dozen million key strings. A part's hash is its text's (textKey), read by code where a
 * dictionary knows it: hashing each record's text again cost two microseconds a contact.
 * A key of several parts mixes its parts' hashes, and has none when any part is empty.
 */

/** Record i's value for one part of a key: as text (an existing string), and as its textKey, -1 when empty. */
export interface KeyPart {
  text(i: number): string;
  hash(i: number): number;
}

/** A part whose hash is worked out from its text, for values no dictionary holds. */
function hashedText(text: (i: number) => string): KeyPart {
  return {
    text,
    hash: (i) => {
      const value = text(i);
      return value === '' ? -1 : textKey(value);
    },
  };
}

/** A column as a key part. */
export function part(column: TextColumn): KeyPart {
  const { codes, values } = column;
  const text = (i: number) => values[codes[i]!]!;
  // Code 0 is '' and no other code is: an empty value is known by its code.
  if (column.unique && column.hashes) {
    const hashes = column.hashes;
    return { text, hash: (i) => (codes[i] === 0 ? -1 : hashes[codes[i]!]! >>> 1) };
  }
  // Values from another thread have no dictionary here: their text is hashed.
  const dictionary = Dictionary.of(values);
  if (!dictionary) return hashedText(text);
  return { text, hash: (i) => (codes[i] === 0 ? -1 : dictionary.hashOf(codes[i]!) >>> 1) };
}

/**
 * A column derived from another's values (a first initial) as a key part, derived on
 * first use: the calling thread reads a rule's name and sort order, and its keys come
 * from the threads that prepared the records.
 */
export function derivedPart(column: TextColumn, derive: (value: string) => string): KeyPart {
  // A column of nearly distinct values would give a dictionary as large, and a column of a few
  // records sharing a large dictionary (the match endpoint's one record, prepared with the
  // portal's names) would derive every name in it: derive per record.
  if (column.unique || column.codes.length * 4 < column.values.length) return hashedText((i) => (column.codes[i] === 0 ? '' : derive(textAt(column, i))));
  let derived: KeyPart | null = null;
  const of = () => (derived ??= part(deriveColumn(column, derive)));
  return { text: (i) => of().text(i), hash: (i) => of().hash(i) };
}

/** A column's values that pass a test (a distinctive mailbox name), judged once per value; others count as empty. */
export function filteredPart(column: TextColumn, keep: (value: string) => boolean): KeyPart {
  let verdicts: Uint8Array | null = null;
  const whole = part(column);
  /** Whether record i's value is kept: 0 not judged yet, 1 kept, 2 left out. */
  const kept = (i: number): boolean => {
    const code = column.codes[i]!;
    if (code === 0) return false;
    verdicts ??= new Uint8Array(column.values.length);
    let verdict = verdicts[code]!;
    if (verdict === 0) verdicts[code] = verdict = keep(column.values[code]!) ? 1 : 2;
    return verdict === 1;
  };
  return { text: (i) => (kept(i) ? whole.text(i) : ''), hash: (i) => (kept(i) ? whole.hash(i) : -1) };
}

/** Every rule's key for every record: record i's key under rule r at [i * rules.length + r]. */
export function computeKeys(rules: readonly BlockingRule[], size: number): Int32Array {
  const R = rules.length;
  const keys = new Int32Array(size * R);
  rules.forEach((rule, r) => {
    for (let i = 0; i < size; i++) keys[i * R + r] = rule.key(i);
  });
  return keys;
}

/** The first part with a value (a name's sound, else the name itself). */
export function firstFilled(...parts: KeyPart[]): KeyPart {
  return {
    text: (i) => {
      for (const part of parts) {
        const value = part.text(i);
        if (value !== '') return value;
      }
      return '';
    },
    hash: (i) => {
      for (const part of parts) {
        const hash = part.hash(i);
        if (hash !== -1) return hash;
      }
      return -1;
    },
  };
}

/** The key of one text: FNV-1a over its UTF-16 code units (textHash), top 31 bits. */
export function textKey(text: string): number {
  return textHash(text) >>> 1;
}

/** Two parts' hashes mixed into one key, in order (murmur3's finalizer over the pair). */
function mix(a: number, b: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ b;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 1;
}

/** The key of texts as the parts of one key (see joinKey): for tests and tools. */
export function keyOfTexts(...texts: string[]): number {
  if (texts.some((text) => text === '')) return -1;
  return texts.map(textKey).reduce((key, next) => mix(key, next));
}

/** The key of the parts in order, or -1 when any is empty. */
export function joinKey(...parts: KeyPart[]): (i: number) => number {
  if (parts.length === 1) return parts[0]!.hash;
  const [first, second] = parts;
  if (parts.length === 2) {
    return (i) => {
      const a = first!.hash(i);
      if (a === -1) return -1;
      const b = second!.hash(i);
      return b === -1 ? -1 : mix(a, b);
    };
  }
  return (i) => {
    let key = parts[0]!.hash(i);
    for (let p = 1; p < parts.length && key !== -1; p++) {
      const next = parts[p]!.hash(i);
      key = next === -1 ? -1 : mix(key, next);
    }
    return key;
  };
}

/** The key of two parts in either order ("Smith John" = "John Smith"), or -1 when either is empty. */
export function unorderedKey(a: KeyPart, b: KeyPart): (i: number) => number {
  return (i) => {
    const x = a.hash(i);
    if (x === -1) return -1;
    const y = b.hash(i);
    if (y === -1) return -1;
    return x <= y ? mix(x, y) : mix(y, x);
  };
}
