import type { Comparison } from '../types';
import { compareAll, levelCounts } from './comparison-vectors';
import { seededRandom } from './random';

/**
 * u probabilities: how often each level occurs between two records drawn at random,
 * which are almost all different entities. Small datasets compare every pair.
 * Laplace smoothing keeps unseen levels (an exact match nobody shares) above zero.
 */
export function estimateU(comparisons: readonly Comparison[], size: number, sampleSize: number, seed: number): number[][] {
  const allPairs = (size * (size - 1)) / 2;
  const { left, right, count } = allPairs <= sampleSize ? everyPair(size) : randomPairs(size, sampleSize, seed);
  const counts = levelCounts(comparisons, compareAll(comparisons, left, right, count));
  return counts.map((levelCount) => {
    const total = levelCount.reduce((a, b) => a + b, 0);
    return levelCount.map((n) => (n + 0.5) / (total + 0.5 * levelCount.length));
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
