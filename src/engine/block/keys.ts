import { deriveColumn, textAt, type TextColumn } from '../text-column';
import type { BlockingRule } from '../types';

/**
 * Blocking keys as 31-bit hashes (-1 for none, so they fit an Int32Array), computed from
 * the values in place: a million records times a dozen rules would otherwise build a
 * dozen million key strings. A key of several parts hashes as their "|"-joined text
 * would, and has none when any part is empty.
 */

/** Record i's value for one part of a key: an existing string, never a new one. */
export type KeyPart = (i: number) => string;

/** A column as a key part. */
export function part(column: TextColumn): KeyPart {
  return (i) => textAt(column, i);
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
  if (column.unique || column.codes.length * 4 < column.values.length) return (i) => (column.codes[i] === 0 ? '' : derive(textAt(column, i)));
  let derived: TextColumn | null = null;
  return (i) => textAt((derived ??= deriveColumn(column, derive)), i);
}

/** A column's values that pass a test (a distinctive mailbox name), judged once per value; others count as empty. */
export function filteredPart(column: TextColumn, keep: (value: string) => boolean): KeyPart {
  let verdicts: Uint8Array | null = null;
  return (i) => {
    const code = column.codes[i]!;
    if (code === 0) return '';
    // 0 not judged yet, 1 kept, 2 left out.
    verdicts ??= new Uint8Array(column.values.length);
    let verdict = verdicts[code]!;
    if (verdict === 0) verdicts[code] = verdict = keep(column.values[code]!) ? 1 : 2;
    return verdict === 1 ? column.values[code]! : '';
  };
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
  return (i) => {
    for (const part of parts) {
      const value = part(i);
      if (value !== '') return value;
    }
    return '';
  };
}

const OFFSET_BASIS = 0x811c9dc5;
const PRIME = 0x01000193;
const SEPARATOR = 124; // '|'

function mix(hash: number, text: string): number {
  for (let k = 0; k < text.length; k++) hash = Math.imul(hash ^ text.charCodeAt(k), PRIME);
  return hash;
}

/** The key of one text: FNV-1a over its UTF-16 code units, top 31 bits. */
export function textKey(text: string): number {
  return mix(OFFSET_BASIS, text) >>> 1;
}

/** The key of the parts in order, or -1 when any is empty. */
export function joinKey(...parts: KeyPart[]): (i: number) => number {
  if (parts.length === 1) {
    const only = parts[0]!;
    return (i) => {
      const value = only(i);
      return value === '' ? -1 : textKey(value);
    };
  }
  const [first, second] = parts;
  if (parts.length === 2) {
    return (i) => {
      const a = first!(i);
      if (a === '') return -1;
      const b = second!(i);
      if (b === '') return -1;
      return mix(Math.imul(mix(OFFSET_BASIS, a) ^ SEPARATOR, PRIME), b) >>> 1;
    };
  }
  return (i) => {
    let hash = OFFSET_BASIS;
    for (let p = 0; p < parts.length; p++) {
      const value = parts[p]!(i);
      if (value === '') return -1;
      if (p > 0) hash = Math.imul(hash ^ SEPARATOR, PRIME);
      hash = mix(hash, value);
    }
    return hash >>> 1;
  };
}

/** The key of two parts in either order ("Smith John" = "John Smith"), or -1 when either is empty. */
export function unorderedKey(a: KeyPart, b: KeyPart): (i: number) => number {
  const ordered = joinKey(
    (i) => {
      const x = a(i);
      const y = b(i);
      return x <= y ? x : y;
    },
    (i) => {
      const x = a(i);
      const y = b(i);
      return x <= y ? y : x;
    },
  );
  return ordered;
}
