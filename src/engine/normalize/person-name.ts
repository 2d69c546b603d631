import { editDistance, jaroWinkler, jaroWinklerBound, lettersApart, missingLetters } from '../compare/similarity';
import { NICKNAMES } from './nicknames';
import { foldText } from './text';

const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'professor', 'sir', 'dame', 'madam', 'rev', 'fr', 'herr', 'frau', 'mme', 'mlle', 'sr', 'sra', 'srta']);
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v', 'phd', 'md', 'dds', 'esq', 'mba', 'cpa', 'rn', 'jd', 'dvm', 'pe', 'pmp']);

/** A name part folded, without honorifics or generational and professional suffixes. */
export function normalizeNamePart(value: unknown): string {
  const words = foldText(value).split(' ');
  let start = 0;
  let end = words.length;
  while (start < end - 1 && HONORIFICS.has(words[start]!)) start++;
  while (end > start + 1 && SUFFIXES.has(words[end - 1]!)) end--;
  return words.slice(start, end).join(' ');
}

/** The formal name a nickname stands for (bob → robert); other names unchanged. */
export function canonicalGivenName(name: string): string {
  const first = name.split(' ')[0] ?? '';
  return NICKNAMES.get(first) ?? first;
}

export interface NormalizedPersonName {
  first: string;
  last: string;
  /** First name with nicknames resolved. */
  canonicalFirst: string;
}

/** Splits "Dr. Jane Q. Doe Jr." when only a full name is given. */
export function normalizePersonName(first: unknown, last: unknown): NormalizedPersonName {
  let f = normalizeNamePart(first);
  let l = normalizeNamePart(last);
  if (l === '' && f.includes(' ')) {
    const parts = f.split(' ');
    l = parts.pop()!;
    f = parts.join(' ');
  }
  return { first: f, last: l, canonicalFirst: f === '' ? '' : canonicalGivenName(f) };
}

/**
 * Whether two given names (normalized, see normalizeNamePart) are clearly two people's:
 * not the same name, not a nickname of one another (bob, robert), not an initial or a
 * short form of the other (j, james; chris, christopher), not a typo of the other (one
 * letter apart, two in long names) and, given `sound`, not two spellings of one sound
 * (catherine, kathryn). A missing name is no evidence either way. Names of several words
 * ("mary ann", "j robert") count when any word of one is the other's.
 */
export function givenNamesClearlyDiffer(a: string, b: string, sound?: (name: string) => string): boolean {
  if (a === '' || b === '' || a === b) return false;
  // One word each, as nearly all are: the words are the names, and joining changes nothing.
  if (!a.includes(' ') && !b.includes(' ')) return !sameGivenName(a, b, sound);
  const wordsA = a.split(' ');
  const wordsB = b.split(' ');
  for (const x of wordsA) for (const y of wordsB) if (sameGivenName(x, y, sound)) return false;
  return !sameGivenName(a.replaceAll(' ', ''), b.replaceAll(' ', ''), sound);
}

/** Whether one name is an initial of the other (j, james) or a short form the nickname table lacks (dan, daniel). */
export function initialOrShortForm(a: string, b: string): boolean {
  if (a === '' || b === '' || a === b) return false;
  // No array to destructure: this runs for millions of pairs of names.
  const short = a.length <= b.length ? a : b;
  const long = short === a ? b : a;
  return short.length === 1 ? short.charCodeAt(0) === long.charCodeAt(0) : short.length >= 3 && long.startsWith(short);
}

/** The formal name a nickname stands for (bob → robert), as sameGivenName compares them; other names unchanged. */
export function formalName(name: string): string {
  return NICKNAMES.get(name) ?? name;
}

function sameGivenName(a: string, b: string, sound?: (name: string) => string): boolean {
  if (a === '' || b === '') return false;
  if (a === b || initialOrShortForm(a, b)) return true;
  const short = a.length <= b.length ? a : b;
  if (formalName(a) === formalName(b)) return true;
  if (mistypedName(a, b)) return true;
  // The bound first: most names a scan holds side by side are far apart, and it costs less.
  if (short.length >= 4 && jaroWinklerBound(a, b) >= 0.85 && jaroWinkler(a, b) >= 0.85) return true;
  return sound !== undefined && sound(a) === sound(b) && sound(a) !== '';
}

/**
 * Whether two names (normalized) are one typed wrong: a letter wrong, left out, added or
 * swapped (two in names of five letters or more), or the letters scrambled with at most one
 * wrong ("oievr", "oliver"; "josen", "jones").
 */
export function mistypedName(a: string, b: string): boolean {
  if (a === '' || b === '' || a === b) return false;
  // Two slips leave at most two letters of either name missing from the other: most pairs
  // of names a scan compares fail this one pass, before the costlier measures.
  if (lonelyLetters(a, b) > 2) return false;
  const short = Math.min(a.length, b.length);
  if (editDistance(a, b, 2) <= (short >= 5 ? 2 : 1)) return true;
  // Names whose lengths differ by two or more are at least that many letters apart.
  return short >= 4 && Math.abs(a.length - b.length) <= 1 && lettersApart(a, b) <= 1;
}

/**
 * False only when mistypedName is false, by the two names' letter masks and lengths alone
 * (see letterMask): one or two edits change a length and the letters one name lacks by as
 * many at most, and names of four letters or fewer allow one.
 */
export function mayBeMistyped(maskA: number, lengthA: number, maskB: number, lengthB: number): boolean {
  const slips = Math.min(lengthA, lengthB) >= 5 ? 2 : 1;
  return Math.abs(lengthA - lengthB) <= slips && missingLetters(maskA, maskB) <= slips;
}

/**
 * Letters of one name that the other has nowhere, counted with repeats, on the side with
 * more; by the letters' last five bits, so at worst an undercount.
 */
function lonelyLetters(a: string, b: string): number {
  let maskA = 0;
  let maskB = 0;
  for (let i = 0; i < a.length; i++) maskA |= 1 << (a.charCodeAt(i) & 31);
  for (let j = 0; j < b.length; j++) maskB |= 1 << (b.charCodeAt(j) & 31);
  let lonelyA = 0;
  let lonelyB = 0;
  for (let i = 0; i < a.length; i++) if ((maskB & (1 << (a.charCodeAt(i) & 31))) === 0) lonelyA++;
  for (let j = 0; j < b.length; j++) if ((maskA & (1 << (b.charCodeAt(j) & 31))) === 0) lonelyB++;
  return Math.max(lonelyA, lonelyB);
}
