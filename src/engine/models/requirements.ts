import { NULL_LEVEL, type Comparison, type ComparisonLevel } from '../types';

/**
 * Requirements: what a duplicate must have, stated as a comparison level whose m is held
 * at (nearly) zero, "true duplicates almost never look like this". Its Bayes factor is
 * about 2^-40, more than every other field can make up, so a pair at that level is never
 * proposed, and clustering never joins its two records through a third (the pair speaks
 * against a match). This is the Fellegi-Sunter score itself saying no, not a filter beside
 * it: explanations show the level and its weight like any other.
 *
 * Used where the score alone would let common evidence add up: seven customers who each
 * write "Email notifications not working" share a subject and most of the wording, and no
 * weight on the subject can tell that apart from one customer writing twice.
 */
export const REQUIREMENT_M = 1e-12;

/** A level no true duplicate reaches: m fixed at REQUIREMENT_M, u learnt from the data. */
export function requirementLevel(label: string, u = 0.5): ComparisonLevel {
  return { label, m: REQUIREMENT_M, u, fixed: true };
}

const DAY = 86_400_000;

/**
 * Creation times that must be close: within a day, a week, `windowDays`, or further apart,
 * which no duplicate is (a re-filed ticket comes within days; the same question a season
 * later is a new ticket).
 */
export function closeInTimeComparison(options: { name: string; label: string; properties: readonly string[]; values: Float64Array; windowDays: number }): Comparison {
  const { values, windowDays } = options;
  return {
    name: options.name,
    label: options.label,
    properties: options.properties,
    levels: [
      { label: 'within a day', m: 0.6, u: 0.005 },
      { label: 'within a week', m: 0.3, u: 0.03 },
      { label: `within ${windowDays} days`, m: 0.1, u: 0.1 },
      requirementLevel(`more than ${windowDays} days apart`),
    ],
    compare(i, j) {
      const a = values[i]!;
      const b = values[j]!;
      if (Number.isNaN(a) || Number.isNaN(b)) return NULL_LEVEL;
      const gap = Math.abs(a - b);
      return gap <= DAY ? 0 : gap <= 7 * DAY ? 1 : gap <= windowDays * DAY ? 2 : 3;
    },
  };
}

/** Sorted distinct items of a "a;b;c" list, joined by spaces (none of the items holds one). */
export function itemSet(items: readonly string[]): string {
  return [...new Set(items.filter((item) => item !== ''))].sort().join(' ');
}

/** Whether two sorted, space-joined item sets (see itemSet) share an item. */
export function setsMeet(a: string, b: string): boolean {
  if (a === '' || b === '') return false;
  if (!a.includes(' ') && !b.includes(' ')) return a === b;
  const left = a.split(' ');
  const right = new Set(b.split(' '));
  return left.some((item) => right.has(item));
}
