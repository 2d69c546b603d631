import { NULL_LEVEL, type Comparison, type ComparisonLevel } from '../types';
import { editDistance, jaccard, jaroWinkler, tokenSetSimilarity } from './similarity';

interface ExtraLevel extends ComparisonLevel {
  test(i: number, j: number): boolean;
}

export interface StringComparisonOptions {
  name: string;
  label: string;
  properties: readonly string[];
  values: readonly string[];
  /** Levels checked after an exact match and before the fuzzy ones, in order. */
  extraLevels?: readonly ExtraLevel[];
  /** Jaro-Winkler bands, strongest first; omitted when fuzzy matching is off. */
  fuzzyBands?: readonly number[];
  /** Phonetic codes per record; omitted when phonetic matching is off. */
  phonetic?: readonly string[];
  /** A clear disagreement (two house numbers) that overrides any similarity and earns its own weight. */
  conflict?: ExtraLevel;
  /** Chance that two different records agree exactly, before the data says otherwise. */
  exactU?: number;
  termFrequency?: boolean;
}

/** Exact, then any extra levels, then Jaro-Winkler bands, then phonetic, then different. */
export function stringComparison(options: StringComparisonOptions): Comparison {
  const { values, extraLevels = [], fuzzyBands = [], phonetic, conflict } = options;
  const levels: ComparisonLevel[] = [
    { label: 'exact match', m: 0.8, u: options.exactU ?? 0.002 },
    ...extraLevels.map(({ label, m, u }) => ({ label, m, u: u ?? 0.002 })),
    ...fuzzyBands.map((band, k) => ({ label: `similar (Jaro-Winkler ≥ ${band.toFixed(2)})`, m: k === 0 ? 0.08 : 0.04, u: k === 0 ? 0.003 : 0.02 })),
    ...(phonetic ? [{ label: 'sounds alike', m: 0.02, u: 0.01 }] : []),
    ...(conflict ? [{ label: conflict.label, m: conflict.m, u: conflict.u ?? 0.3, ...(conflict.fixed ? { fixed: true } : {}) }] : []),
    { label: 'different', m: 0.04 },
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
      const a = values[i]!;
      const b = values[j]!;
      if (a === '' || b === '') return NULL_LEVEL;
      if (a === b) return 0;
      for (let k = 0; k < extraLevels.length; k++) if (extraLevels[k]!.test(i, j)) return 1 + k;
      if (conflict?.test(i, j)) return conflictLevel;
      if (fuzzyBands.length > 0) {
        const similarity = jaroWinkler(a, b);
        for (let k = 0; k < fuzzyBands.length; k++) if (similarity >= fuzzyBands[k]!) return firstFuzzy + k;
      }
      if (phonetic) {
        const pa = phonetic[i]!;
        if (pa !== '' && pa === phonetic[j]) return phoneticLevel;
      }
      return different;
    },
    ...(options.termFrequency ? { termFrequency: { level: 0, value: (i: number) => values[i]! } } : {}),
  };
}

/** Sorted, space-joined tokens per record: token-set similarity for company names and subjects. */
export function tokenComparison(options: {
  name: string;
  label: string;
  properties: readonly string[];
  values: readonly string[];
  fuzzyBands?: readonly number[];
  termFrequency?: boolean;
}): Comparison {
  const { values, fuzzyBands = [] } = options;
  const split = (s: string) => s.split(' ');
  const levels: ComparisonLevel[] = [
    { label: 'exact match', m: 0.75, u: 0.002 },
    { label: 'same words, one has more', m: 0.1, u: 0.003 },
    ...fuzzyBands.map((band) => ({ label: `similar (Jaro-Winkler ≥ ${band.toFixed(2)})`, m: 0.05, u: 0.003 })),
    { label: 'half the words shared', m: 0.05, u: 0.02 },
    { label: 'different', m: 0.05 },
  ];
  const half = 2 + fuzzyBands.length;
  return {
    name: options.name,
    label: options.label,
    properties: options.properties,
    levels,
    compare(i, j) {
      const a = values[i]!;
      const b = values[j]!;
      if (a === '' || b === '') return NULL_LEVEL;
      if (a === b) return 0;
      const overlap = tokenSetSimilarity(split(a), split(b));
      if (overlap === 1) return 1;
      if (fuzzyBands.length > 0) {
        const similarity = jaroWinkler(a, b);
        for (let k = 0; k < fuzzyBands.length; k++) if (similarity >= fuzzyBands[k]!) return 2 + k;
      }
      return overlap >= 0.5 ? half : half + 1;
    },
    ...(options.termFrequency ? { termFrequency: { level: 0, value: (i: number) => values[i]! } } : {}),
  };
}

/** Phone numbers: same number, same last seven digits (country or area code differs), different. */
export function phoneComparison(options: { properties: readonly string[]; numbers: readonly string[]; tails: readonly string[] }): Comparison {
  const { numbers, tails } = options;
  return {
    name: 'phone',
    label: 'Phone',
    properties: options.properties,
    levels: [
      { label: 'same number', m: 0.75, u: 0.0002 },
      { label: 'same last seven digits', m: 0.1, u: 0.0002 },
      { label: 'one digit apart', m: 0.05, u: 0.001 },
      { label: 'different', m: 0.1 },
    ],
    compare(i, j) {
      const a = numbers[i]!;
      const b = numbers[j]!;
      if (a === '' || b === '') return NULL_LEVEL;
      if (a === b) return 0;
      if (tails[i] === tails[j]) return 1;
      return editDistance(a, b, 1) <= 1 ? 2 : 3;
    },
  };
}

/** Dates as YYYYMMDD: exact, one typo, day and month swapped, same year and month, different. */
export function dateComparison(options: { name: string; label: string; properties: readonly string[]; values: readonly string[]; fuzzy: boolean }): Comparison {
  const { values, fuzzy } = options;
  const levels: ComparisonLevel[] = [
    { label: 'same date', m: 0.8, u: 0.0005 },
    ...(fuzzy ? [{ label: 'one digit off', m: 0.1, u: 0.005 }, { label: 'day and month swapped', m: 0.02, u: 0.0005 }] : []),
    { label: 'same year', m: 0.03, u: 0.02 },
    { label: 'different', m: 0.05 },
  ];
  const sameYear = levels.length - 2;
  return {
    name: options.name,
    label: options.label,
    properties: options.properties,
    levels,
    compare(i, j) {
      const a = values[i]!;
      const b = values[j]!;
      if (a === '' || b === '') return NULL_LEVEL;
      if (a === b) return 0;
      if (fuzzy) {
        if (editDistance(a, b, 1) <= 1) return 1;
        if (a.slice(0, 4) === b.slice(0, 4) && a.slice(4, 6) === b.slice(6, 8) && a.slice(6, 8) === b.slice(4, 6)) return 2;
      }
      return a.slice(0, 4) === b.slice(0, 4) ? sameYear : sameYear + 1;
    },
  };
}

/** Numbers (deal amounts): equal, within 1 %, within 10 %, different. */
export function numberComparison(options: { name: string; label: string; properties: readonly string[]; values: Float64Array }): Comparison {
  const { values } = options;
  return {
    name: options.name,
    label: options.label,
    properties: options.properties,
    levels: [
      { label: 'equal', m: 0.7, u: 0.01 },
      { label: 'within 1%', m: 0.1, u: 0.01 },
      { label: 'within 10%', m: 0.1, u: 0.05 },
      { label: 'different', m: 0.1 },
    ],
    compare(i, j) {
      const a = values[i]!;
      const b = values[j]!;
      if (Number.isNaN(a) || Number.isNaN(b)) return NULL_LEVEL;
      if (a === b) return 0;
      const relative = Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));
      return relative <= 0.01 ? 1 : relative <= 0.1 ? 2 : 3;
    },
  };
}

/** Times (epoch ms): within a day, a week, a month, or further apart. */
export function timeComparison(options: { name: string; label: string; properties: readonly string[]; values: Float64Array }): Comparison {
  const { values } = options;
  const day = 86_400_000;
  return {
    name: options.name,
    label: options.label,
    properties: options.properties,
    levels: [
      { label: 'within a day', m: 0.6, u: 0.01 },
      { label: 'within a week', m: 0.2, u: 0.05 },
      { label: 'within a month', m: 0.1, u: 0.1 },
      { label: 'further apart', m: 0.1 },
    ],
    compare(i, j) {
      const a = values[i]!;
      const b = values[j]!;
      if (Number.isNaN(a) || Number.isNaN(b)) return NULL_LEVEL;
      const gap = Math.abs(a - b);
      return gap <= day ? 0 : gap <= 7 * day ? 1 : gap <= 31 * day ? 2 : 3;
    },
  };
}

/** The Jaro-Winkler bands of fuzzy levels: a strict one, then the user's threshold. */
export function fuzzyBands(enabled: boolean, thresholdPercent: number): number[] {
  if (!enabled) return [];
  const lowest = Math.min(0.94, Math.max(0.7, thresholdPercent / 100));
  return [0.95, lowest];
}

/** Long texts (ticket content) as sorted word sets: how much of their wording two records share. */
export function jaccardComparison(options: { name: string; label: string; properties: readonly string[]; values: readonly string[] }): Comparison {
  const { values } = options;
  return {
    name: options.name,
    label: options.label,
    properties: options.properties,
    levels: [
      { label: 'same text', m: 0.5, u: 0.001 },
      { label: 'mostly the same words (Jaccard ≥ 0.7)', m: 0.25, u: 0.002 },
      { label: 'many words shared (Jaccard ≥ 0.4)', m: 0.15, u: 0.02 },
      { label: 'different', m: 0.1 },
    ],
    compare(i, j) {
      const a = values[i]!;
      const b = values[j]!;
      if (a === '' || b === '') return NULL_LEVEL;
      if (a === b) return 0;
      const similarity = jaccard(a.split(' '), b.split(' '));
      return similarity >= 0.7 ? 1 : similarity >= 0.4 ? 2 : 3;
    },
  };
}
