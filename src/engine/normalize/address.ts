import { foldText } from './text';

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
