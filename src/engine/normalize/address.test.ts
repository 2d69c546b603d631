import { describe, expect, it } from 'vitest';
import { normalizeStreetAddress } from './address';
import { normalizePostcode } from './postcode';

describe('normalizeStreetAddress', () => {
  it('abbreviates street words the same way whichever form was typed', () => {
    expect(normalizeStreetAddress('123 North Main Street').street).toBe('123 n main st');
    expect(normalizeStreetAddress('123 N. Main St.').street).toBe('123 n main st');
    expect(normalizeStreetAddress('42 Sunset Boulevard').street).toBe('42 sunset blvd');
  });

  it('keeps unit numbers apart', () => {
    expect(normalizeStreetAddress('123 Main Street, Apt 4B')).toEqual({ street: '123 main st', unit: '4b', number: '123' });
    expect(normalizeStreetAddress('123 Main St #4B')).toEqual({ street: '123 main st', unit: '4b', number: '123' });
    expect(normalizeStreetAddress('Suite 200, 500 Market St').unit).toBe('200');
  });

  it('reads plain ASCII addresses as it reads those with accents or a "#"', () => {
    // The first of each pair takes the plain ASCII path, the second the general one.
    const pairs: [string, string][] = [
      ['  12a  North Main Street, Apt 5 ', '12a North Main Street # 5 '],
      ['Suite 200 -- 500 Market St.', 'Suite 200 -- 500 Märket St.'],
      ['7 Way Close', '7 Way Clöse'],
      ['12ab Main St', '12ab Maïn St'],
    ];
    const expected = [
      { street: '12a n main st', unit: '5', number: '12a' },
      { street: '500 market st', unit: '200', number: '500' },
      { street: '7 way cl', unit: '', number: '7' },
      { street: '12ab main st', unit: '', number: '' },
    ];
    pairs.forEach(([plain, other], k) => {
      expect(normalizeStreetAddress(plain)).toEqual(expected[k]);
      expect(normalizeStreetAddress(other)).toEqual(expected[k]);
    });
    expect(normalizeStreetAddress('5 Main St,,Apt')).toEqual({ street: '5 main st apt', unit: '', number: '5' });
    expect(normalizeStreetAddress('  ,. ')).toEqual({ street: '', unit: '', number: '' });
  });

  it('handles empty and odd values', () => {
    expect(normalizeStreetAddress(null)).toEqual({ street: '', unit: '', number: '' });
    expect(normalizeStreetAddress('Apt')).toEqual({ street: 'apt', unit: '', number: '' });
  });
});

describe('normalizePostcode', () => {
  it.each([
    ['94105-1234', '94105'],
    ['941051234', '94105'],
    ['sw1a 1aa', 'SW1A1AA'],
    [' 75008 ', '75008'],
    [2000, '2000'],
    ['n/a', ''],
    ['', ''],
  ])('%j → %j', (raw, expected) => {
    expect(normalizePostcode(raw)).toBe(expected);
  });
});

describe('regions and countries', () => {
  it('reads US states and common countries the same whichever way they are written', async () => {
    const { normalizeRegion, normalizeCountry } = await import('./region');
    expect(normalizeRegion('Pennsylvania')).toBe('pa');
    expect(normalizeRegion('PA')).toBe('pa');
    expect(normalizeRegion('Bavaria')).toBe('bavaria');
    expect(normalizeCountry('United States of America')).toBe('us');
    expect(normalizeCountry('USA')).toBe('us');
    expect(normalizeCountry('Deutschland')).toBe('de');
    expect(normalizeCountry('')).toBe('');
  });
});
