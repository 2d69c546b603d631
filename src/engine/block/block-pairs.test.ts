import { describe, expect, it } from 'vitest';
import type { BlockingRule } from '../types';
import { blockPairs, type FoundPairs } from './block-pairs';
import { textKey } from './keys';

const key = (value: string | null | undefined) => (value ? textKey(value) : -1);

const pairSet = (result: ReturnType<typeof blockPairs>) => {
  const pairs = new Set<string>();
  for (let k = 0; k < result.count; k++) pairs.add(`${result.left[k]}-${result.right[k]}`);
  return pairs;
};

describe('blockPairs', () => {
  const size = 6;
  const surname = ['smith', 'smith', 'smith', 'jones', 'jones', ''];
  const email = ['a@x.com', 'b@x.com', 'a@x.com', 'c@x.com', 'a@x.com', 'a@x.com'];
  const rules: BlockingRule[] = [
    { name: 'surname', fields: ['lastname'], key: (i) => key(surname[i]) },
    { name: 'email', fields: ['email'], key: (i) => key(email[i]) },
  ];

  it('produces every pair that shares a key, each once, smaller index first', () => {
    const result = blockPairs(size, rules, 100);
    const pairs = pairSet(result);
    expect(pairs).toEqual(new Set(['0-1', '0-2', '1-2', '3-4', '0-4', '0-5', '2-4', '2-5', '4-5']));
    expect(result.count).toBe(pairs.size);
    expect(result.report.byRule.map((r) => r.pairs)).toEqual([4, 5]);
  });

  it('still produces a pair that a windowed block of an earlier rule left out', () => {
    // 300 Smiths: the surname block is windowed, so records 0 and 299 are not compared there.
    const n = 300;
    const sharedEmail = (i: number) => key(i === 0 || i === n - 1 ? 'same@x.com' : null);
    const result = blockPairs(n, [
      { name: 'surname', fields: ['lastname'], key: () => key('smith'), sortKey: (i) => String(i).padStart(4, '0') },
      { name: 'email', fields: ['email'], key: sharedEmail },
    ], 40);
    expect(result.report.cappedBlocks).toBe(1);
    expect(pairSet(result).has(`0-${n - 1}`)).toBe(true);
    expect(result.report.byRule[0]!.pairsSkipped).toBeGreaterThan(0);
  });

  it('pairs only records on different sides of a two-sided rule, and leaves the others to later rules', () => {
    const names = ['ann lee', 'lee ann', 'ann lee', 'lee ann', 'bob roe'];
    const result = blockPairs(5, [
      { name: 'either order', fields: [], key: (i) => key(names[i]!.split(' ').sort().join(' ')), side: (i) => (names[i]!.startsWith('ann') ? 0 : 1) },
      { name: 'same writing', fields: [], key: (i) => key(names[i]) },
    ], 100);
    expect(result.report.byRule.map((r) => r.pairs)).toEqual([4, 2]);
    expect(pairSet(result)).toEqual(new Set(['0-1', '0-3', '1-2', '2-3', '0-2', '1-3']));
  });

  it('gives the same pairs from keys worked out beforehand', () => {
    const precomputed = Int32Array.from({ length: size * 2 }, (_, k) => rules[k % 2]!.key(Math.floor(k / 2)));
    expect(pairSet(blockPairs(size, rules, 100, undefined, precomputed))).toEqual(pairSet(blockPairs(size, rules, 100)));
  });

  it('hands over each rule\'s new pairs as the rule ends, which together are the result', () => {
    const handed: number[][] = [];
    const result = blockPairs(size, rules, 100, undefined, undefined, { found: (pairs) => handed.push(Array.from(pairs.left.subarray(0, pairs.count), (a, k) => a * 10 + pairs.right[k]!)) });
    expect(handed.map((pairs) => pairs.length)).toEqual([4, 5]);
    expect(handed.flat()).toEqual(Array.from(result.left, (a, k) => a * 10 + result.right[k]!));
    expect(result.left.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  const smiths: BlockingRule[] = [
    { name: 'surname', fields: ['lastname'], key: () => key('smith') },
    { name: 'email', fields: ['email'], key: (i) => key(i % 2 === 0 ? 'same@x.com' : `own${i}@x.com`) },
  ];
  const asNumbers = (pairs: FoundPairs) => Array.from(pairs.left.subarray(0, pairs.count), (a, k) => a * 1000 + pairs.right[k]!);

  it('grows its pairs in place and gives them as they lie, shared and not copied', () => {
    // One block of 100: 4,950 pairs, past the first growth's 4,096.
    const n = 100;
    const handed: FoundPairs[] = [];
    const result = blockPairs(n, smiths, 100, undefined, undefined, { found: (pairs) => handed.push(pairs) });
    expect(result.count).toBe((n * (n - 1)) / 2);
    expect(handed).toHaveLength(1);
    expect(asNumbers(handed[0]!)).toEqual(asNumbers(result));
    // The result is the memory the pairs were written to, which workers read in place.
    expect(result.left.buffer).toBe(handed[0]!.left.buffer);
    expect(result.left.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(result.left.length).toBe(result.count);
  });

  it('hands over a rule\'s pairs in pieces when they fill more than one segment, and joins them at the end', () => {
    const n = 100;
    const handed: number[][] = [];
    const result = blockPairs(n, smiths, 100, undefined, undefined, { found: (pairs) => handed.push(asNumbers(pairs)), segmentPairs: 1000 });
    expect(handed.map((pairs) => pairs.length)).toEqual([1000, 1000, 1000, 1000, 950]);
    expect(handed.flat()).toEqual(asNumbers(result));
    expect(result.count).toBe((n * (n - 1)) / 2);
    expect(result.sharedRules).toHaveLength(result.count);
    expect(result.left.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('hands over a rule\'s pairs block by block once enough have gathered, before the rule ends', () => {
    // 40 blocks of 5 namesakes (10 pairs each) under the first rule; pieces of at least 25.
    const families: BlockingRule[] = [
      { name: 'family', fields: ['lastname'], key: (i) => key(`family ${Math.floor(i / 5)}`) },
      { name: 'email', fields: ['email'], key: (i) => key(`${i % 7}@x.com`) },
    ];
    const handed: number[][] = [];
    const result = blockPairs(200, families, 100, undefined, undefined, { found: (pairs) => handed.push(asNumbers(pairs)), piecePairs: 25 });
    expect(result.report.byRule[0]!.pairs).toBe(400);
    // The first rule's 400 pairs in pieces of 30 as its blocks end (the last 10 as it ends), then the second rule's.
    expect(handed.slice(0, 14).map((pairs) => pairs.length)).toEqual([...new Array<number>(13).fill(30), 10]);
    expect(handed.flat()).toEqual(asNumbers(result));
  });

  it('skips pairs the caller excludes', () => {
    const result = blockPairs(size, rules, 100, (a, b) => a === 0 && b === 2);
    expect(pairSet(result).has('0-2')).toBe(false);
  });
});
