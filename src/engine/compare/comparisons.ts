import { equalityOf, sameValue, type TextColumn } from '../text-column';
import { NULL_LEVEL, type Comparison, type ComparisonLevel } from '../types';
import { inOneOrder, levelTable, memoizedByCodes, memoizedSimilarity } from './memoized-similarity';
import { AddressFacts } from './address-facts';
import { codeFacts, LetterFacts } from './code-facts';
import { bitCount, CEILING_MARGIN, editDistance, jaroWinkler, jaroWinklerBound, jaroWinklerBoundOf, jaroWinklerCeiling, lettersApart, missingLetters, tokenSetSimilarity, withinOneEdit } from './similarity';

interface ExtraLevel extends ComparisonLevel {
  test(i: number, j: number): boolean;
}

export interface StringComparisonOptions {
  name: string;
  label: string;
  properties: readonly string[];
  values: TextColumn;
  /** Levels checked after an exact match and before the fuzzy ones, in order. */
  extraLevels?: readonly ExtraLevel[];
  /** Jaro-Winkler bands, strongest first; omitted when fuzzy matching is off. */
  fuzzyBands?: readonly number[];
  /** Letter masks and lengths of the values, to rule pairs out of the fuzzy bands before reading them (see LetterFacts). */
  letters?: LetterFacts;
  /** Phonetic codes per record; omitted when phonetic matching is off. */
  phonetic?: TextColumn;
  /** A clear disagreement (two house numbers) that overrides any similarity and earns its own weight. */
  conflict?: ExtraLevel;
  /** Chance that two different records agree exactly, before the data says otherwise. */
  exactU?: number;
  /** Keep the "different" level's m at this value instead of learning it (see ComparisonLevel.fixed). */
  differentFixedM?: number;
  termFrequency?: boolean;
  /**
   * Jaro-Winkler of two codes for the fuzzy bands; pass one memo to share it between
   * columns of one dictionary. Memoized by default; 'unique' for columns of nearly
   * distinct values (street addresses), where a memo would only grow.
   */
  similarity?: ((a: number, b: number) => number) | 'unique';
}

/** Exact, then any extra levels, then Jaro-Winkler bands, then phonetic, then different. */
export function stringComparison(options: StringComparisonOptions): Comparison {
  const { extraLevels = [], fuzzyBands = [], phonetic, conflict, letters } = options;
  const { codes, values } = options.values;
  const equality = equalityOf(options.values);
  const similar =
    options.similarity === 'unique' || options.values.unique
      ? (a: number, b: number) => jaroWinkler(values[a]!, values[b]!)
      : (options.similarity ?? memoizedSimilarity(values, jaroWinkler));
  const lowestBand = fuzzyBands.at(-1) ?? 1;
  // The cheap bounds rule out most pairs before Jaro-Winkler proper.
  const mayBeSimilar = letters
    ? (a: number, b: number) => letters.mayReach(a, b, lowestBand) && jaroWinklerBoundOf(values[a]!, letters.mask(a), values[b]!, letters.mask(b)) >= lowestBand
    : (a: number, b: number) => jaroWinklerBound(values[a]!, values[b]!) >= lowestBand;
  const levels: ComparisonLevel[] = [
    { label: 'exact match', m: 0.8, u: options.exactU ?? 0.002 },
    ...extraLevels.map(({ label, m, u }) => ({ label, m, u: u ?? 0.002 })),
    ...fuzzyBands.map((band, k) => ({ label: `similar (Jaro-Winkler ≥ ${band.toFixed(2)})`, m: k === 0 ? 0.08 : 0.04, u: k === 0 ? 0.003 : 0.02 })),
    ...(phonetic ? [{ label: 'sounds alike', m: 0.02, u: 0.01 }] : []),
    ...(conflict ? [{ label: conflict.label, m: conflict.m, u: conflict.u ?? 0.3, ...(conflict.fixed ? { fixed: true } : {}) }] : []),
    options.differentFixedM === undefined ? { label: 'different', m: 0.04 } : { label: 'different', m: options.differentFixedM, fixed: true },
  ];
  const firstFuzzy = 1 + extraLevels.length;
  const phoneticLevel = firstFuzzy + fuzzyBands.length;
  const different = levels.length - 1;
  const conflictLevel = different - 1;
  return {
    name: options.name,
    label: options.label,
    properties: options.properties,
    levels,
    compare(i, j) {
      const a = codes[i]!;
      const b = codes[j]!;
      if (a === 0 || b === 0) return NULL_LEVEL;
      if (sameValue(a, b, equality)) return 0;
      for (let k = 0; k < extraLevels.length; k++) if (extraLevels[k]!.test(i, j)) return 1 + k;
      if (conflict?.test(i, j)) return conflictLevel;
      if (fuzzyBands.length > 0 && mayBeSimilar(a, b)) {
        const similarity = similar(a, b);
        for (let k = 0; k < fuzzyBands.length; k++) if (similarity >= fuzzyBands[k]!) return firstFuzzy + k;
      }
      if (phonetic) {
        const pa = phonetic.codes[i]!;
        if (pa !== 0 && pa === phonetic.codes[j]) return phoneticLevel;
      }
      return different;
    },
    ...(options.termFrequency ? { termFrequency: { level: 0, column: options.values } } : {}),
  };
}

/** Sorted, space-joined tokens per record: token-set similarity for company names and subjects. */
export function tokenComparison(options: {
  name: string;
  label: string;
  properties: readonly string[];
  values: TextColumn;
  fuzzyBands?: readonly number[];
  termFrequency?: boolean;
  /** Agreement here does not identify a person (a job title): see ComparisonLevel.circumstantial. */
  circumstantial?: boolean;
}): Comparison {
  const { fuzzyBands = [] } = options;
  const { codes, values } = options.values;
  const split = (s: string) => s.split(' ');
  const levels: ComparisonLevel[] = [
    { label: 'exact match', m: 0.75, u: 0.002 },
    { label: 'same words, one has more', m: 0.1, u: 0.003 },
    ...fuzzyBands.map((band) => ({ label: `similar (Jaro-Winkler ≥ ${band.toFixed(2)})`, m: 0.05, u: 0.003 })),
    { label: 'half the words shared', m: 0.05, u: 0.02 },
    { label: 'different', m: 0.05 },
  ].map((level) => (options.circumstantial ? { ...level, circumstantial: true } : level));
  const half = 2 + fuzzyBands.length;
  const lowestBand = fuzzyBands.at(-1) ?? 1;
  // Each value's words and letters, worked out once. A contact's company names pair up
  // mostly once; a company's own name recurs across its branches and copies, whose pairs
  // the memo past levelTable keeps (three times faster at a million companies).
  const words = codeFacts(values, split);
  const letters = new LetterFacts(values);
  const measure = (x: number, y: number) => {
    // One order of the two values whatever the order of the records.
    if (values[x]! > values[y]!) {
      const swap = x;
      x = y;
      y = swap;
    }
    const a = values[x]!;
    const b = values[y]!;
    const overlap = tokenSetSimilarity(words(x), words(y));
    if (overlap === 1) return 1;
    // The cheap bound rules out most pairs of names before Jaro-Winkler proper.
    if (fuzzyBands.length > 0 && letters.mayReach(x, y, lowestBand) && jaroWinklerBoundOf(a, letters.mask(x), b, letters.mask(y)) >= lowestBand) {
      const similarity = jaroWinkler(a, b);
      for (let k = 0; k < fuzzyBands.length; k++) if (similarity >= fuzzyBands[k]!) return 2 + k;
    }
    return overlap >= 0.5 ? half : half + 1;
  };
  // Few values (job titles): every pair's level kept; more: a memo of the pairs met.
  const levelOf = levelTable(values.length, measure, memoizedByCodes(measure));
  return {
    name: options.name,
    label: options.label,
    properties: options.properties,
    levels,
    compare(i, j) {
      const a = codes[i]!;
      const b = codes[j]!;
      if (a === 0 || b === 0) return NULL_LEVEL;
      if (a === b) return 0;
      return levelOf(a, b);
    },
    ...(options.termFrequency ? { termFrequency: { level: 0, column: options.values } } : {}),
  };
}

/**
 * Phone numbers: same number, same last seven digits (country or area code differs), one
 * digit apart, different. Given the extensions, one company line with two different
 * extensions is two people's (a level of its own, whose weight is learnt); an extension on
 * one side only is the same number.
 */
export function phoneComparison(options: { properties: readonly string[]; numbers: TextColumn; extensions?: TextColumn }): Comparison {
  const numbers = options.numbers.codes;
  const text = options.numbers.values;
  const numberEquality = equalityOf(options.numbers);
  const extensions = options.extensions?.codes;
  return {
    name: 'phone',
    label: 'Phone',
    properties: options.properties,
    levels: [
      { label: 'same number', m: 0.75, u: 0.0002 },
      { label: 'same last seven digits', m: 0.1, u: 0.0002 },
      { label: 'one digit apart', m: 0.05, u: 0.001 },
      // Fixed, as random pairs almost never reach it: a learnt m would make it count for a match.
      ...(extensions ? [{ label: 'one line, different extensions (two people)', m: 1e-7, u: 0.0001, fixed: true }] : []),
      { label: 'different', m: 0.1 },
    ],
    compare(i, j) {
      const a = numbers[i]!;
      const b = numbers[j]!;
      if (a === 0 || b === 0) return NULL_LEVEL;
      const x = text[a]!;
      const y = text[b]!;
      // Each check once: the same number, else the same last seven digits.
      const sameNumber = sameValue(a, b, numberEquality);
      const sameDigits = !sameNumber && sameEnding(x, y, 7);
      if ((sameNumber || sameDigits) && extensions && extensions[i] !== 0 && extensions[j] !== 0 && extensions[i] !== extensions[j]) return 3;
      if (sameNumber) return 0;
      if (sameDigits) return 1;
      return withinOneEdit(x, y) ? 2 : extensions ? 4 : 3;
    },
  };
}

/**
 * Whether two numbers end in the same `length` digits: they survive a missing or wrong
 * country or area code. Read in place, as a column of the endings would hold another
 * string a record (80 MB at a million contacts, on each thread).
 */
function sameEnding(x: string, y: string, length: number): boolean {
  if (x.length < length || y.length < length) return false;
  for (let k = 1; k <= length; k++) if (x.charCodeAt(x.length - k) !== y.charCodeAt(y.length - k)) return false;
  return true;
}

/**
 * Dates as YYYYMMDD: exact, one typo, day and month swapped, two typos, a few days or weeks
 * apart, the same time of year with the year typed wrong, same year, different.
 */
export function dateComparison(options: { name: string; label: string; properties: readonly string[]; values: TextColumn; fuzzy: boolean }): Comparison {
  const { fuzzy } = options;
  const { codes, values } = options.values;
  const equality = equalityOf(options.values);
  const levels: ComparisonLevel[] = [
    { label: 'same date', m: 0.8, u: 0.0005 },
    ...(fuzzy
      ? [
          { label: 'one digit off', m: 0.1, u: 0.005 },
          { label: 'day and month swapped', m: 0.02, u: 0.0005 },
          { label: 'two digits off', m: 0.04, u: 0.01 },
          // A birthday misremembered or typed a little wrong: a few days, or the month one off.
          { label: `within ${NEAR_DAYS / 7} weeks`, m: 0.04, u: 0.003 },
          // "1984-11-20", "1994-11-18": the year a slip of one digit (or one or ten years off) and the day a little.
          { label: `the year one digit, one or ten years off, the day within ${NEAR_DAYS / 7} weeks`, m: 0.03, u: 0.01 },
        ]
      : []),
    { label: 'same year', m: 0.03, u: 0.02 },
    { label: 'different', m: 0.05 },
  ];
  const sameYear = levels.length - 2;
  // Per distinct date, worked out once: random pairs for u compare tens of thousands of dates.
  const days = new Map<number, ReturnType<typeof calendarDay>>();
  const calendarDayOf = (code: number) => {
    let day = days.get(code);
    if (day === undefined) days.set(code, (day = calendarDay(values[code]!)));
    return day;
  };
  return {
    name: options.name,
    label: options.label,
    properties: options.properties,
    levels,
    compare(i, j) {
      const ca = codes[i]!;
      const cb = codes[j]!;
      if (ca === 0 || cb === 0) return NULL_LEVEL;
      if (sameValue(ca, cb, equality)) return 0;
      const a = values[ca]!;
      const b = values[cb]!;
      if (fuzzy) {
        if (editDistance(a, b, 1) <= 1) return 1;
        if (a.slice(0, 4) === b.slice(0, 4) && a.slice(4, 6) === b.slice(6, 8) && a.slice(6, 8) === b.slice(4, 6)) return 2;
        // Two typos, or a day and a year slip ("1976-09-15", "1977-09-13").
        if (a.length === 8 && b.length === 8) {
          if (editDistance(a, b, 2) <= 2) return 3;
          const near = nearDates(calendarDayOf(ca), calendarDayOf(cb));
          if (near !== 0) return near === 1 ? 4 : 5;
        }
      }
      return a.slice(0, 4) === b.slice(0, 4) ? sameYear : sameYear + 1;
    },
  };
}

/** Days within which two dates of birth count as near. */
const NEAR_DAYS = 35;

/** A date (YYYYMMDD) as days since 1970, its day of the year and its year; null when it is no calendar date. */
export function calendarDay(date: string): { day: number; dayOfYear: number; year: number } | null {
  const year = Number(date.slice(0, 4));
  const time = Date.UTC(year, Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)));
  if (!Number.isFinite(time)) return null;
  const day = Math.round(time / 86_400_000);
  return { day, dayOfYear: day - Math.round(Date.UTC(year, 0, 1) / 86_400_000), year };
}

/**
 * Whether two dates are near: 1 within NEAR_DAYS of each other; 2 within NEAR_DAYS of the
 * same time of year with the years a slip apart: one digit (1984, 1994), or one or ten years
 * (1999, 2000; 1991, 2001); 0 otherwise.
 */
export function nearDates(a: ReturnType<typeof calendarDay>, b: ReturnType<typeof calendarDay>): 0 | 1 | 2 {
  if (!a || !b) return 0;
  if (Math.abs(a.day - b.day) <= NEAR_DAYS) return 1;
  const years = Math.abs(a.year - b.year);
  if (years !== 1 && years !== 10 && !oneDigitApart(a.year, b.year)) return 0;
  const gap = Math.abs(a.dayOfYear - b.dayOfYear);
  return Math.min(gap, 365 - gap) <= NEAR_DAYS ? 2 : 0;
}

/** Whether two years differ in exactly one digit (1984, 1994). */
function oneDigitApart(x: number, y: number): boolean {
  let digits = 0;
  for (; x > 0 || y > 0; x = Math.floor(x / 10), y = Math.floor(y / 10)) if (x % 10 !== y % 10) digits++;
  return digits === 1;
}

/** Numbers (deal amounts): equal, within 1 %, within 10 %, different. */
export function numberComparison(options: FieldInfo & { values: Float64Array }): Comparison {
  const { values } = options;
  const levels = [
    { label: 'equal', m: 0.7, u: 0.01 },
    { label: 'within 1%', m: 0.1, u: 0.01 },
    { label: 'within 10%', m: 0.1, u: 0.05 },
    { label: 'different', m: 0.1 },
  ];
  return banded(options, levels, values, (a, b) => {
    if (a === b) return 0;
    const relative = Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));
    return relative <= 0.01 ? 1 : relative <= 0.1 ? 2 : 3;
  });
}

/** The name, label and record properties of a comparison. */
type FieldInfo = { name: string; label: string; properties: readonly string[] };

/** A comparison of two numbers, NaN when missing, whose level `level` decides. */
function banded(info: FieldInfo, levels: ComparisonLevel[], values: Float64Array, level: (a: number, b: number) => number): Comparison {
  return {
    name: info.name,
    label: info.label,
    properties: info.properties,
    levels,
    compare(i, j) {
      const a = values[i]!;
      const b = values[j]!;
      return Number.isNaN(a) || Number.isNaN(b) ? NULL_LEVEL : level(a, b);
    },
  };
}

/** Times (epoch ms): within a day, a week, a month, or further apart. */
export function timeComparison(options: FieldInfo & { values: Float64Array }): Comparison {
  const day = 86_400_000;
  const levels = [
    { label: 'within a day', m: 0.6, u: 0.01 },
    { label: 'within a week', m: 0.2, u: 0.05 },
    { label: 'within a month', m: 0.1, u: 0.1 },
    { label: 'further apart', m: 0.1 },
  ];
  return banded(options, levels, options.values, (a, b) => {
    const gap = Math.abs(a - b);
    return gap <= day ? 0 : gap <= 7 * day ? 1 : gap <= 31 * day ? 2 : 3;
  });
}

/**
 * Times (epoch ms) by how far apart they are: the first band whose `days` cover the gap,
 * else `beyond` (often a requirement: no duplicate is that far apart).
 */
export function timeGapComparison(options: FieldInfo & { values: Float64Array; bands: readonly (ComparisonLevel & { days: number })[]; beyond: ComparisonLevel }): Comparison {
  const { bands } = options;
  const limits = bands.map((band) => band.days * 86_400_000);
  const levels = [...bands.map(({ days: _days, ...level }) => level), options.beyond];
  return banded(options, levels, options.values, (a, b) => {
    const gap = Math.abs(a - b);
    const band = limits.findIndex((limit) => gap <= limit);
    return band === -1 ? bands.length : band;
  });
}

/** The Jaro-Winkler bands of fuzzy levels: a strict one, then the user's threshold. */
export function fuzzyBands(enabled: boolean, thresholdPercent: number): number[] {
  if (!enabled) return [];
  const lowest = Math.min(0.94, Math.max(0.7, thresholdPercent / 100));
  return [0.95, lowest];
}

/**
 * Long texts (ticket descriptions) by how much of their wording two records share: the
 * Jaccard index of their word sets, which `similarity` gives (null: nothing to compare).
 */
export function jaccardComparison(
  options: FieldInfo & {
    similarity: (i: number, j: number) => number | null;
    /** From this index the texts count as the same (default: the same words). */
    same?: number;
    /** From this index, "many words shared" (default 0.4). */
    many?: number;
  },
): Comparison {
  const { similarity, same = 1, many = 0.4 } = options;
  return {
    name: options.name,
    label: options.label,
    properties: options.properties,
    levels: [
      { label: 'same text', m: 0.5, u: 0.001 },
      { label: `mostly the same words (Jaccard ≥ ${MOSTLY_SAME})`, m: 0.25, u: 0.002 },
      { label: `many words shared (Jaccard ≥ ${many})`, m: 0.15, u: 0.02 },
      { label: 'different', m: 0.1 },
    ],
    compare(i, j) {
      const index = similarity(i, j);
      if (index === null) return NULL_LEVEL;
      return index >= same ? 0 : index >= MOSTLY_SAME ? 1 : index >= many ? 2 : 3;
    },
  };
}

const MOSTLY_SAME = 0.7;

/** The columns of a postal location. */
export interface LocationColumns {
  street: TextColumn;
  number: TextColumn;
  zip: TextColumn;
  city: TextColumn;
  region: TextColumn;
  country: TextColumn;
}

/**
 * Street, postcode, city, state and country as one comparison: they are one piece of
 * evidence (where the record is), and counting each separately would credit neighbours
 * and family members four or five times over.
 */
export function locationComparison(options: { properties: readonly string[]; columns: LocationColumns; fuzzy: boolean }): Comparison {
  const { street, number, zip, city, region, country } = options.columns;
  const same = (column: Int32Array, i: number, j: number) => column[i] !== 0 && column[i] === column[j];
  const streetEquality = equalityOf(street);
  const clash = (column: Int32Array, i: number, j: number) => column[i] !== 0 && column[j] !== 0 && column[i] !== column[j];
  const streets = street.codes;
  const numbers = number.codes;
  const zips = zip.codes;
  const cities = city.codes;
  const regions = region.codes;
  const countries = country.codes;
  const known = (i: number) => streets[i] !== 0 || zips[i] !== 0 || cities[i] !== 0 || regions[i] !== 0 || countries[i] !== 0;
  // One place written two ways: 2 a typo ("Loondon", "fTelford") or letters swapped; 1 two typos ("Loonon").
  const citySimilarity = levelTable(city.values.length, inOneOrder(city.values, nameLikeness), memoizedSimilarity(city.values, nameLikeness));
  const similarStreets = (a: string, b: string) => jaroWinklerBound(a, b) >= 0.9 && jaroWinkler(a, b) >= 0.9;
  return {
    name: 'location',
    label: 'Address',
    properties: options.properties,
    levels: [
      { label: 'same street address', m: 0.6, u: 0.0005 },
      { label: 'same house number, similar street', m: 0.1, u: 0.0005 },
      { label: 'same postcode', m: 0.1, u: 0.002, circumstantial: true },
      { label: 'same city', m: 0.1, u: 0.01, circumstantial: true },
      // Two street addresses in one postcode or town are two homes or offices: namesakes
      // of one town have them, a person who moved mostly leaves the town as well.
      { label: 'same postcode, another street address', m: 0.002, u: 0.002 },
      { label: 'same city, another street address', m: 0.004, u: 0.01 },
      // "Loonon" for London, "Carfiif" for Cardiff: a town mistyped twice over is no other town.
      { label: 'town names a few letters apart', m: 0.03, u: 0.005, circumstantial: true },
      { label: 'same state or country only', m: 0.05, u: 0.1, circumstantial: true },
      { label: 'different place', m: 0.05 },
    ],
    compare(i, j) {
      if (!known(i) || !known(j)) return NULL_LEVEL;
      // A different postcode or city outweighs a common street name ("1 Main St"). The
      // cheap checks go first: most pairs compared are far apart.
      const elsewhere = clash(zips, i, j) || clash(countries, i, j) || (clash(cities, i, j) && citySimilarity(cities[i]!, cities[j]!) !== 2);
      if (!elsewhere) {
        if (streets[i] !== 0 && sameValue(streets[i]!, streets[j]!, streetEquality)) return 0;
        if (options.fuzzy && same(numbers, i, j) && similarStreets(street.values[streets[i]!]!, street.values[streets[j]!]!)) return 1;
        // Not the same street address (nor a similar one, checked above).
        const anotherStreet = streets[i] !== 0 && streets[j] !== 0;
        if (same(zips, i, j)) return anotherStreet ? 4 : 2;
        if (same(cities, i, j) || (cities[i] !== 0 && cities[j] !== 0 && citySimilarity(cities[i]!, cities[j]!) === 2)) return anotherStreet ? 5 : 3;
      } else if (!clash(zips, i, j) && !clash(countries, i, j) && clash(cities, i, j) && citySimilarity(cities[i]!, cities[j]!) === 1) return 6;
      if (!clash(regions, i, j) && !clash(countries, i, j) && (same(regions, i, j) || same(countries, i, j))) return 7;
      return 8;
    },
    termFrequency: { level: 3, column: city },
  };
}

/**
 * Whether two names of a place or a person are one written twice: Jaro-Winkler of 0.9 or
 * more, or a letter wrong, missing, added or swapped (two in names of eight letters or more),
 * which Jaro-Winkler misses when the typo is near the start ("ftelford", "telford").
 */
export function similarNames(a: string, b: string): boolean {
  return nameLikeness(a, b) === 2;
}

/**
 * 2 when two names are one written twice (see similarNames); 1 when they are still alike
 * enough to be one name mistyped on both sides ("loonon", "london"; "carfiif", "cardiff"):
 * two letters apart in names of five letters or more, or most letters in place (Jaro-Winkler
 * of 0.85 or more) in names of eight or more; 0 otherwise. Each measure is taken once.
 */
export function nameLikeness(a: string, b: string): 0 | 1 | 2 {
  if (a === b) return 2;
  const shorter = Math.min(a.length, b.length);
  const closeness = jaroWinklerBound(a, b) >= 0.85 ? jaroWinkler(a, b) : 0;
  if (closeness >= 0.9) return 2;
  if (shorter < 4) return 0;
  const distance = editDistance(a, b, 2);
  if (distance <= (shorter >= 8 ? 2 : 1)) return 2;
  if (shorter < 5) return 0;
  return distance <= 2 || (shorter >= 8 && closeness >= 0.85) ? 1 : 0;
}

/**
 * Whether two mailbox names differ only in the digits at their end: 'twin' when one has none
 * ("peter@", "peter2@"), 'numbered' when both have numbers that no one slip of the keys turns
 * into each other ("james.jones80@", "james.jones54@"; not "jdoe1980@", "jdoe1908@").
 */
export function numberedApart(a: string, b: string): 'twin' | 'numbered' | null {
  // Read in place: asked of every pair of webmail addresses, where slices and replaced
  // copies of both made garbage for each.
  const endA = mailboxEnd(a, a.lastIndexOf('@'));
  const endB = mailboxEnd(b, b.lastIndexOf('@'));
  // Each name's stem: what is left of it without the digits at its end.
  let stemA = endA;
  while (stemA > 0 && isDigit(a.charCodeAt(stemA - 1))) stemA--;
  let stemB = endB;
  while (stemB > 0 && isDigit(b.charCodeAt(stemB - 1))) stemB--;
  if (stemA === 0 || stemA !== stemB || !sameCharacters(a, b, 0, stemA)) return null;
  // One name twice is not two names numbered.
  if (endA === endB && sameCharacters(a, b, stemA, endA)) return null;
  if (stemA === endA || stemB === endB) return 'twin';
  return oneSlipApart(a.slice(stemA, endA), b.slice(stemB, endB)) ? null : 'numbered';
}

/** Whether a and b have the same characters from `from` to `to`. */
function sameCharacters(a: string, b: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (a.charCodeAt(k) !== b.charCodeAt(k)) return false;
  return true;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * Whether two mailbox names are one name (separators aside) with numbers one slip of a key
 * apart: "james.jones80@", "jamesjones08@".
 */
function numberMistyped(a: string, b: string): boolean {
  const bareA = withoutSeparators(a.slice(0, a.lastIndexOf('@')));
  const bareB = withoutSeparators(b.slice(0, b.lastIndexOf('@')));
  const numberA = TRAILING_NUMBER.exec(bareA)?.[0] ?? '';
  const numberB = TRAILING_NUMBER.exec(bareB)?.[0] ?? '';
  if (numberA === '' || numberB === '' || numberA === numberB) return false;
  return bareA.slice(0, -numberA.length) === bareB.slice(0, -numberB.length) && oneSlipApart(numberA, numberB);
}

const TRAILING_NUMBER = /\d+$/;

/** A mailbox name without its dots, dashes and underscores. */
export function withoutSeparators(local: string): string {
  return SEPARATORS.test(local) ? local.replace(SEPARATOR_RUNS, '') : local;
}

const SEPARATORS = /[._-]/;
const SEPARATOR_RUNS = /[._-]+/g;

/** Whether one changed, missing, extra or swapped character turns one text into the other. */
export function oneSlipApart(x: string, y: string): boolean {
  if (Math.abs(x.length - y.length) > 1) return false;
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let endX = x.length;
  let endY = y.length;
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX--;
    endY--;
  }
  const swapped = endX - start === 2 && endY - start === 2 && x[start] === y[start + 1] && x[start + 1] === y[start];
  return swapped || (endX - start <= 1 && endY - start <= 1);
}

/**
 * Jaro-Winkler of 0.92 or more, or two characters apart in addresses of ten or more. Bounds
 * rule out nearly every pair first: by the letter masks, at no cost, then by the characters
 * the two have in common, in one pass where either measure costs many. No more characters
 * than those can match, and two edits change the count of at most two on either side.
 */
function similarAddresses(a: string, maskA: number, b: string, maskB: number): boolean {
  const la = a.length;
  const lb = b.length;
  const mayBeAlike = jaroWinklerCeiling(a, b, Math.min(la - bitCount(maskA & ~maskB), lb - bitCount(maskB & ~maskA))) >= 0.92 - CEILING_MARGIN;
  const mayBeTypo = la >= 10 && Math.abs(la - lb) <= 2 && missingLetters(maskA, maskB) <= 2;
  if (!mayBeAlike && !mayBeTypo) return false;
  const apart = lettersApart(a, b);
  if (mayBeAlike && jaroWinklerCeiling(a, b, Math.max(la, lb) - apart) >= 0.92 - CEILING_MARGIN && jaroWinklerBound(a, b) >= 0.92 && jaroWinkler(a, b) >= 0.92) return true;
  return mayBeTypo && apart <= 2 && editDistance(a, b, 2) <= 2;
}

/** Whether two addresses end in the same "@domain", without slicing either. */
function sameDomain(a: string, b: string): boolean {
  for (let i = a.length - 1, j = b.length - 1; i >= 0 && j >= 0; i--, j--) {
    const c = a.charCodeAt(i);
    if (c !== b.charCodeAt(j)) return false;
    if (c === 64 /* @ */) return true;
  }
  return false;
}

/**
 * Whether two addresses have one name before the @, dots, dashes and underscores aside
 * (Gmail drops the dots), given where each one's @ is (-1 without one).
 */
function sameMailboxName(a: string, atA: number, b: string, atB: number): boolean {
  // Read in place, separators skipped: no slice and no replaced copy for each pair.
  const endA = mailboxEnd(a, atA);
  const endB = mailboxEnd(b, atB);
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < endA && isSeparator(a.charCodeAt(i))) i++;
    while (j < endB && isSeparator(b.charCodeAt(j))) j++;
    if (i >= endA || j >= endB) return i >= endA && j >= endB;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
    i++;
    j++;
  }
}

/** Where the name before the @ ends: as slice(0, lastIndexOf('@')) would cut it, one character short without an @. */
function mailboxEnd(address: string, at: number): number {
  return at === -1 ? Math.max(0, address.length - 1) : at;
}

/** A dot, an underscore or a dash. */
function isSeparator(code: number): boolean {
  return code === 46 || code === 95 || code === 45;
}

const DIGITS = /\d/;
/** What a mailbox name has beside letters: digits and separators. */
const MAILBOX_NOISE = /[\d._-]+/g;

/** "james" at two companies is two people; "james.radcombe82" at two providers is likely one. */
export function distinctiveMailbox(local: string): boolean {
  return local.length >= 8 || /[._\-\d]/.test(local);
}

/**
 * Emails: the same address; the same distinctive name before the @ at another domain
 * (a job change, or a second provider), counting less when that name is common; a
 * near-identical address; different. Two addresses made of the person's names look alike
 * for every pair of namesakes ("karen.fairbrook@", "karenfairbrook79@") and of colleagues
 * ("jlowhill@", "qlowhill@" at one company): that likeness repeats what the names say, so
 * it weighs nothing.
 */
export function emailComparison(options: {
  properties: readonly string[];
  addresses: TextColumn;
  /** Distinctive names before the @ ('' for role mailboxes and those made of the person's names). */
  locals: TextColumn;
  webmail: Uint8Array;
  /** The mailbox name is only the person's names, digits aside. */
  namesOnly: Uint8Array;
  /**
   * Whether a mailbox name (letters only: no digits, no separators) is made of either
   * record's names, both records having names: a name typed wrong on one record ("Spohie")
   * hides its own from namesOnly. A record without names lends the mailbox no name evidence.
   * `shared`: both records have this mailbox name, so a letter off the names may still be
   * them (both names typed wrong); between two mailboxes alike only, a letter off is the typo.
   */
  madeOfNames?: (letters: string, i: number, j: number, shared: boolean) => boolean;
  /**
   * Whether two records are two colleagues by their work mailbox names (letters only), which
   * differ in their first letter alone: the rest is a surname of theirs, and their first
   * names do not share an initial (one may be missing). See the check in compare.
   */
  colleagues?: (rest: string, i: number, j: number) => boolean;
  fuzzy: boolean;
}): Comparison {
  const { webmail, namesOnly, fuzzy } = options;
  const madeOfNames = options.madeOfNames ?? (() => false);
  const lettersOf = (mailbox: string) => mailbox.replace(MAILBOX_NOISE, '');
  // Both mailbox names made of the names (their own, or either record's): they repeat what the names say.
  const bothNamed = (i: number, j: number, a: string, atA: number, b: string, atB: number, shared: boolean) => {
    if (namesOnly[i] === 1 && namesOnly[j] === 1) return true;
    const x = lettersOf(a.slice(0, mailboxEnd(a, atA)));
    const y = lettersOf(b.slice(0, mailboxEnd(b, atB)));
    return madeOfNames(x, i, j, shared) && (x === y || madeOfNames(y, i, j, shared));
  };
  const colleagues = options.colleagues ?? (() => false);
  // Mailbox names (letters only) of one length that differ in the first letter alone, the rest a surname of two colleagues.
  const twoInitials = (x: string, y: string, i: number, j: number) => x.length >= 5 && x.length === y.length && x.charCodeAt(0) !== y.charCodeAt(0) && x.endsWith(y.slice(1)) && colleagues(x.slice(1), i, j);
  const addresses = options.addresses.codes;
  const text = options.addresses.values;
  const locals = options.locals.codes;
  const localText = options.locals.values;
  const addressEquality = equalityOf(options.addresses);
  const facts = new AddressFacts(text);
  // Whether two addresses' domains differ by more than a typo ("acme.com", "acme.con" are one).
  const unrelatedDomains = (x: number, y: number) => x !== 0 && y !== 0 && x !== y && editDistance(facts.domainText(x), facts.domainText(y), 2) > 2;
  return {
    name: 'email',
    label: 'Email',
    properties: options.properties,
    levels: [
      { label: 'exact match', m: 0.8, u: 0.0001 },
      { label: 'same name before the @, one a webmail address', m: 0.05, u: 0.0002 },
      { label: 'same name before the @ at two companies', m: 0.02, u: 0.0005 },
      // Fixed: random pairs almost never reach it, so a learnt m would make it count for a match.
      { label: 'one company, the same mailbox numbered (two people)', m: 1e-7, u: 0.0001, fixed: true },
      // "imanington@quananashipping.com", "imanington@gmail.com": a work and a private address,
      // or two providers. Namesakes pick their mailbox names separately and share one less often.
      { label: 'same name before the @ made of the names, one a webmail address', m: 0, u: 0.0005, neutral: true },
      // "isabelle.masson12@yahoo.fr", "isabellemasson12@free.fr": the names are the names'
      // evidence; only the number is this field's. A known weight: random pairs never share it,
      // so a learnt one would count the names twice, and namesakes who happen to pick one
      // number grow with the portal. Two digits in common: about a hundred to one.
      { label: 'the names and the same number before the @, one a webmail address', m: 0.03, u: 0.0003, weight: Math.log2(100) },
      ...(fuzzy
        ? [
            { label: 'similar (Jaro-Winkler ≥ 0.92, or two characters apart)', m: 0.05, u: 0.0005 },
            { label: 'similar, both made of the names', m: 0, u: 0.0005, neutral: true },
            // "james.jones80@gmail.com", "james.jones54@yahoo.com": two webmail mailboxes alike only
            // as two people of one name who numbered theirs are, which the names already count.
            // Common names have more of these the larger the portal, and chained them into false groups.
            { label: 'same name before the @, numbered differently', m: 0, u: 0.0005, neutral: true },
          ]
        : []),
      // A person has one work address at a time: two at unrelated company domains are two
      // workplaces, namesakes' or a job change, which the names alone cannot tell apart.
      { label: 'work addresses at two different companies', m: 0.01, u: 0.05 },
      { label: 'different', m: 0.03 },
    ],
    compare(i, j) {
      const ca = addresses[i]!;
      const cb = addresses[j]!;
      if (ca === 0 || cb === 0) return NULL_LEVEL;
      if (sameValue(ca, cb, addressEquality)) return 0;
      // Work addresses follow the company's pattern, so namesakes at two companies share them.
      const local = locals[i]!;
      const anyWebmail = webmail[i] === 1 || webmail[j] === 1;
      let named = false;
      if (local !== 0 && local === locals[j] && distinctiveMailbox(localText[local]!)) {
        const mailbox = localText[local]!;
        named = madeOfNames(lettersOf(mailbox), i, j, true);
        if (!named) return anyWebmail ? 1 : 2;
        // At two companies the names and a number are what they were: a mailbox name at two companies.
        if (DIGITS.test(mailbox)) return anyWebmail ? 5 : 2;
      }
      const a = text[ca]!;
      const b = text[cb]!;
      const maskA = facts.mask(ca);
      const maskB = facts.mask(cb);
      // A company numbers the second person's mailbox: "peter2@" beside "peter@", "nhoppe2@" beside "nhoppe@".
      if (!webmail[i] && !webmail[j] && sameDomain(a, b) && numberedApart(a, b) === 'twin') return 3;
      const atA = facts.at(ca);
      const atB = facts.at(cb);
      if (anyWebmail && sameMailboxName(a, atA, b, atB) && (named || bothNamed(i, j, a, atA, b, atB, true))) return 4;
      if (fuzzy && webmail[i] && webmail[j] && numberedApart(a, b) === 'numbered') return 8;
      const twoWorkplaces = fuzzy ? 9 : 6;
      // A typo'd address keeps its domain or its first letter; skip the costly check otherwise.
      // Alike as namesakes' are, unless only a slip of a key in the number tells them apart.
      if (fuzzy && (a.charCodeAt(0) === b.charCodeAt(0) || sameDomain(a, b)) && similarAddresses(a, maskA, b, maskB)) {
        // A company writes its people's addresses one way: two that differ only in the initial
        // before a surname ("cdeschamps@", "odeschamps@" at one firm) are two colleagues of that
        // name, not a typo, unless their first names share an initial. At 5M contacts such
        // colleagues were an eighth of the false links. (Without fuzzy matching they are different already.)
        if (!webmail[i] && !webmail[j] && sameDomain(a, b) && twoInitials(lettersOf(a.slice(0, mailboxEnd(a, atA))), lettersOf(b.slice(0, mailboxEnd(b, atB))), i, j)) return 10;
        return bothNamed(i, j, a, atA, b, atB, false) && !numberMistyped(a, b) ? 7 : 6;
      }
      if (webmail[i] || webmail[j]) return twoWorkplaces + 1;
      // A mistyped domain ("white.ohg") names no company, so it is no second workplace.
      const x = facts.domain(ca);
      const y = facts.domain(cb);
      return unrelatedDomains(x, y) && facts.realDomain(x) && facts.realDomain(y) ? twoWorkplaces : twoWorkplaces + 1;
    },
    termFrequency: { level: 1, column: options.locals },
  };
}
