import { describe, expect, it } from 'vitest';
import { formatValue } from './object-columns';
import { CONTACT_FIELDS, quality } from './object-fixtures';
import { badgesOf, describeProblems } from './quality-flags';

describe('describeProblems', () => {
  it('puts every problem in words, in the order of the flags', () => {
    const problems = describeProblems(
      'contacts',
      quality({
        flags: ['missing-fields', 'invalid-email', 'invalid-phone', 'stale', 'possible-duplicate'],
        missingFields: ['firstname'],
        invalidEmails: [{ property: 'email', value: 'ada at x.io', reason: 'unreadable' }],
        invalidPhones: [{ property: 'mobilephone', value: '0161 266 7527', reason: 'needs-country-code' }],
        daysSinceUpdate: 1,
        duplicateGroupIds: [3, 4],
      }),
      365,
    );
    expect(problems).toEqual([
      { flag: 'missing-fields', text: 'No first name' },
      { flag: 'invalid-email', text: 'Email “ada at x.io” is not a valid email address' },
      { flag: 'invalid-phone', text: 'Mobile Phone Number “0161 266 7527” has no country code: add it (such as +44) so the number can be dialled and compared' },
      { flag: 'stale', text: 'Not updated for 1 day (more than 365)' },
      { flag: 'possible-duplicate', text: 'Possibly a duplicate: it is in 2 groups waiting for review' },
    ]);
  });

  it('words gaps per type', () => {
    const gaps = (objectType: 'companies' | 'tickets', missingFields: string[]) => describeProblems(objectType, quality({ flags: ['missing-fields'], missingFields }), 365).map((p) => p.text);
    expect(gaps('companies', ['domain', 'phone'])).toEqual(['No company domain', 'No phone number']);
    expect(gaps('tickets', ['hs_pipeline_stage', 'content'])).toEqual(['No ticket status', 'No ticket description']);
  });
});

describe('badgesOf', () => {
  it('names a single gap and counts several', () => {
    expect(badgesOf('contacts', quality({ flags: ['missing-fields'], missingFields: ['email'] }), CONTACT_FIELDS)).toEqual([{ flag: 'missing-fields', text: 'No email' }]);
    expect(badgesOf('contacts', quality({ flags: ['missing-fields'], missingFields: ['email', 'phone'] }), CONTACT_FIELDS)).toEqual([{ flag: 'missing-fields', text: '2 key fields empty' }]);
  });

  it('tells a number without its country code from one that is not a number', () => {
    const phone = (reason: 'unreadable' | 'needs-country-code') => badgesOf('contacts', quality({ flags: ['invalid-phone'], invalidPhones: [{ property: 'phone', value: 'x', reason }] }), CONTACT_FIELDS);
    expect(phone('needs-country-code')).toEqual([{ flag: 'invalid-phone', text: 'Phone lacks country code' }]);
    expect(phone('unreadable')).toEqual([{ flag: 'invalid-phone', text: 'Invalid phone' }]);
  });
});

describe('formatValue', () => {
  it('groups amounts and reads HubSpot dates, leaving other text alone', () => {
    expect(formatValue('1250000.5', 'money')).toBe('1,250,000.5');
    expect(formatValue('about 5k', 'money')).toBe('about 5k');
    expect(formatValue('2024-03-05T00:00:00.000Z', 'date')).toMatch(/^Mar [45], 2024$/);
    expect(formatValue('1709596800000', 'date')).toMatch(/^Mar [45], 2024$/);
    expect(formatValue('soon', 'date')).toBe('soon');
  });
});
