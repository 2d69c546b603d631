import { foldText, MAX_VALUE_LENGTH } from './text';

const STREET_WORDS = new Map<string, string>(Object.entries({
  street: 'st', str: 'st', avenue: 'ave', av: 'ave', road: 'rd', boulevard: 'blvd', drive: 'dr', lane: 'ln',
  court: 'ct', place: 'pl', square: 'sq', terrace: 'tce', highway: 'hwy', parkway: 'pkwy', circle: 'cir',
  crescent: 'cres', close: 'cl', way: 'way', alley: 'aly', trail: 'trl', mount: 'mt', point: 'pt', route: 'rte',
  north: 'n', south: 's', east: 'e', west: 'w', northeast: 'ne', northwest: 'nw', southeast: 'se', southwest: 'sw',
  first: '1st', second: '2nd', third: '3rd', fourth: '4th', fifth: '5th', saint: 'st',
}));
const UNIT_WORDS = new Set(['apt', 'apartment', 'unit', 'suite', 'ste', 'flat', 'room', 'rm', 'floor', 'fl', 'bldg', 'building', 'no', 'lot']);

export interface NormalizedAddress {
  /** House number and street with standard abbreviations. */
  street: string;
  /** Apartment, suite or unit number, kept apart. */
  unit: string;
  /** The leading house number, if any. */
  number: string;
}

export function normalizeStreetAddress(value: unknown): NormalizedAddress {
  if (typeof value === 'string' && value.length <= MAX_VALUE_LENGTH && plainAscii(value)) return plainStreetAddress(value);
  // "#5" marks a unit; keep it visible before punctuation is folded away.
  const text = typeof value === 'string' && value.includes('#') ? value.replace(/#\s*(\w+)/g, ' unit $1 ') : value;
  // Folded text has single spaces between words and none at either end.
  const folded = foldText(text);
  const words = folded === '' ? [] : folded.split(' ');
  const street: string[] = [];
  let unit = '';
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (UNIT_WORDS.has(word) && i + 1 < words.length && DIGIT.test(words[i + 1]!)) {
      unit = words[++i]!;
      continue;
    }
    street.push(STREET_WORDS.get(word) ?? word);
  }
  const joined = street.join(' ');
  return { street: joined, unit, number: HOUSE_NUMBER.exec(joined)?.[0] ?? '' };
}

const DIGIT = /\d/;
const HOUSE_NUMBER = /^\d+[a-z]?\b/;

/** Printable ASCII without '#': folding it is lower-casing and cutting at whatever is not a letter or digit. */
function plainAscii(text: string): boolean {
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c < 32 || c > 126 || c === 35 /* # */) return false;
  }
  return true;
}

/**
 * normalizeStreetAddress of plain ASCII, word by word in place: no folded copy, word
 * array, street array or match array per address, and a word is cut out only where it
 * may be a street or unit word, or goes into a rebuilt street.
 */
function plainStreetAddress(value: string): NormalizedAddress {
  const lower = value.toLowerCase();
  let count = 0;
  for (let k = 0; k < lower.length; ) {
    while (k < lower.length && !isAlnum(lower.charCodeAt(k))) k++;
    if (k === lower.length) break;
    wordStarts[count] = k;
    while (k < lower.length && isAlnum(lower.charCodeAt(k))) k++;
    wordEnds[count++] = k;
  }
  const word = (j: number) => lower.slice(wordStarts[j]!, wordEnds[j]!);
  // The street's words, once one of them differs from the address's; until then, null.
  let street: string[] | null = null;
  let unit = '';
  for (let j = 0; j < count; j++) {
    const start = wordStarts[j]!;
    if (wordEnds[j]! - start <= LONGEST_WORD && KEY_STARTS[lower.charCodeAt(start)] === 1) {
      const text = word(j);
      if (UNIT_WORDS.has(text) && j + 1 < count && hasDigit(lower, wordStarts[j + 1]!, wordEnds[j + 1]!)) {
        street ??= wordsBefore(j, word);
        unit = word(++j);
        continue;
      }
      const short = STREET_WORDS.get(text);
      if (short !== undefined && short !== text) {
        street ??= wordsBefore(j, word);
        street.push(short);
        continue;
      }
    }
    street?.push(word(j));
  }
  const joined = street ? street.join(' ') : count === 0 ? '' : spacedOnce(lower, count) ? lower.slice(wordStarts[0]!, wordEnds[count - 1]!) : lower.replace(NOT_ALNUM, ' ').trim();
  return { street: joined, unit, number: houseNumber(joined) };
}

function wordsBefore(j: number, word: (j: number) => string): string[] {
  const words: string[] = [];
  for (let k = 0; k < j; k++) words.push(word(k));
  return words;
}

/** Whether the words are apart by one space each: then the folded text is a slice. */
function spacedOnce(lower: string, count: number): boolean {
  for (let j = 1; j < count; j++) if (wordStarts[j]! - wordEnds[j - 1]! !== 1 || lower.charCodeAt(wordEnds[j - 1]!) !== 32) return false;
  return true;
}

function hasDigit(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (isDigit(text.charCodeAt(k))) return true;
  return false;
}

/** HOUSE_NUMBER's match in folded text (letters, digits and single spaces). */
function houseNumber(street: string): string {
  let k = 0;
  while (k < street.length && isDigit(street.charCodeAt(k))) k++;
  if (k === 0) return '';
  if (k === street.length || street.charCodeAt(k) === 32) return street.slice(0, k);
  // One letter after the digits ("12a"), then a word's end: more letters or digits are no house number.
  const next = street.charCodeAt(k);
  if (next >= 97 && next <= 122 && (k + 1 === street.length || street.charCodeAt(k + 1) === 32)) return street.slice(0, k + 1);
  return '';
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isAlnum(c: number): boolean {
  return (c >= 97 && c <= 122) || isDigit(c);
}

const NOT_ALNUM = /[^a-z0-9]+/g;
/** Where the words of an address start and end: at most one per two of its 512 characters. */
const wordStarts = new Int32Array(MAX_VALUE_LENGTH);
const wordEnds = new Int32Array(MAX_VALUE_LENGTH);
const KEYS = [...STREET_WORDS.keys(), ...UNIT_WORDS];
const LONGEST_WORD = Math.max(...KEYS.map((key) => key.length));
/** First characters of street and unit words: no other word needs cutting out to look up. */
const KEY_STARTS = new Uint8Array(128);
for (const key of KEYS) KEY_STARTS[key.charCodeAt(0)] = 1;
