/** Longest string any normalizer looks at; longer values are cut so one bad cell cannot stall a scan. */
export const MAX_VALUE_LENGTH = 512;

const NON_ASCII = /[^ -~\t\n\r]/;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NOT_ALNUM = /[^a-z0-9]+/g;

/** Any cell value as a trimmed string: null, undefined, objects and NaN become ''. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value.length > MAX_VALUE_LENGTH ? value.slice(0, MAX_VALUE_LENGTH).trim() : value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return '';
}

/** Lower case without accents (é → e, ß → ss); the ASCII case skips the costly Unicode work. */
export function foldCase(value: string): string {
  const lower = value.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  return lower.normalize('NFKD').replace(COMBINING_MARKS, '').replace(/ß/g, 'ss').replace(/æ/g, 'ae').replace(/ø/g, 'o').replace(/ł/g, 'l').replace(/đ/g, 'd');
}

/** Folded, with every run of punctuation or space turned into a single space. */
export function foldText(value: unknown): string {
  return foldCase(asText(value)).replace(NOT_ALNUM, ' ').trim();
}

export function tokens(folded: string): string[] {
  return folded === '' ? [] : folded.split(' ');
}
