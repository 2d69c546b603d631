import { describe, expect, it } from 'vitest';
import { Dictionary, uniqueColumn } from '../text-column';
import { derivedPart, filteredPart, firstFilled, joinKey, keyOfTexts, part, textKey, unorderedKey } from './keys';

function column(values: string[]) {
  const dictionary = new Dictionary();
  const out = dictionary.column(values.length);
  values.forEach((value, i) => (out.codes[i] = dictionary.code(value)));
  return out;
}

describe('blocking keys', () => {
  const last = column(['smith', 'smith', 'jones', '', 'john']);
  const first = column(['john', 'jon', 'john', 'ann', 'smith']);
  const sound = column(['', 'JN', '', '', '']);

  it('hash the parts as their texts would, in order, and have none when a part is empty', () => {
    const key = joinKey(part(last), part(first));
    expect(key(0)).toBe(keyOfTexts('smith', 'john'));
    expect(key(0)).not.toBe(key(1));
    expect(key(0)).not.toBe(keyOfTexts('john', 'smith'));
    expect(key(3)).toBe(-1);
    expect(joinKey(part(last))(2)).toBe(textKey('jones'));
    expect(joinKey(part(last), part(first), part(last))(2)).toBe(keyOfTexts('jones', 'john', 'jones'));
    expect(joinKey(part(last), part(first), part(last))(3)).toBe(-1);
  });

  it('read the same keys from a dictionary, from a column of distinct values and from values it does not know', () => {
    const emails = uniqueColumn(3);
    ['ann@example.com', '', 'bo@example.com'].forEach((value, i) => emails.set(i, value));
    const unknown = { codes: last.codes, values: [...last.values] };
    expect([0, 1, 2, 3, 4].map(joinKey(part(unknown), part(first)))).toEqual([0, 1, 2, 3, 4].map(joinKey(part(last), part(first))));
    expect([0, 1, 2].map(joinKey(part(emails)))).toEqual([textKey('ann@example.com'), -1, textKey('bo@example.com')]);
    // A dictionary's values past those it had when the part was made.
    const names = new Dictionary();
    const grown = names.column(200);
    const key = joinKey(part(grown));
    for (let i = 0; i < 200; i++) grown.codes[i] = names.code(`name ${i}`);
    expect(key(150)).toBe(textKey('name 150'));
  });

  it('take the first filled part of several, and derive parts once per value', () => {
    const key = joinKey(firstFilled(part(sound), part(first)));
    expect(key(0)).toBe(textKey('john'));
    expect(key(1)).toBe(textKey('JN'));
    const initial = joinKey(derivedPart(first, (name) => name.slice(0, 1)));
    expect(initial(0)).toBe(textKey('j'));
    expect(initial(3)).toBe(textKey('a'));
    const longNames = joinKey(filteredPart(last, (name) => name.length > 4));
    expect(longNames(0)).toBe(textKey('smith'));
    expect(longNames(4)).toBe(-1);
    expect(longNames(3)).toBe(-1);
  });

  it('give names in either order one key', () => {
    const key = unorderedKey(part(first), part(last));
    expect(key(0)).toBe(key(4));
    expect(key(0)).not.toBe(key(2));
    expect([keyOfTexts('john', 'smith'), keyOfTexts('smith', 'john')]).toContain(key(0));
    expect(key(3)).toBe(-1);
  });
});
