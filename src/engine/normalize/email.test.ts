import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './email';

describe('normalizeEmail', () => {
  it.each([
    ['  Jane.Doe@Example.COM ', 'jane.doe@example.com'],
    ['mailto:jane@example.com', 'jane@example.com'],
    ['Jane Doe <jane@example.com>', 'jane@example.com'],
    ['jane @ example.com', 'jane@example.com'],
    ['j.a.n.e+newsletter@gmail.com', 'jane@gmail.com'],
    ['Jane.Doe@googlemail.com', 'janedoe@gmail.com'],
    ['jane+crm@outlook.com', 'jane@outlook.com'],
    ['jane.doe+crm@company.com', 'jane.doe+crm@company.com'],
    ['jane@example.com.', 'jane@example.com'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeEmail(raw)?.address).toBe(expected);
  });

  it.each([[''], ['not an email'], ['@example.com'], ['jane@'], ['jane@localhost'], [null], [42], [{}], ['+tag@gmail.com']])(
    'rejects %j',
    (raw) => {
      expect(normalizeEmail(raw)).toBeNull();
    },
  );

  it('keeps dots and tags when normalization is off', () => {
    expect(normalizeEmail('J.Doe+x@Gmail.com', false)?.address).toBe('j.doe+x@gmail.com');
  });

  it('tells webmail apart from company domains', () => {
    expect(normalizeEmail('a@gmail.com')?.freeMail).toBe(true);
    expect(normalizeEmail('a@acme.com')?.freeMail).toBe(false);
  });
});
