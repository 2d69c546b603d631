import { NULL_LEVEL, type Comparison } from '../types';
import type { ComparisonVectors } from './comparison-vectors';
import { largeInt32Array } from '../large-arrays';

export interface TrainingLabels {
  /** Comparison vectors of pairs users confirmed as duplicates (merged). */
  matches?: ComparisonVectors;
  /** Comparison vectors of pairs users dismissed as not duplicates. */
  nonMatches?: ComparisonVectors;
}

/** Candidate pairs that one blocking rule selected, and the comparisons it forced to agree. */
export interface TrainingSession {
  pairs: Uint32Array;
  /** excluded[c]: the rule selected on this comparison, so its m cannot be learnt here. */
  excluded: readonly boolean[];
}

export interface TrainedModel {
  /**
   * Chance that two records drawn at random are duplicates: the prior of every pair. Not
   * the share among candidate pairs, which blocking already chose for agreeing fields:
   * that prior would count their agreement twice.
   */
  lambda: number;
  /** Share of duplicates among the candidate pairs. */
  lambdaCandidates: number;
  m: number[][];
  u: number[][];
  iterations: number;
  converged: boolean;
}

/** How many pairs' worth of weight the levels' prior m values carry: they steady small datasets. */
const PRIOR_STRENGTH = 20;
/** A confirmed label counts as this many unlabelled pairs. */
const LABEL_WEIGHT = 25;
const MAX_ITERATIONS = 40;
const TOLERANCE = 1e-5;

interface Pattern {
  levels: Uint8Array;
  count: number;
  /** 1 for a confirmed duplicate, 0 for a dismissed pair, NaN when unlabelled. */
  label: number;
}

/**
 * m probabilities by expectation-maximisation, u fixed (estimated from random pairs).
 *
 * Each blocking rule is a training session over the pairs it selected, and a session
 * does not learn m for the comparisons its rule forced to agree: pairs blocked on date
 * of birth agree on it whether or not they are duplicates. A comparison's m is the mean
 * over the sessions that could learn it. Then λ, the share of duplicates among all
 * candidate pairs, is fitted alone with m and u fixed, and m is read again from the pairs
 * the other fields confirm (confirmedM). Identical comparison vectors are
 * counted once, so an iteration costs the number of distinct patterns, not pairs.
 */
export function trainM(
  comparisons: readonly Comparison[],
  vectors: ComparisonVectors,
  uRandom: number[][],
  sessions: readonly TrainingSession[],
  labels: TrainingLabels = {},
  allPairs = vectors.count,
): TrainedModel {
  const u = labels.nonMatches ? blendU(comparisons, uRandom, labels.nonMatches) : uRandom;
  const priors = comparisons.map((c) => normalise(c.levels.map((l) => l.m)));
  const fixed = comparisons.map((c) => c.levels.map((l) => l.fixed === true));
  // Levels of a known weight (neutral: none): m is u times 2^weight, and EM learns nothing from them.
  const known = comparisons.map((c) => c.levels.map((l) => (l.neutral ? 0 : l.weight)));
  const labelled = [
    ...(labels.matches ? weighted(new PatternIndex(labels.matches).all(1)) : []),
    ...(labels.nonMatches ? weighted(new PatternIndex(labels.nonMatches).all(0)) : []),
  ];

  const sums = comparisons.map((c) => new Array<number>(c.levels.length).fill(0));
  const learnt = new Array<number>(comparisons.length).fill(0);
  let iterations = 0;
  let converged = true;
  const index = new PatternIndex(vectors);
  for (const session of sessions) {
    if (session.pairs.length === 0) continue;
    const patterns = [...index.among(session.pairs, Number.NaN), ...labelled];
    const result = expectationMaximisation(patterns, priors, u, session.excluded, fixed, known);
    iterations = Math.max(iterations, result.iterations);
    converged &&= result.converged;
    comparisons.forEach((_, c) => {
      if (session.excluded[c]) return;
      // An equal vote per session: weighting by pairs let the broad rules' big sessions
      // dominate and measured worse (synthetic 100k F1 0.972 → 0.969, organisations 0.950 → 0.945).
      result.m[c]!.forEach((v, l) => (sums[c]![l]! += v));
      learnt[c]!++;
    });
  }
  // A neutral level weighs nothing: its m is its u.
  const m = comparisons.map((_, c) => (learnt[c] === 0 ? priors[c]! : sums[c]!.map((v) => v / learnt[c]!)).map((v, l) => withKnownWeight(v, u[c]![l]!, known[c]![l])));

  const all = index.all(Number.NaN);
  const lambdaCandidates = fitLambda(all, m, u);
  const pairs = Math.max(allPairs, vectors.count, 1);
  // Duplicates found among the candidates, spread over every pair the dataset has.
  const fitted = Math.min(0.5, Math.max(1e-12, (lambdaCandidates * vectors.count) / pairs));
  const counted = countedDuplicates(all, m, u, pairs, fitted);
  const lambda = Math.min(fitted, (MAX_MASS_OVER_COUNT * (counted + UNSEEN_DUPLICATES)) / pairs);
  // EM's m is as good as its duplicates are: weighed by the share of their mass that scores as duplicates.
  const trust = Math.min(1, (counted + UNSEEN_DUPLICATES) / Math.max(1, lambdaCandidates * vectors.count));
  const confirmed = confirmedM(comparisons, [...all, ...labelled], m, u, lambda, { priors, fixed, known, learnt });
  const blended = confirmed.map((levels, c) => levels.map((v, l) => trust * m[c]![l]! + (1 - trust) * v));
  return { lambda, lambdaCandidates, m: blended, u, iterations, converged };
}

/**
 * How far the duplicates EM finds among the candidates (their probability mass) may
 * outnumber the candidates that score as duplicates. The mass swells as a portal grows:
 * its blocks grow too, and hold more pairs of two people who agree on what they were
 * blocked on, each adding a little. Synthetic contacts, 1M: EM found 872,000 duplicate
 * pairs where 249,000 are, and 250,000 scored as duplicates; 2M: 3.27 million, 498,000 and
 * 501,000. The prior then stood still as the pairs grew fourfold (-19.1 bits at 1M, -19.2
 * at 2M, where it should fall a bit per doubling), and namesakes of rare names went over
 * the threshold: precision 0.9947 at 1M, 0.9923 at 2M, 0.9867 at 5M.
 * Six times is as far as the mass runs over on any dataset measured up to a million records
 * (a million synthetic companies: 1.62 million against 270,000), where holding it closer
 * cost recall (twice: 0.9916 -> 0.9893; four times: 0.9910): those, every labelled dataset
 * and a million contacts are unchanged, and beyond it, as a portal keeps growing, the prior
 * falls with it (5M contacts: precision 0.9867 -> 0.9913, recall 0.9929 -> 0.9927).
 */
const MAX_MASS_OVER_COUNT = 6;
/**
 * Duplicate pairs assumed beyond those counted: a portal with none or a handful (a clean
 * one, a sample) says too little to move the prior far, and the real-time match must still
 * find the duplicate a new record is.
 */
const UNSEEN_DUPLICATES = 100;

/**
 * The candidate pairs that score as duplicates (log-odds ≥ 0, before term frequencies and
 * the namesake rule) under the prior their own count gives, spread over all pairs: a fixed
 * point, reached from `start` downwards. A lower prior only ever counts fewer, so every step
 * short of it counts fewer than the last, and there are no more steps than patterns. Pairs
 * of a pattern score alike, so each pattern's weight is summed once.
 */
function countedDuplicates(patterns: readonly Pattern[], m: number[][], u: number[][], pairs: number, start: number): number {
  const noExclusion = m.map(() => false);
  const weights = patterns.map((pattern) => logOdds(pattern.levels, 0.5, m, u, noExclusion));
  let lambda = start;
  for (let step = 0; step <= patterns.length + 1; step++) {
    // None counted: a prior of nothing (log 0 = -Infinity), under which none count again.
    const prior = Math.log(lambda / (1 - lambda));
    let duplicates = 0;
    weights.forEach((weight, k) => {
      if (weight + prior >= 0) duplicates += patterns[k]!.count;
    });
    if (duplicates / pairs >= lambda) return lambda * pairs;
    lambda = duplicates / pairs;
  }
  return lambda * pairs;
}

/** Odds, in bits, at which a pair's other fields and the prior make it a duplicate whatever one field says: 1,000 to 1. */
const CONFIRMED_BITS = 10;
/**
 * How many confirmed pairs' worth EM's m counts for when they are read together: EM's m
 * stands on a small dataset (a few thousand pairs, whose rarer levels a few confirmed
 * pairs read too coarsely), the confirmed pairs' on a large one.
 */
const EM_STRENGTH = 20_000;

/**
 * Each comparison's m read again from the candidate pairs that the other comparisons
 * confirm as duplicates (see CONFIRMED_BITS): how often one person's two records differ in
 * a field, counted on pairs known to be one person without it. EM's m drifts as a portal
 * grows: its blocks hold ever more pairs of two people who agree on what they were blocked
 * on, and EM takes many for duplicates that differ in the rest (its duplicates outnumber
 * those that score as such 3.5 times at a million synthetic contacts, more beyond). Two
 * different email addresses weighed -5.0 bits at 1M and -4.0 at 5M, two last names -5.8
 * and -3.3; as trainM now learns them, -5.9 and -6.9 at 1M, -6.1 and -6.3 at 5M. trainM
 * weighs EM's m by the share of its duplicates that score as such, these by the rest; the
 * prior stays EM's. A comparison
 * learnt from some fields only (Comparison.learntFrom) counts the pairs that also agree
 * exactly on one of them; a pair a user merged counts as confirmed, one dismissed does not.
 * Levels of known weight and comparisons no session learnt are left as EM left them.
 */
function confirmedM(
  comparisons: readonly Comparison[],
  patterns: readonly Pattern[],
  m: number[][],
  u: number[][],
  lambda: number,
  levelsOf: { priors: number[][]; fixed: boolean[][]; known: (number | undefined)[][]; learnt: readonly number[] },
): number[][] {
  const { priors, fixed, known, learnt } = levelsOf;
  const weights = m.map((levels, c) => levels.map((v, l) => Math.log2(v / u[c]![l]!)));
  const prior = Math.log2(lambda / (1 - lambda));
  const vouchers = comparisons.map((comparison) => comparison.learntFrom?.map((name) => comparisons.findIndex((other) => other.name === name)).filter((index) => index >= 0));
  const counts = comparisons.map((comparison) => new Array<number>(comparison.levels.length).fill(0));
  for (const pattern of patterns) {
    if (pattern.label === 0) continue;
    let total = prior;
    for (let c = 0; c < weights.length; c++) if (pattern.levels[c] !== NULL_LEVEL) total += weights[c]![pattern.levels[c]!]!;
    for (let c = 0; c < weights.length; c++) {
      const level = pattern.levels[c]!;
      // As in EM: a level of known weight learns nothing, and takes no share from the rest.
      if (level === NULL_LEVEL || known[c]![level] !== undefined) continue;
      const vouched = vouchers[c] === undefined || vouchers[c]!.some((v) => pattern.levels[v] === 0);
      if (pattern.label === 1 || (vouched && total - weights[c]![level]! >= CONFIRMED_BITS)) counts[c]![level]! += pattern.count;
    }
  }
  return comparisons.map((_, c) => {
    // No session could learn it (every rule forced the pairs to agree on it): the candidates cannot either.
    if (learnt[c] === 0) return m[c]!;
    const n = counts[c]!.reduce((sum, count) => sum + count, 0);
    const read = counts[c]!.map((count, l) => (count + EM_STRENGTH * m[c]![l]!) / (n + EM_STRENGTH));
    return holdFixedLevels(read, priors[c]!, fixed[c]!).map((v, l) => withKnownWeight(v, u[c]![l]!, known[c]![l]));
  });
}

/** m of a level: learnt, or u times 2^weight for a level of a known weight. */
function withKnownWeight(m: number, u: number, weight: number | undefined): number {
  return weight === undefined ? m : u * 2 ** weight;
}

function expectationMaximisation(patterns: readonly Pattern[], priors: number[][], u: number[][], excluded: readonly boolean[], fixed: readonly boolean[][], known: readonly (number | undefined)[][]) {
  let m = priors.map((p, c) => p.map((v, l) => withKnownWeight(v, u[c]![l]!, known[c]![l])));
  let lambda = 0.2;
  const total = patterns.reduce((sum, p) => sum + p.count, 0);
  let iterations = 0;
  let converged = false;
  for (; iterations < MAX_ITERATIONS && !converged && total > 0; iterations++) {
    const numerators = priors.map((levels) => new Array<number>(levels.length).fill(0));
    const denominators = new Array<number>(priors.length).fill(0);
    let matchMass = 0;
    for (const pattern of patterns) {
      const p = Number.isNaN(pattern.label) ? matchProbability(pattern.levels, lambda, m, u, excluded) : pattern.label;
      const mass = p * pattern.count;
      matchMass += mass;
      for (let c = 0; c < priors.length; c++) {
        const level = pattern.levels[c]!;
        if (level === NULL_LEVEL || excluded[c] || known[c]![level] !== undefined) continue;
        numerators[c]![level]! += mass;
        denominators[c]! += mass;
      }
    }
    const next = numerators.map((levels, c) =>
      holdFixedLevels(levels.map((n, l) => (n + PRIOR_STRENGTH * priors[c]![l]!) / (denominators[c]! + PRIOR_STRENGTH)), priors[c]!, fixed[c]!).map((v, l) => withKnownWeight(v, u[c]![l]!, known[c]![l])),
    );
    const nextLambda = Math.min(0.999, Math.max(1e-6, matchMass / total));
    let change = Math.abs(nextLambda - lambda);
    next.forEach((levels, c) => levels.forEach((v, l) => (change = Math.max(change, Math.abs(v - m[c]![l]!)))));
    m = next;
    lambda = nextLambda;
    converged = change < TOLERANCE;
  }
  return { m, iterations, converged };
}

/** λ alone by EM, with m and u fixed: a one-parameter mixture that converges reliably. */
function fitLambda(patterns: readonly Pattern[], m: number[][], u: number[][]): number {
  const total = patterns.reduce((sum, p) => sum + p.count, 0);
  if (total === 0) return 0;
  const noExclusion = m.map(() => false);
  let lambda = 0.1;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    let matchMass = 0;
    for (const pattern of patterns) matchMass += matchProbability(pattern.levels, lambda, m, u, noExclusion) * pattern.count;
    const next = Math.min(0.999, Math.max(1e-6, matchMass / total));
    if (Math.abs(next - lambda) < TOLERANCE) return next;
    lambda = next;
  }
  return lambda;
}

/** A neutral level's m is its u, and a level of known weight's m is u times 2^weight: m/u says it all. */
function matchProbability(levels: Uint8Array, lambda: number, m: number[][], u: number[][], excluded: readonly boolean[]): number {
  return 1 / (1 + Math.exp(-logOdds(levels, lambda, m, u, excluded)));
}

/** Natural log of the odds that a pair of these levels is a duplicate, under prior λ. */
function logOdds(levels: Uint8Array, lambda: number, m: number[][], u: number[][], excluded: readonly boolean[]): number {
  let odds = Math.log(lambda / (1 - lambda));
  for (let c = 0; c < levels.length; c++) {
    const level = levels[c]!;
    if (level === NULL_LEVEL || excluded[c]) continue;
    odds += Math.log(m[c]![level]! / u[c]![level]!);
  }
  return odds;
}

/** An array twice as long, beginning with `array`. */
function grown(array: Int32Array): Int32Array {
  const wider = new Int32Array(array.length * 2);
  wider.set(array);
  return wider;
}

/**
 * Every pair's pattern (its comparison vector) as a small number, worked out in one pass:
 * each training session then counts its pairs' patterns by number. Read again for every
 * session instead, into a Map keyed by the levels packed in a double (boxed for every
 * lookup), training spent 0.4 s of a million contacts' run on it.
 */
class PatternIndex {
  /** The pattern of each pair. */
  readonly of: Int32Array;
  /** Each pattern's levels, by its number, numbered in order of first appearance. */
  readonly levels: Uint8Array[] = [];
  /** Each pattern's pairs among all of them. */
  readonly counts: Int32Array;

  constructor(vectors: ComparisonVectors) {
    const columns = vectors.levels;
    const comparisons = columns.length;
    this.of = largeInt32Array(vectors.count);
    // A pair's levels packed four to a 32-bit word: a pattern is found by its words' hash and
    // told from another by comparing a few words, not a level at a time.
    const width = Math.max(1, Math.ceil(comparisons / 4));
    const key = new Int32Array(width);
    let keys: Int32Array = new Int32Array(64 * width);
    // Open addressing by the hash: each slot holds its pattern's number plus one (0: empty).
    let slots = new Int32Array(1024);
    let hashes: Int32Array = new Int32Array(64);
    let counts: Int32Array = new Int32Array(64);
    for (let k = 0; k < vectors.count; k++) {
      let hash = 0;
      for (let w = 0; w < width; w++) {
        let word = 0;
        for (let c = w * 4; c < w * 4 + 4 && c < comparisons; c++) word = (word << 8) | columns[c]![k]!;
        key[w] = word;
        hash = Math.imul(hash ^ word, 0x9e3779b1);
      }
      // Products carry low bits only upwards: mixed (murmur3's finalizer) before the low bits pick a slot.
      hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
      hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
      hash ^= hash >>> 16;
      let mask = slots.length - 1;
      let slot = hash & mask;
      let pattern = -1;
      for (let entry = slots[slot]!; entry !== 0; slot = (slot + 1) & mask, entry = slots[slot]!) {
        if (hashes[entry - 1] !== hash) continue;
        const at = (entry - 1) * width;
        let w = 0;
        while (w < width && keys[at + w] === key[w]) w++;
        if (w === width) {
          pattern = entry - 1;
          break;
        }
      }
      if (pattern === -1) {
        pattern = this.levels.length;
        this.levels.push(Uint8Array.from(columns, (levels) => levels[k]!));
        if (pattern === counts.length) {
          counts = grown(counts);
          hashes = grown(hashes);
          keys = grown(keys);
        }
        keys.set(key, pattern * width);
        hashes[pattern] = hash;
        slots[slot] = pattern + 1;
        // Kept at most a quarter full: placed again in twice as many slots.
        if (this.levels.length * 4 > slots.length) {
          slots = new Int32Array(slots.length * 2);
          mask = slots.length - 1;
          for (let p = 0; p < this.levels.length; p++) {
            let free = hashes[p]! & mask;
            while (slots[free] !== 0) free = (free + 1) & mask;
            slots[free] = p + 1;
          }
        }
      }
      this.of[k] = pattern;
      counts[pattern]!++;
    }
    this.counts = counts;
  }

  /** Every pattern with its count, in order of first appearance. */
  all(label: number): Pattern[] {
    return this.levels.map((levels, p) => ({ levels, count: this.counts[p]!, label }));
  }

  /** The patterns of a session's pairs with their counts among them, in order of first appearance there. */
  among(pairs: Uint32Array, label: number): Pattern[] {
    const place = new Int32Array(this.levels.length).fill(-1);
    const found: Pattern[] = [];
    for (let s = 0; s < pairs.length; s++) {
      const pattern = this.of[pairs[s]!]!;
      const at = place[pattern]!;
      if (at !== -1) found[at]!.count++;
      else {
        place[pattern] = found.length;
        found.push({ levels: this.levels[pattern]!, count: 1, label });
      }
    }
    return found;
  }
}

function weighted(patterns: Pattern[]): Pattern[] {
  return patterns.map((p) => ({ ...p, count: p.count * LABEL_WEIGHT }));
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
    return uRandom[c]!.map((value, l) => (1 - share) * value + share * ((counts[l]! + 0.5) / (n + 0.5 * counts.length)));
  });
}

/** Fixed levels keep their prior m; the learnt ones share what is left, in their learnt proportions. */
function holdFixedLevels(m: number[], prior: readonly number[], fixed: readonly boolean[]): number[] {
  if (!fixed.includes(true)) return m;
  const fixedMass = prior.reduce((sum, p, l) => sum + (fixed[l] ? p : 0), 0);
  const learntMass = m.reduce((sum, v, l) => sum + (fixed[l] ? 0 : v), 0);
  return m.map((v, l) => (fixed[l] ? prior[l]! : (v / learntMass) * (1 - fixedMass)));
}

function normalise(values: number[]): number[] {
  const sum = values.reduce((a, b) => a + b, 0);
  return values.map((v) => v / sum);
}
