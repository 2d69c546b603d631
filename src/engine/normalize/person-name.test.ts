import { describe, expect, it } from 'vitest';
import { canonicalGivenName, normalizeNamePart, normalizePersonName } from './person-name';

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
});
