import { describe, expect, it } from 'vitest';
import { nulPath } from './input-text';

describe('nulPath', () => {
  it('names the first string that holds a NUL, however deep', () => {
    expect(nulPath({ fullName: 'a\u0000b' })).toBe('fullName');
    expect(nulPath({ a: [{ b: 'ok' }, { c: '\u0000' }] })).toBe('a.1.c');
    expect(nulPath('\u0000')).toBe('');
  });

  it('finds a NUL in a key, naming the object that holds it', () => {
    expect(nulPath({ fieldChoices: { 'city\u0000': '1' } })).toBe('fieldChoices');
  });

  it('passes text without NUL, numbers and nulls', () => {
    expect(nulPath({ a: 'x\u0001y', b: 1, c: null, d: [true, '\uFFFD'] })).toBeNull();
  });

  it('walks a body nested deeper than the call stack without overflowing', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`) as unknown;
    expect(nulPath(deep)).toMatch(/^0(\.0)+$/);
  });
});
