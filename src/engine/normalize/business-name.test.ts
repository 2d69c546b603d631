import { describe, expect, it } from 'vitest';
import { normalizeBusinessName } from './business-name';

describe('normalizeBusinessName', () => {
  it.each([
    ['Acme, Inc.', 'acme'],
    ['ACME LLC', 'acme'],
    ['Acme Ltd', 'acme'],
    ['Acme Pty Ltd', 'acme'],
    ['Siemens AG', 'siemens'],
    ['Bosch GmbH & Co. KG', 'bosch'],
    ['Danone S.A.', 'danone'],
    ['Philips B.V.', 'philips'],
    ['The Coca-Cola Company', 'coca cola'],
    ['Johnson & Johnson', 'johnson and johnson'],
    ['Johnson and Johnson', 'johnson and johnson'],
    ['Amazon.com, Inc.', 'amazon'],
    ['Nestlé S.A.', 'nestle'],
    ['The Company', 'company'],
    ['Limited', 'limited'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeBusinessName(raw).name).toBe(expected);
  });

  it('gives sorted distinct tokens for token-set similarity', () => {
    expect(normalizeBusinessName('Global Data Global Systems Inc').tokens).toEqual(['data', 'global', 'systems']);
  });

  it('only folds case and spacing when normalization is off', () => {
    expect(normalizeBusinessName('  Acme,   Inc. ', false).name).toBe('acme, inc.');
  });
});
