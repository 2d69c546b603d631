import { describe, expect, it } from 'vitest';
import { Dictionary } from '../text-column';
import { derivedPart, filteredPart, firstFilled, joinKey, part, textKey, unorderedKey } from './keys';

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

  it('hash the parts as their joined text would, and have none when a part is empty', () => {
    const key = joinKey(part(last), part(first));
    expect(key(0)).toBe(textKey('smith|john'));
    expect(key(0)).not.toBe(key(1));
    expect(key(3)).toBe(-1);
    expect(joinKey(part(last))(2)).toBe(textKey('jones'));
    expect(joinKey(part(last), part(first), part(last))(2)).toBe(textKey('jones|john|jones'));
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
    expect(key(0)).toBe(textKey('john|smith'));
    expect(key(3)).toBe(-1);
  });
});
