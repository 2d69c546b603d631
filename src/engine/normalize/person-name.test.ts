import { describe, expect, it } from 'vitest';
import { doubleMetaphone } from 'double-metaphone';
import { canonicalGivenName, givenNamesClearlyDiffer, normalizeNamePart, normalizePersonName } from './person-name';

describe('person names', () => {
  it.each([
    ['  JOSÉ ', 'jose'],
    ['Dr. Jane', 'jane'],
    ["O'Brien", 'o brien'],
    ['Smith Jr.', 'smith'],
    ['Müller', 'muller'],
    ['Mr', 'mr'],
    ['Strauß', 'strauss'],
  ])('normalizeNamePart(%j) → %j', (raw, expected) => {
    expect(normalizeNamePart(raw)).toBe(expected);
  });

  it.each([
    ['bob', 'robert'],
    ['bill', 'william'],
    ['liz', 'elizabeth'],
    ['peggy', 'margaret'],
    ['robert', 'robert'],
    ['zebulon', 'zebulon'],
  ])('canonicalGivenName(%j) → %j', (nick, formal) => {
    expect(canonicalGivenName(nick)).toBe(formal);
  });

  it('splits a full name given as the first name only', () => {
    expect(normalizePersonName('Dr. Robert Smith III', '')).toEqual({ first: 'robert', last: 'smith', canonicalFirst: 'robert' });
  });

  it('resolves nicknames while keeping the name as typed', () => {
    expect(normalizePersonName('Bob', 'Smith')).toEqual({ first: 'bob', last: 'smith', canonicalFirst: 'robert' });
  });

  const sound = (name: string) => doubleMetaphone(name)[0];
  it.each([
    ['noe', 'brandon', true],
    ['noe', 'alexandre', true],
    ['joseph', 'queenie', true],
    ['lisa', 'nancy', true],
    ['j', 'robert', true],
    ['bob', 'robert', false], // nickname
    ['j', 'james', false], // initial
    ['dan', 'daniel', false], // short form
    ['rebecca', 'rebcwca', false], // typos in a long name
    ['jon', 'john', false], // one letter apart
    ['catherine', 'kathryn', false], // one sound
    ['mary ann', 'ann', false], // one of several names
    ['', 'robert', false], // missing: no evidence
  ])('givenNamesClearlyDiffer(%j, %j) is %j', (a, b, expected) => {
    expect(givenNamesClearlyDiffer(a, b, sound)).toBe(expected);
    expect(givenNamesClearlyDiffer(b, a, sound)).toBe(expected);
  });
});
