import { describe, expect, it } from 'vitest';
import type { Comparison } from '../types';
import type { ComparisonVectors } from './comparison-vectors';
import { trainM } from './train-m';

const level = (label: string, m: number) => ({ label, m });
const comparison = (name: string): Comparison => ({
  name,
  label: name,
  levels: [level('exact match', 0.9), level('different', 0.1)],
  compare: () => 0,
  properties: [name],
});
const comparisons = [comparison('name'), comparison('email')];
// A shared name says little; a shared email address nearly everything.
const u = [
  [0.01, 0.99],
  [1e-8, 1 - 1e-8],
];

/** `duplicates` pairs agreeing on both fields, then `namesakes` agreeing on the name alone. */
function candidates(duplicates: number, namesakes: number): ComparisonVectors {
  const count = duplicates + namesakes;
  const name = new Uint8Array(count);
  const email = new Uint8Array(count).fill(1, duplicates);
  return { count, levels: [name, email] };
}

function train(vectors: ComparisonVectors, allPairs: number) {
  // Blocked on the name: that session cannot learn the name's m.
  const sessions = [{ pairs: Uint32Array.from({ length: vectors.count }, (_, k) => k), excluded: [true, false] }];
  return trainM(comparisons, vectors, u, sessions, {}, allPairs);
}

describe('trainM: the prior', () => {
  it('is the duplicates EM finds among the candidates, spread over every pair, when they are as many as score as duplicates', () => {
    const vectors = candidates(1_000, 0);
    const model = train(vectors, 5e11);
    expect(model.lambda).toBeCloseTo((model.lambdaCandidates * vectors.count) / 5e11, 20);
    expect(model.lambda * 5e11).toBeCloseTo(1_000, -1);
  });

  it('holds to six times the pairs that score as duplicates when pairs of namesakes swell what EM finds', () => {
    // A million records: blocked on names, 50 namesakes' pairs to each duplicate pair.
    const vectors = candidates(1_000, 50_000);
    const model = train(vectors, 5e11);
    // EM takes many of the namesakes for duplicates.
    expect(model.lambdaCandidates * vectors.count).toBeGreaterThan(10_000);
    // The prior then counts 6,600 duplicates among all pairs: six times the 1,000 that score
    // as one and the 100 assumed unseen.
    expect(model.lambda * 5e11).toBeCloseTo(6_600, 0);
  });

  it('keeps room for a hundred duplicates in a portal where none score as one', () => {
    // Namesakes alone: EM still finds some mass among them.
    const vectors = candidates(0, 50_000);
    const model = train(vectors, 5e11);
    expect(model.lambdaCandidates * vectors.count).toBeGreaterThan(600);
    expect(model.lambda * 5e11).toBeCloseTo(600, 0);
  });

  it('is a small positive number when there are no candidates at all', () => {
    const model = train(candidates(0, 0), 5e11);
    expect(model.lambda).toBeGreaterThan(0);
    expect(Number.isFinite(Math.log2(model.lambda))).toBe(true);
  });

  it('falls as the pairs grow faster than the duplicates', () => {
    // Twice the records: twice the duplicates, four times the pairs, and four times the
    // namesakes' pairs (each record has twice the namesakes).
    const small = train(candidates(10_000, 500_000), 5e11);
    const large = train(candidates(20_000, 2_000_000), 2e12);
    expect(Math.log2(small.lambda / large.lambda)).toBeCloseTo(1, 1);
  });
});
