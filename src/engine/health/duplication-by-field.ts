import type { CountryCode } from 'libphonenumber-js/min';
import type { ObjectType } from '../../shared/object-types';
import { firstOf, memoize } from '../models/prepare-helpers';
import { normalizeBusinessName } from '../normalize/business-name';
import { normalizeDomain } from '../normalize/domain';
import { normalizeEmail } from '../normalize/email';
import { normalizeNamePart } from '../normalize/person-name';
import { normalizePhone } from '../normalize/phone';
import { foldText } from '../normalize/text';
import { resolveEngineSettings, type EngineSettings, type EngineSettingsInput } from '../settings';
import type { EngineRecord } from '../types';

export type DuplicationByFieldOptions = Pick<EngineSettingsInput, 'defaultCountry' | 'normalizeEmails' | 'normalizePhoneNumbers' | 'normalizeBusinessNames'>;

/** How many records share one key field's value with another record. */
export interface FieldDuplication {
  field: string;
  label: string;
  /** The HubSpot properties the value is read from. */
  properties: readonly string[];
  /** Records with a usable value in this field. */
  recordsWithValue: number;
  /** Records whose normalized value at least one other record has too. */
  duplicateRecords: number;
  /** duplicateRecords over all records, 0-1. */
  share: number;
}

type Properties = Readonly<Record<string, unknown>>;
/** A record's normalized value, '' when it has none. */
type KeyOf = (values: Properties) => string;

interface KeyField {
  field: string;
  label: string;
  properties: readonly string[];
  key: KeyOf;
  /**
   * A cheap key that records with equal `key`s always share, and that is '' exactly when
   * `key` is: only records whose prefilter value repeats need the costly `key`.
   */
  prefilter?: KeyOf;
}

/**
 * Per key field of the object type, the records that share their normalized value with
 * another record. A rough, explainable view beside the engine's matching: exact equality
 * after normalization, no fuzzy matching.
 */
export function duplicationByField(records: readonly EngineRecord[], objectType: ObjectType, options: DuplicationByFieldOptions = {}): FieldDuplication[] {
  const settings = resolveEngineSettings(options);
  return keyFields(objectType, settings).map((field) => measureField(records, field));
}

function measureField(records: readonly EngineRecord[], field: KeyField): FieldDuplication {
  const { recordsWithValue, duplicateRecords } = field.prefilter ? countPrefiltered(records, field.key, field.prefilter) : countShared(records, field.key);
  return {
    field: field.field,
    label: field.label,
    properties: field.properties,
    recordsWithValue,
    duplicateRecords,
    share: records.length > 0 ? duplicateRecords / records.length : 0,
  };
}

function countShared(records: readonly EngineRecord[], key: KeyOf): { recordsWithValue: number; duplicateRecords: number } {
  const counts = countKeys(records, key);
  return { recordsWithValue: sumCounts(counts, 1), duplicateRecords: sumCounts(counts, 2) };
}

function countPrefiltered(records: readonly EngineRecord[], key: KeyOf, prefilter: KeyOf): { recordsWithValue: number; duplicateRecords: number } {
  const prefilterCounts = countKeys(records, prefilter);
  const repeats = (values: Properties) => (prefilterCounts.get(prefilter(values)) ?? 0) > 1;
  return { recordsWithValue: sumCounts(prefilterCounts, 1), duplicateRecords: sumCounts(countKeys(records, key, repeats), 2) };
}

function countKeys(records: readonly EngineRecord[], key: KeyOf, include?: (values: Properties) => boolean): Map<string, number> {
  const counts = new Map<string, number>();
  for (const record of records) {
    const values = record.properties ?? {};
    if (include && !include(values)) continue;
    const value = key(values);
    if (value !== '') counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

/** Records in values held by at least `minimum` records. */
function sumCounts(counts: Map<string, number>, minimum: number): number {
  let sum = 0;
  for (const count of counts.values()) if (count >= minimum) sum += count;
  return sum;
}

function keyFields(objectType: ObjectType, settings: EngineSettings): KeyField[] {
  switch (objectType) {
    case 'contacts':
      return [emailField(settings), phoneField(['phone', 'mobilephone'], settings), fullNameField()];
    case 'companies':
      return [domainField(), businessNameField(settings), phoneField(['phone'], settings)];
    case 'deals':
      return [textField('dealname', 'Deal name')];
    case 'tickets':
      return [textField('subject', 'Ticket name')];
  }
}

function emailField(settings: EngineSettings): KeyField {
  return {
    field: 'email',
    label: 'Email',
    properties: ['email'],
    key: (values) => normalizeEmail(values.email, settings.normalizeEmails)?.address ?? '',
  };
}

/**
 * Parsing a phone number costs about a hundred times more than reading its digits, so
 * numbers are first grouped by their last seven digits, which equal numbers share whatever
 * prefix they were written with; only numbers whose last digits repeat are parsed.
 */
function phoneField(properties: readonly string[], settings: EngineSettings): KeyField {
  const country = settings.defaultCountry as CountryCode;
  const parse = memoize((raw) => normalizePhone(raw, country, settings.normalizePhoneNumbers)?.number ?? '');
  const field: KeyField = { field: 'phone', label: 'Phone number', properties, key: (values) => parse(firstOf(values, properties)) };
  if (!settings.normalizePhoneNumbers) return field;
  return { ...field, prefilter: (values) => normalizePhone(firstOf(values, properties), country, false)?.tail ?? '' };
}

/** First and last name both, as one name alone is shared by too many people to mean anything. */
function fullNameField(): KeyField {
  const namePart = memoize(normalizeNamePart);
  return {
    field: 'fullname',
    label: 'Full name',
    properties: ['firstname', 'lastname'],
    key: (values) => {
      let first = namePart(firstOf(values, ['firstname']));
      let last = namePart(firstOf(values, ['lastname']));
      // The whole name typed into the first name field.
      if (last === '' && first.includes(' ')) {
        const cut = first.lastIndexOf(' ');
        last = first.slice(cut + 1);
        first = first.slice(0, cut);
      }
      return first !== '' && last !== '' ? `${first}|${last}` : '';
    },
  };
}

function domainField(): KeyField {
  const domain = memoize((raw) => normalizeDomain(raw) ?? '');
  return {
    field: 'domain',
    label: 'Company domain name',
    properties: ['domain', 'website'],
    key: (values) => domain(firstOf(values, ['domain'])) || domain(firstOf(values, ['website'])),
  };
}

function businessNameField(settings: EngineSettings): KeyField {
  const name = memoize((raw) => normalizeBusinessName(raw, settings.normalizeBusinessNames).name);
  return { field: 'name', label: 'Company name', properties: ['name'], key: (values) => name(firstOf(values, ['name'])) };
}

function textField(property: string, label: string): KeyField {
  return { field: property, label, properties: [property], key: (values) => foldText(values[property]) };
}
