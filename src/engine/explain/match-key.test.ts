import { describe, expect, it } from 'vitest';
import type { FieldContribution, PairExplanation } from './explain-pair';
import { matchKeyOf } from './match-key';

const field = (name: string, weight: number, exact: boolean): FieldContribution => ({ field: name, label: name, level: exact ? 'exact match' : 'similar', exact, weight, valueA: 'x', valueB: 'x' });
const pair = (fields: FieldContribution[]): PairExplanation => ({ a: '1', b: '2', weight: 10, probability: 0.99, priorWeight: -12, fields });
// A group's links as a scan keeps them, read here from explanations already built.
const matchKey = (explanations: PairExplanation[]) =>
  matchKeyOf(
    { fields: explanations[0]?.fields.map((f) => f.field) ?? [], fieldWeight: (link, c) => explanations[link]!.fields[c]!.weight, exact: (link, c) => explanations[link]!.fields[c]!.exact },
    0,
    explanations.length,
  );

describe('the evidence a group reason names', () => {
  it('identical email outweighs a shared first name', () => {
    // The model lists first name before email; the reason still leads with the email.
    const explanations = [pair([field('firstname', 2.5, true), field('lastname', -1, false), field('email', 14, true)])];
    expect(matchKey(explanations)).toBe('email+firstname');
  });

  it('names the heaviest fields when the strongest is not identical on every pair, even if a weaker one is', () => {
    const explanations = [
      pair([field('firstname', 2.5, true), field('email', 14, true), field('phone', 6, false)]),
      pair([field('firstname', 2.5, true), field('email', 9, false), field('phone', 6, false)]),
    ];
    expect(matchKey(explanations)).toBe('email+phone');
  });

  it('leaves out fields that weighed against the match, and names nothing without evidence', () => {
    expect(matchKey([pair([field('city', -3, false), field('company', 4, false)])])).toBe('company');
    expect(matchKey([pair([field('city', -3, false)])])).toBe('');
    expect(matchKey([])).toBe('');
  });
});
