import { describe, expect, it } from 'vitest';
import { NULL_LEVEL, type Comparison } from '../types';
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

describe('trainM: comparison vectors', () => {
  it('tells pairs apart by every comparison, however many a model has', () => {
    // Fifteen comparisons no record has a value for, between the name and the email address:
    // the email's level, read last, still splits duplicates from namesakes.
    const blanks = Array.from({ length: 15 }, (_, b) => comparison(`blank ${b}`));
    const vectors = candidates(1_000, 50_000);
    const wide: ComparisonVectors = { count: vectors.count, levels: [vectors.levels[0]!, ...blanks.map(() => new Uint8Array(vectors.count).fill(NULL_LEVEL)), vectors.levels[1]!] };
    const sessions = [{ pairs: Uint32Array.from({ length: vectors.count }, (_, k) => k), excluded: [true, ...blanks.map(() => false), false] }];
    const model = trainM([comparisons[0]!, ...blanks, comparisons[1]!], wide, [u[0]!, ...blanks.map(() => [0.5, 0.5]), u[1]!], sessions, {}, 5e11);
    const narrow = train(vectors, 5e11);
    expect(model.lambda).toBeCloseTo(narrow.lambda, 20);
    expect(model.m.at(-1)).toEqual(narrow.m[1]);
  });
});

describe('trainM: m read from the duplicates the other fields confirm', () => {
  const three = [comparison('name'), comparison('email'), comparison('phone')];
  // A rarer name here: with an email address, enough to confirm a pair whatever its phone numbers.
  const uThree = [[1e-4, 1 - 1e-4], u[1]!, [1e-9, 1 - 1e-9]];
  /**
   * 100,000 pairs of one person (name and email address shared, four in ten with two phone
   * numbers: enough to outweigh EM's m), then `namesakes` pairs sharing the name and, one in
   * five, a phone number (a household's), all blocked on the name.
   */
  function trained(namesakes: number, learntFrom?: string[]) {
    const count = 100_000 + namesakes;
    const name = new Uint8Array(count);
    const email = new Uint8Array(count).fill(1, 100_000);
    const phone = new Uint8Array(count).fill(1);
    for (let k = 0; k < count; k++) if (k < 100_000 ? k % 10 >= 4 : k % 5 === 0) phone[k] = 0;
    const comparisons = learntFrom ? [three[0]!, three[1]!, { ...three[2]!, learntFrom }] : three;
    const sessions = [{ pairs: Uint32Array.from({ length: count }, (_, k) => k), excluded: [true, false, false] }];
    return trainM(comparisons, { count, levels: [name, email, phone] }, uThree, sessions, {}, 5e11);
  }

  it('finds four in ten duplicates with two phone numbers when the block holds them alone', () => {
    expect(trained(0).m[2]![1]).toBeCloseTo(0.4, 2);
  });

  it('still finds four in ten when pairs of namesakes swell what EM finds', () => {
    // EM's duplicates outnumber the 100,000 that score as such manyfold: its m counts little.
    const model = trained(5_000_000);
    expect(model.lambdaCandidates * 5_100_000).toBeGreaterThan(1_000_000);
    // EM alone takes households for duplicates and finds 0.35.
    expect(model.m[2]![1]).toBeGreaterThan(0.37);
    expect(model.m[2]![1]).toBeLessThan(0.43);
  });

  it('reads a field learnt from some fields only from pairs that agree exactly on one of them', () => {
    // Learnt from the name, which every pair shares: the same as from all.
    expect(trained(5_000_000, ['name']).m[2]![1]).toBeGreaterThan(0.37);
    // Learnt from an id no pair has: nothing is confirmed, and EM's m, led astray, stands.
    expect(trained(5_000_000, ['external_id']).m[2]![1]).toBeLessThan(0.36);
  });

  it('keeps the m of a comparison no session could learn', () => {
    // The name: every pair was blocked on it, so every pair agrees on it.
    expect(trained(5_000_000).m[0]![0]).toBeCloseTo(0.9, 6);
  });
});
