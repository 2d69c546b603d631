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
