import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { editDistance, jaccard, jaroWinkler, jaroWinklerBound, jaroWinklerBoundOf, jaroWinklerCeiling, jaroWinklerCeilingOf, letterMask, lettersApart, missingLetters, tokenSetSimilarity, withinOneEdit } from './similarity';

describe('jaroWinkler', () => {
  it.each([
    ['martha', 'marhta', 0.961],
    ['dwayne', 'duane', 0.84],
    ['dixon', 'dicksonx', 0.813],
    ['jellyfish', 'smellyfish', 0.896],
  ])('%s ~ %s ≈ %d (published values)', (a, b, expected) => {
    expect(jaroWinkler(a, b)).toBeCloseTo(expected, 3);
  });

  it('is 1 for equal strings, 0 for nothing in common or an empty side, and symmetric', () => {
    expect(jaroWinkler('same', 'same')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('', 'abc')).toBe(0);
    expect(jaroWinkler('', '')).toBe(0);
    expect(jaroWinkler('jonathon', 'jonathan')).toBe(jaroWinkler('jonathan', 'jonathon'));
  });

  it('handles strings longer than its buffers', () => {
    const long = 'a'.repeat(300);
    expect(jaroWinkler(long, `${long}b`)).toBeGreaterThan(0.99);
  });
});

describe('editDistance', () => {
  it.each([
    ['kitten', 'sitting', 3, 3],
    ['19810412', '19810421', 2, 1],
    ['smith', 'smyth', 2, 1],
    ['abc', 'abc', 2, 0],
    ['abcdef', 'ab', 2, 3],
    ['', 'ab', 2, 2],
  ])('%s → %s (max %i) = %i', (a, b, max, expected) => {
    expect(editDistance(a, b, max)).toBe(expected);
  });

  it('agrees with the textbook distance on names of every length, long ones included (its rows are reused between calls)', () => {
    // Optimal string alignment distance, the full table: what editDistance must give up to max.
    const textbook = (a: string, b: string) => {
      const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++) {
          d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
        }
      return d[a.length]![b.length]!;
    };
    let seed = 7;
    const letter = () => 'abcde'[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % 5]!;
    const word = (length: number) => Array.from({ length }, letter).join('');
    for (let k = 0; k < 3000; k++) {
      const a = word(k % 9);
      // A near copy of a half the time, so that small distances come up often.
      const b = k % 2 === 0 ? word((k >> 1) % 9) : a.slice(0, (k >> 2) % 9) + letter() + a.slice(((k >> 2) % 9) + 1);
      for (const max of [1, 2, 3]) expect(Math.min(editDistance(a, b, max), max + 1), `${a} ${b} ${max}`).toBe(Math.min(textbook(a, b), max + 1));
    }
    const long = 'abcdefghij'.repeat(20);
    expect(editDistance(long, `${long.slice(0, 100)}x${long.slice(101)}`, 2)).toBe(1);
    expect(editDistance('ab', 'ba', 2)).toBe(1);
  });
});

describe('withinOneEdit', () => {
  it('agrees with editDistance(a, b, 1) <= 1', () => {
    const words = ['14155552671', '14155552617', '14155552672', '1415555267', '141555526711', '24155552671', '41155552671', '', 'a', 'ab', 'ba', 'abc'];
    for (const a of words) for (const b of words) expect(withinOneEdit(a, b), `${a} ${b}`).toBe(editDistance(a, b, 1) <= 1);
  });
});

describe('withinOneEdit, in place', () => {
  it('agrees with editDistance(a, b, 1) <= 1 on strings of a few letters, near copies included', () => {
    const word = fc.stringMatching(/^[abc]{0,6}$/);
    fc.assert(fc.property(word, word, (a, b) => withinOneEdit(a, b) === editDistance(a, b, 1) <= 1), { numRuns: 5000 });
    const edited = word.chain((a) => fc.tuple(fc.constant(a), fc.nat(6), fc.stringMatching(/^[abc]{0,1}$/), fc.nat(1)).map(([s, at, put, cut]) => [s, s.slice(0, at) + put + s.slice(at + cut)] as const));
    fc.assert(fc.property(edited, ([a, b]) => withinOneEdit(a, b) === editDistance(a, b, 1) <= 1), { numRuns: 5000 });
  });
});

describe('bounds that rule pairs out before the measures', () => {
  const text = fc.stringMatching(/^[a-f .@]{0,14}$/);
  it('jaroWinklerBoundOf is jaroWinklerBound, given the letter masks', () => {
    fc.assert(fc.property(text, text, (a, b) => jaroWinklerBoundOf(a, letterMask(a), b, letterMask(b)) === jaroWinklerBound(a, b)), { numRuns: 3000 });
  });

  it('the ceilings, by masks and lengths or by the characters in common, are never below Jaro-Winkler', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const jw = jaroWinkler(a, b);
        const common = Math.max(a.length, b.length) - lettersApart(a, b);
        return jaroWinklerCeilingOf(letterMask(a), a.length, letterMask(b), b.length) >= jw - 1e-12 && jaroWinklerCeiling(a, b, common) >= jw - 1e-12;
      }),
      { numRuns: 5000 },
    );
  });

  it('missing letters are never more than the letters apart, nor those more than the edits', () => {
    fc.assert(
      fc.property(text, text, (a, b) => missingLetters(letterMask(a), letterMask(b)) <= lettersApart(a, b) && lettersApart(a, b) <= Math.min(editDistance(a, b, 20), 21)),
      { numRuns: 5000 },
    );
  });

  it('rules out two addresses at one provider with the same letters in other numbers, which the bound by letters lets through', () => {
    const [a, b] = ['emma.mammo@gmail.com', 'mae.amoameo@gmail.com'];
    expect(jaroWinklerBound(a, b)).toBeGreaterThanOrEqual(0.92);
    expect(jaroWinklerCeiling(a, b, Math.max(a.length, b.length) - lettersApart(a, b))).toBeLessThan(0.92);
  });
});

describe('token similarity', () => {
  it('scores shared tokens over the smaller set', () => {
    expect(tokenSetSimilarity(['acme', 'data', 'systems'], ['acme', 'systems'])).toBe(1);
    expect(tokenSetSimilarity(['acme'], ['beta'])).toBe(0);
    expect(tokenSetSimilarity([], ['beta'])).toBe(0);
  });

  it('gives Jaccard similarity', () => {
    expect(jaccard(['a', 'b', 'c'], ['b', 'c', 'd'])).toBeCloseTo(0.5);
  });
});

describe('jaroWinklerBound', () => {
  it('is never below jaroWinkler, so nothing it rules out could have matched', () => {
    fc.assert(fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (a, b) => jaroWinklerBound(a, b) >= jaroWinkler(a, b) - 1e-12), { numRuns: 3000 });
    fc.assert(fc.property(fc.stringMatching(/^[a-z.]{1,20}@gmail\.com$/), fc.stringMatching(/^[a-z.]{1,20}@gmail\.com$/), (a, b) => jaroWinklerBound(a, b) >= jaroWinkler(a, b) - 1e-12));
  });

  it('rules out two unrelated addresses at one provider', () => {
    expect(jaroWinklerBound('heather.crawford@gmail.com', 'tom.bux77@gmail.com')).toBeLessThan(0.92);
    expect(jaroWinklerBound('heather.crawford@gmail.com', 'heahter.crawford@gmail.com')).toBeGreaterThanOrEqual(0.92);
  });
});
