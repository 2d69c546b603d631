import { describe, expect, it } from 'vitest';
import { codeCounts, deriveColumn, Dictionary, equalityOf, PrepareContext, RawCache, sameValue, textAt, uniqueColumn } from './text-column';

describe('dictionary-encoded columns', () => {
  it('give each distinct value one code, in order of first appearance, with 0 for no value', () => {
    const names = new Dictionary();
    const column = names.column(5);
    ['smith', 'jones', '', 'smith', 'Smith'].forEach((name, i) => (column.codes[i] = names.code(name)));
    expect(Array.from(column.codes)).toEqual([1, 2, 0, 1, 3]);
    expect(names.values).toEqual(['', 'smith', 'jones', 'Smith']);
    expect(textAt(column, 3)).toBe('smith');
    expect(Array.from(codeCounts(column, 5))).toEqual([0, 2, 1, 1]);
  });

  it('keep finding values after growing well past their first table', () => {
    const dictionary = new Dictionary();
    const codes = Array.from({ length: 20_000 }, (_, i) => dictionary.code(`value ${i}`));
    expect(Array.from({ length: 20_000 }, (_, i) => dictionary.code(`value ${i}`))).toEqual(codes);
    expect(new Set(codes).size).toBe(20_000);
    // Looked up without being given a code.
    expect(dictionary.codeOf('value 19999')).toBe(codes[19_999]);
    expect(dictionary.codeOf('value 20000')).toBe(-1);
    expect(dictionary.codeOf('')).toBe(0);
    expect(dictionary.values).toHaveLength(20_001);
  });

  it('work out a raw value once, however often it comes and however many others follow', () => {
    const seen: string[] = [];
    const cache = new RawCache((raw) => (seen.push(raw), raw.trim().toLowerCase()));
    // Fresh strings of equal text each time, as cells cut from CSV lines are.
    const cell = (i: number) => ` Name${i} `.slice(0);
    const first = Array.from({ length: 20_000 }, (_, i) => cache.get(cell(i % 5_000)));
    expect(first.slice(0, 3)).toEqual(['name0', 'name1', 'name2']);
    expect(first[5_001]).toBe('name1');
    expect(seen).toHaveLength(5_000);
    expect(cache.get('')).toBe('');
    expect(cache.get('')).toBe('');
    expect(seen).toHaveLength(5_001);
  });

  it('derive a column once per distinct value', () => {
    const dictionary = new Dictionary();
    const column = dictionary.column(3);
    ['anna', 'alex', 'bob'].forEach((name, i) => (column.codes[i] = dictionary.code(name)));
    let calls = 0;
    const initials = deriveColumn(column, (name) => (calls++, name.slice(0, 1)));
    expect([0, 1, 2].map((i) => textAt(initials, i))).toEqual(['a', 'a', 'b']);
    expect(initials.codes[0]).toBe(initials.codes[1]);
    expect(calls).toBe(3);
  });

  it('tell equal values apart from equal codes in a column of nearly distinct values', () => {
    const emails = uniqueColumn(3);
    emails.set(0, 'a@x.com');
    emails.set(1, 'b@x.com');
    emails.set(2, 'a@x.com');
    const equality = equalityOf(emails);
    expect(emails.codes[0]).not.toBe(emails.codes[2]);
    expect(sameValue(emails.codes[0]!, emails.codes[2]!, equality)).toBe(true);
    expect(sameValue(emails.codes[0]!, emails.codes[1]!, equality)).toBe(false);
  });

  it('share dictionaries between batches prepared with one context', () => {
    const context = new PrepareContext();
    const first = context.keep('names', () => new Dictionary());
    expect(context.keep('names', () => new Dictionary())).toBe(first);
  });
});
