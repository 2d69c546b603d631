import fc from 'fast-check';
import type { CountryCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { OBJECT_TYPES, type ObjectType } from '../../shared/object-types';
import { normalizeEmail } from '../normalize/email';
import { normalizePhone } from '../normalize/phone';
import type { EngineRecord } from '../types';
import { duplicationByField, type DuplicationByFieldOptions, type FieldDuplication } from './duplication-by-field';

const records = (rows: Record<string, unknown>[]): EngineRecord[] => rows.map((properties, i) => ({ id: String(i + 1), properties }));

function field(rows: Record<string, unknown>[], objectType: ObjectType, name: string, options?: DuplicationByFieldOptions): FieldDuplication {
  const result = duplicationByField(records(rows), objectType, options).find((f) => f.field === name);
  if (!result) throw new Error(`no field ${name}`);
  return result;
}

/** Records whose key another record shares, counted the slow obvious way. */
function sharedByKey(values: readonly unknown[], key: (value: unknown) => string): number {
  const counts = new Map<string, number>();
  for (const value of values) {
    const k = key(value);
    if (k !== '') counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts.values()].filter((n) => n > 1).reduce((a, b) => a + b, 0);
}

describe('duplicationByField: contacts', () => {
  it('counts emails that differ only in case, dots or tags as shared', () => {
    const email = field([{ email: 'Jane.Doe@Gmail.com' }, { email: 'janedoe+crm@gmail.com' }, { email: ' bob@acme.com ' }, {}], 'contacts', 'email');
    expect(email).toMatchObject({ recordsWithValue: 3, duplicateRecords: 2, share: 0.5 });
  });

  it('keeps dotted addresses apart when email normalization is off', () => {
    const rows = [{ email: 'Jane.Doe@Gmail.com' }, { email: 'janedoe@gmail.com' }];
    expect(field(rows, 'contacts', 'email', { normalizeEmails: false }).duplicateRecords).toBe(0);
    expect(field(rows, 'contacts', 'email').duplicateRecords).toBe(2);
  });

  it('counts one phone number written several ways once per record, and not numbers that only end alike', () => {
    const phone = field(
      [{ phone: '+1 (415) 555-2671' }, { phone: '415.555.2671' }, { phone: '001 415 555 2671 ext. 12' }, { phone: '(212) 555-2671' }, { mobilephone: '4155552671' }],
      'contacts',
      'phone',
    );
    expect(phone).toMatchObject({ recordsWithValue: 5, duplicateRecords: 4 });
  });

  it('matches full names without titles or case, and a whole name typed in the first name field', () => {
    const name = field(
      [
        { firstname: 'Dr. Jane', lastname: 'DOE' },
        { firstname: 'jane', lastname: 'doe' },
        { firstname: 'Jane Doe', lastname: '' },
        { firstname: 'Jane', lastname: 'Smith' },
        { firstname: 'Jane' },
      ],
      'contacts',
      'fullname',
    );
    // A first name alone is not a full name.
    expect(name).toMatchObject({ recordsWithValue: 4, duplicateRecords: 3 });
  });

  it('agrees with normalizeEmail on every way of writing an address', () => {
    const local = fc.stringMatching(/^[a-cA-C][a-c.+_-]{0,3}$/);
    const domain = fc.constantFrom('gmail.com', 'GoogleMail.com', 'outlook.com', 'acme.com', 'ACME.com', 'b.co');
    const written = fc.tuple(local, domain, fc.constantFrom('%s', ' %s ', 'mailto:%s', 'Jane <%s>', '%s.', '%s junk@'));
    const emails = fc.array(written.map(([l, d, form]) => form.replace('%s', `${l}@${d}`)), { maxLength: 40 });
    fc.assert(
      fc.property(emails, fc.boolean(), (values, normalizeEmails) => {
        const expected = sharedByKey(values, (v) => normalizeEmail(v, normalizeEmails)?.address ?? '');
        expect(field(values.map((email) => ({ email })), 'contacts', 'email', { normalizeEmails }).duplicateRecords).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('duplicationByField: phone numbers in any format', () => {
  const formats: Record<string, ((n: string) => string)[]> = {
    US: [(n) => `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`, (n) => `+1 ${n}`, (n) => `001${n}`, (n) => `1-${n}`, (n) => `${n} x7`, (n) => n.slice(3)],
    GB: [(n) => `0${n}`, (n) => `+44 ${n}`, (n) => `0044 (0)${n}`, (n) => `+44 ${n.slice(0, 2)} ${n.slice(2)}`, (n) => `0${n.slice(-7)}`],
    FR: [(n) => `0${n}`, (n) => `+33 ${n}`, (n) => `0033 ${n}`, (n) => `+33 (0)${n.slice(0, 1)} ${n.slice(1)}`],
  };
  const nationalNumbers: Record<string, string[]> = {
    US: ['4155552671', '2125552671', '4155552672', '6505552671'],
    GB: ['2079460958', '2079460959', '1614960958', '7700900123'],
    FR: ['123456789', '623456789', '123456788'],
  };

  it.each(Object.keys(formats))('agrees with normalizePhone for a %s portal', (country) => {
    const phone = fc.tuple(fc.constantFrom(...nationalNumbers[country]!), fc.constantFrom(...formats[country]!)).map(([n, format]) => format(n));
    fc.assert(
      fc.property(fc.array(phone, { maxLength: 30 }), (values) => {
        const expected = sharedByKey(values, (v) => normalizePhone(v, country as CountryCode)?.number ?? '');
        expect(field(values.map((p) => ({ phone: p })), 'contacts', 'phone', { defaultCountry: country }).duplicateRecords).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('counts a short foreign number written with + or 00 as one number', () => {
    // Country code and national number together are nine digits only.
    const phone = field([{ phone: '+46 8 123 456' }, { phone: '0046 8123456' }, { phone: '(646) 812-3456' }], 'contacts', 'phone');
    expect(phone.duplicateRecords).toBe(2);
  });

  it('compares digits as typed when phone normalization is off', () => {
    const rows = [{ phone: '+1 415 555 2671' }, { phone: '(415) 555-2671' }, { phone: '415-555-2671' }];
    expect(field(rows, 'companies', 'phone', { normalizePhoneNumbers: false }).duplicateRecords).toBe(2);
    expect(field(rows, 'companies', 'phone').duplicateRecords).toBe(3);
  });
});

describe('duplicationByField: companies, deals and tickets', () => {
  it('reads the domain from the website when the domain is empty', () => {
    const domain = field([{ domain: 'acme.com' }, { website: 'https://www.Acme.com/about' }, { domain: 'not a domain', website: 'shop.acme.com' }, { domain: 'acme.co.uk' }], 'companies', 'domain');
    expect(domain).toMatchObject({ recordsWithValue: 4, duplicateRecords: 3 });
  });

  it('matches company names without legal forms', () => {
    expect(field([{ name: 'Acme, Inc.' }, { name: 'ACME LLC' }, { name: 'The Acme' }, { name: 'Acme Labs' }], 'companies', 'name').duplicateRecords).toBe(3);
  });

  it('matches deal names and ticket subjects up to case, accents and punctuation', () => {
    expect(field([{ dealname: 'Renewal – Café Acme' }, { dealname: 'renewal cafe acme' }, { dealname: 'Renewal' }], 'deals', 'dealname').duplicateRecords).toBe(2);
    expect(field([{ subject: 'Login broken!' }, { subject: 'login  broken' }, { subject: '' }], 'tickets', 'subject')).toMatchObject({ recordsWithValue: 2, duplicateRecords: 2 });
  });

  it('counts every record of a value held three times', () => {
    expect(field([{ dealname: 'a' }, { dealname: 'A' }, { dealname: 'a.' }, { dealname: 'b' }], 'deals', 'dealname').duplicateRecords).toBe(3);
  });

  it('never counts two different values as one, even when their fingerprints collide', () => {
    // Known 32-bit FNV-1a collisions.
    const rows = ['costarring', 'liquid', 'declinate', 'macallums', 'altarage', 'zinke'].map((dealname) => ({ dealname }));
    expect(field(rows, 'deals', 'dealname').duplicateRecords).toBe(0);
    expect(field([...rows, { dealname: 'liquid' }], 'deals', 'dealname').duplicateRecords).toBe(2);
  });
});

describe('duplicationByField: empty and junk input', () => {
  it('reports every key field of each type with zero shares and no NaN for no records', () => {
    const fields = Object.fromEntries(OBJECT_TYPES.map((type) => [type, duplicationByField([], type).map((f) => f.field)]));
    expect(fields).toEqual({ contacts: ['email', 'phone', 'fullname'], companies: ['domain', 'name', 'phone'], deals: ['dealname'], tickets: ['subject'] });
    for (const type of OBJECT_TYPES) {
      for (const f of duplicationByField([], type)) expect(f).toMatchObject({ recordsWithValue: 0, duplicateRecords: 0, share: 0 });
    }
  });

  it('treats junk as no value', () => {
    const junk: unknown[] = [null, undefined, '', '   ', {}, [], Number.NaN, true, 'not an email', '12'];
    const rows = junk.map((v) => ({ email: v, phone: v, firstname: v, lastname: v }));
    for (const f of duplicationByField(records(rows), 'contacts')) {
      expect(f.duplicateRecords).toBe(0);
      expect(Number.isFinite(f.share)).toBe(true);
    }
  });
});
