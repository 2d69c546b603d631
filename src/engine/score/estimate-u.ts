import type { Comparison } from '../types';
import { compareAll, levelCounts } from './comparison-vectors';
import { seededRandom } from './random';

/**
 * Pseudo-pairs the levels' default u values are worth. A portal of a few hundred records
 * leans on the defaults (its few random pairs may well be its duplicates); a large one
 * on its own data.
 */
const PRIOR_PAIRS = 1000;

/**
 * u probabilities: how often each level occurs between two records drawn at random,
 * which are almost all different entities. Small datasets compare every pair. The
 * defaults keep unseen levels (an exact match nobody shares) above zero.
 */
export function estimateU(comparisons: readonly Comparison[], size: number, sampleSize: number, seed: number): number[][] {
  const allPairs = (size * (size - 1)) / 2;
  const { left, right, count } = allPairs <= sampleSize ? everyPair(size) : randomPairs(size, sampleSize, seed);
  const counts = levelCounts(comparisons, compareAll(comparisons, left, right, count));
  return counts.map((levelCount, c) => {
    const total = levelCount.reduce((a, b) => a + b, 0);
    const prior = defaultU(comparisons[c]!);
    return levelCount.map((n, l) => (n + PRIOR_PAIRS * prior[l]!) / (total + PRIOR_PAIRS));
  });
}

function everyPair(size: number) {
  const count = (size * (size - 1)) / 2;
  const left = new Int32Array(count);
  const right = new Int32Array(count);
  let k = 0;
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      left[k] = i;
      right[k] = j;
      k++;
    }
  }
  return { left, right, count };
}

function randomPairs(size: number, count: number, seed: number) {
  const random = seededRandom(seed);
  const left = new Int32Array(count);
  const right = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    const a = Math.floor(random() * size);
    let b = Math.floor(random() * (size - 1));
    if (b >= a) b++;
    left[k] = a;
    right[k] = b;
  }
  return { left, right, count };
}

/** Each level's default u; the last level ("different") takes what the others leave. */
function defaultU(comparison: Comparison): number[] {
  const levels = comparison.levels;
  const given = levels.map((level, l) => (l === levels.length - 1 ? 0 : (level.u ?? 0.01)));
  const rest = Math.max(0.05, 1 - given.reduce((a, b) => a + b, 0));
  return given.map((u, l) => (l === levels.length - 1 ? rest : u));
}
