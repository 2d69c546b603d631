import { describe, expect, it } from 'vitest';
import { phoneProblem } from './phone-quality';

describe('phoneProblem', () => {
  it.each([
    ['(415) 555-2671'],
    ['415.555.2671'],
    ['+1 415 555 2671 ext. 12'],
    ['1-415-555-2671'],
    ['+44 20 7946 0958'],
    ['+44 (0)20 7946 0958'],
    ['0044 20 7946 0958'],
    ['+49 30 123456'],
  ])('reads %s as a phone number', (value) => {
    expect(phoneProblem(value)).toBeNull();
  });

  it.each([['12345'], ['n/a'], ['555-1234'], ['123-456-7890'], ['555 555 5555'], ['+44 12'], ['+999 1234567'], ['99999999999999'], ['call me']])('cannot read %s', (value) => {
    expect(phoneProblem(value)).toBe('unreadable');
  });

  it.each([['0161 266 7527'], ['030 1234567'], ['(03) 9123 4567'], ['04 30 82 25 33']])('asks for the country code of %s', (value) => {
    expect(phoneProblem(value)).toBe('needs-country-code');
  });

  it('leaves an empty value to the missing-fields flag', () => {
    expect(phoneProblem('  ')).toBeNull();
  });
});
