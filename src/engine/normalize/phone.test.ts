import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['(415) 555-2671', 'US', '+14155552671'],
    ['415.555.2671', 'US', '+14155552671'],
    ['+1 415 555 2671', 'US', '+14155552671'],
    ['1-415-555-2671', 'US', '+14155552671'],
    ['0044 20 7946 0958', 'US', '+442079460958'],
    ['+44 (0)20 7946 0958', 'US', '+442079460958'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['0412 345 678', 'AU', '+61412345678'],
    ['030 1234567', 'DE', '+49301234567'],
  ] as const)('%j in %s → %s', (raw, country, expected) => {
    expect(normalizePhone(raw, country)?.number).toBe(expected);
  });

  it('gives the E.164 number libphonenumber gives, for every common North American format', async () => {
    const { parsePhoneNumberFromString } = await import('libphonenumber-js/min');
    const formats = ['(415) 555-2671', '415-555-2671', '415.555.2671', '415 555 2671', '4155552671', '1-415-555-2671', '+1 415 555 2671', '+1 (415) 555-2671', '1 415 555 2671', '+14155552671', '(212) 555-0100', '+1-800-555-0199'];
    for (const raw of formats) expect(normalizePhone(raw, 'US')?.number, raw).toBe(parsePhoneNumberFromString(raw, 'US')?.number);
  });

  it("reads a number written nationally in the record's own country, when it names one", () => {
    expect(normalizePhone('0911 2447145', 'US', true, 'de')?.number).toBe('+499112447145');
    expect(normalizePhone('0911 2447145', 'US', true, 'DE')?.number).toBe(normalizePhone('+49 911 2447145', 'US')?.number);
    expect(normalizePhone('020 7946 0958', 'US', true, 'gb')?.number).toBe('+442079460958');
    // Not a country libphonenumber knows, or no country: the portal's.
    expect(normalizePhone('(415) 555-2671', 'US', true, 'germany')?.number).toBe('+14155552671');
    expect(normalizePhone('020 7946 0958', 'GB', true, '')?.number).toBe('+442079460958');
    // An international prefix says it all, whatever the record's country.
    expect(normalizePhone('+1 415 555 2671', 'US', true, 'de')?.number).toBe('+14155552671');
  });

  it('keeps the digits of a number written nationally that is no North American number', () => {
    // libphonenumber would make +109112447145 of it, a number nobody has.
    expect(normalizePhone('0911 2447145', 'US')).toEqual({ number: '09112447145', extension: '', tail: '2447145' });
    expect(normalizePhone('0911-2447145', 'US')?.number).toBe(normalizePhone('0911 2447145', 'US')?.number);
    // Words around a North American number do not hide it.
    expect(normalizePhone('tel: 212 555 1234', 'US')?.number).toBe('+12125551234');
    expect(normalizePhone('212-555-1234 (cell)', 'US')?.number).toBe('+12125551234');
    // Dialled from North America with its international prefix, it is still found.
    expect(normalizePhone('011 44 20 7946 0958', 'US')?.number).toBe('+442079460958');
  });

  it('keeps extensions apart', () => {
    expect(normalizePhone('(415) 555-2671 ext. 42', 'US')).toEqual({ number: '+14155552671', extension: '42', tail: '5552671' });
    expect(normalizePhone('415-555-2671 x7', 'US')?.extension).toBe('7');
    expect(normalizePhone('415-555-2671 #120', 'US')?.number).toBe('+14155552671');
  });

  it('gives the last seven digits for numbers whose country code is unclear', () => {
    expect(normalizePhone('555-2671', 'US')?.tail).toBe('5552671');
  });

  it.each([[''], ['n/a'], ['123'], [null], [undefined], [{}]])('rejects %j', (raw) => {
    expect(normalizePhone(raw, 'US')).toBeNull();
  });

  it('compares digits as typed when normalization is off', () => {
    expect(normalizePhone('+1 (415) 555-2671', 'US', false)?.number).toBe('14155552671');
  });
});
