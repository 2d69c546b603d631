import { NULL_LEVEL, type Comparison } from '../types';
import type { ComparisonVectors } from './comparison-vectors';

export interface TrainingLabels {
  /** Comparison vectors of pairs users confirmed as duplicates (merged). */
  matches?: ComparisonVectors;
  /** Comparison vectors of pairs users dismissed as not duplicates. */
  nonMatches?: ComparisonVectors;
}

export interface TrainedModel {
  /** Share of candidate pairs that are duplicates. */
  lambda: number;
  m: number[][];
  u: number[][];
  iterations: number;
  converged: boolean;
}

/** How many pairs' worth of weight the levels' prior m values carry: they steady small datasets. */
const PRIOR_STRENGTH = 20;
/** A confirmed label counts as this many unlabelled pairs. */
const LABEL_WEIGHT = 25;

interface Pattern {
  levels: Uint8Array;
  count: number;
  /** 1 for a confirmed duplicate, 0 for a dismissed pair, NaN when unlabelled. */
  label: number;
}

/**
 * Expectation-maximisation of m probabilities and λ over the candidate pairs, with u
 * fixed (estimated from random pairs). Identical comparison vectors are counted once, so
 * each iteration costs the number of distinct patterns, not pairs. Labelled pairs enter
 * with a known match status; dismissed pairs also sharpen u.
 */
export function trainM(comparisons: readonly Comparison[], vectors: ComparisonVectors, uRandom: number[][], labels: TrainingLabels = {}, maxIterations = 40): TrainedModel {
  const patterns = [...collectPatterns(vectors, Number.NaN).values()];
  if (labels.matches) patterns.push(...[...collectPatterns(labels.matches, 1).values()].map((p) => ({ ...p, count: p.count * LABEL_WEIGHT })));
  if (labels.nonMatches) patterns.push(...[...collectPatterns(labels.nonMatches, 0).values()].map((p) => ({ ...p, count: p.count * LABEL_WEIGHT })));
  const u = labels.nonMatches ? blendU(comparisons, uRandom, labels.nonMatches) : uRandom;
  const priors = comparisons.map((c) => normalise(c.levels.map((l) => l.m)));
  let m = priors.map((p) => [...p]);
  let lambda = 0.2;
  let iterations = 0;
  let converged = false;
  const total = patterns.reduce((sum, p) => sum + p.count, 0);
  if (total === 0) return { lambda, m, u, iterations, converged: true };

  for (; iterations < maxIterations && !converged; iterations++) {
    const mNumerator = comparisons.map((c) => new Array<number>(c.levels.length).fill(0));
    const mDenominator = new Array<number>(comparisons.length).fill(0);
    let matchMass = 0;
    for (const pattern of patterns) {
      const p = Number.isNaN(pattern.label) ? matchProbability(pattern.levels, lambda, m, u) : pattern.label;
      const mass = p * pattern.count;
      matchMass += mass;
      for (let c = 0; c < comparisons.length; c++) {
        const level = pattern.levels[c]!;
        if (level === NULL_LEVEL) continue;
        mNumerator[c]![level]! += mass;
        mDenominator[c]! += mass;
      }
    }
    const nextM = mNumerator.map((numerators, c) =>
      numerators.map((n, l) => (n + PRIOR_STRENGTH * priors[c]![l]!) / (mDenominator[c]! + PRIOR_STRENGTH)),
    );
    const nextLambda = Math.min(0.999, Math.max(1e-6, matchMass / total));
    const change = Math.max(Math.abs(nextLambda - lambda), ...nextM.flatMap((levels, c) => levels.map((v, l) => Math.abs(v - m[c]![l]!))));
    m = nextM;
    lambda = nextLambda;
    converged = change < 1e-5;
  }
  return { lambda, m, u, iterations, converged };
}

function matchProbability(levels: Uint8Array, lambda: number, m: number[][], u: number[][]): number {
  let logOdds = Math.log(lambda / (1 - lambda));
  for (let c = 0; c < levels.length; c++) {
    const level = levels[c]!;
    if (level === NULL_LEVEL) continue;
    logOdds += Math.log(m[c]![level]! / u[c]![level]!);
  }
  return 1 / (1 + Math.exp(-logOdds));
}

/** Identical comparison vectors, counted. Keys pack 4 bits a comparison (13 at most fit a double). */
function collectPatterns(vectors: ComparisonVectors, label: number): Map<number, Pattern> {
  const patterns = new Map<number, Pattern>();
  const comparisons = vectors.levels.length;
  for (let k = 0; k < vectors.count; k++) {
    let key = 0;
    for (let c = 0; c < comparisons; c++) {
      const level = vectors.levels[c]![k]!;
      key = key * 16 + (level === NULL_LEVEL ? 15 : level);
    }
    const pattern = patterns.get(key);
    if (pattern) pattern.count++;
    else patterns.set(key, { levels: Uint8Array.from(vectors.levels, (levels) => levels[k]!), count: 1, label });
  }
  return patterns;
}

/** Dismissed pairs are non-duplicates that looked alike: mix them into u so similar pairs need more evidence. */
function blendU(comparisons: readonly Comparison[], uRandom: number[][], nonMatches: ComparisonVectors): number[][] {
  return comparisons.map((comparison, c) => {
    const counts = new Array<number>(comparison.levels.length).fill(0);
    let n = 0;
    const levels = nonMatches.levels[c]!;
    for (let k = 0; k < nonMatches.count; k++) {
      if (levels[k] === NULL_LEVEL) continue;
      counts[levels[k]!]!++;
      n++;
    }
    if (n === 0) return uRandom[c]!;
    // Labels move u at most a tenth of the way, so a few dismissals cannot erase a field.
    const share = Math.min(0.1, (n * LABEL_WEIGHT) / 10_000);
    return uRandom[c]!.map((u, l) => (1 - share) * u + share * ((counts[l]! + 0.5) / (n + 0.5 * counts.length)));
  });
}

function normalise(values: number[]): number[] {
  const sum = values.reduce((a, b) => a + b, 0);
  return values.map((v) => v / sum);
}
