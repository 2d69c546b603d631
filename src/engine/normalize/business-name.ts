import { asText, foldCase } from './text';

/** Legal-form words of many countries, removed from the end of a business name. */
const LEGAL_FORMS = new Set([
  'inc', 'incorporated', 'llc', 'lllp', 'llp', 'lp', 'ltd', 'limited', 'corp', 'corporation', 'co', 'company', 'plc',
  'pllc', 'pc', 'pa', 'gmbh', 'mbh', 'ag', 'kg', 'ohg', 'ug', 'ev', 'sa', 'sas', 'sarl', 'sasu', 'eurl', 'snc', 'sl',
  'slu', 'srl', 'spa', 'sapa', 'bv', 'nv', 'vof', 'cv', 'pty', 'proprietary', 'ab', 'oy', 'oyj', 'as', 'asa', 'aps',
  'kk', 'yk', 'bhd', 'sdn', 'pte', 'pvt', 'private', 'lda', 'ltda', 'sro', 'zoo', 'sp', 'kft', 'zrt', 'doo',
  'ooo', 'zao', 'oao', 'pjsc', 'jsc', 'se', 'holdings', 'holding', 'group', 'intl', 'international',
]);
/** "Amazon.com" is the company Amazon. */
const WEB_SUFFIX = /\.(com|net|org|io|co|ai|app)\b/g;

export interface NormalizedBusinessName {
  /** Compared value: folded, "&" read as "and", no leading "the", no legal form. */
  name: string;
  /** Distinct words of `name`, sorted: for token-set similarity. */
  tokens: string[];
}

/** `normalize` false only folds case and spacing. */
export function normalizeBusinessName(value: unknown, normalize = true): NormalizedBusinessName {
  const raw = foldCase(asText(value));
  if (!normalize) {
    const name = raw.replace(/\s+/g, ' ').trim();
    return { name, tokens: distinctSorted(name.split(' ').filter(Boolean)) };
  }
  const words = raw
    .replace(WEB_SUFFIX, '')
    .replace(/&/g, ' and ')
    .replace(/\+/g, ' and ')
    // Dotted abbreviations first: "s.a." and "l.l.c." become "sa" and "llc".
    .replace(/\b((?:[a-z]\.){2,})/g, (m) => m.replaceAll('.', ''))
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let start = 0;
  let end = words.length;
  if (words[0] === 'the' && end > 1) start = 1;
  while (end > start + 1 && LEGAL_FORMS.has(words[end - 1]!)) end--;
  // "GmbH & Co. KG": a trailing "and" left between two legal forms.
  while (end > start + 1 && (LEGAL_FORMS.has(words[end - 1]!) || words[end - 1] === 'and')) end--;
  const kept = words.slice(start, end);
  return { name: kept.join(' '), tokens: distinctSorted(kept) };
}

function distinctSorted(words: string[]): string[] {
  return [...new Set(words)].sort();
}
