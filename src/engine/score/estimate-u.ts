import type { Comparison } from '../types';
import { levelCounts, type ComparisonVectors } from './comparison-vectors';
import { seededRandom } from './random';

/**
 * Pseudo-pairs the levels' default u values are worth. A portal of a few hundred records
 * leans on the defaults (its few random pairs may well be its duplicates); a large one
 * on its own data.
 */
const PRIOR_PAIRS = 1000;

/**
 * The pairs whose levels estimate u: two records drawn at random are almost always
 * different entities. Small datasets give every pair.
 */
export function uSamplePairs(size: number, sampleSize: number, seed: number): { left: Int32Array; right: Int32Array; count: number } {
  const allPairs = (size * (size - 1)) / 2;
  return allPairs <= sampleSize ? everyPair(size) : randomPairs(size, sampleSize, seed);
}

/**
 * u probabilities: how often each level occurs among the sample pairs. The defaults keep
 * unseen levels (an exact match nobody shares) above zero.
 */
export function estimateU(comparisons: readonly Comparison[], sample: ComparisonVectors): number[][] {
  const counts = levelCounts(comparisons, sample);
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
  const drawnLeft = new Int32Array(count);
  const drawnRight = new Int32Array(count);
  const perRecord = new Int32Array(size + 1);
  for (let k = 0; k < count; k++) {
    const a = Math.floor(random() * size);
    let b = Math.floor(random() * (size - 1));
    if (b >= a) b++;
    drawnLeft[k] = a;
    drawnRight[k] = b;
    perRecord[a + 1]!++;
  }
  // In order of the left record (counting sort): comparing reads one side's records in
  // order rather than at random, and u counts levels, which no order changes.
  for (let i = 0; i < size; i++) perRecord[i + 1]! += perRecord[i]!;
  const left = new Int32Array(count);
  const right = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    const at = perRecord[drawnLeft[k]!]!++;
    left[at] = drawnLeft[k]!;
    right[at] = drawnRight[k]!;
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
