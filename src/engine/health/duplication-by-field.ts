import { isSupportedCountry, Metadata, type CountryCode } from 'libphonenumber-js/min';
import type { RecordList } from '../record-columns';
import type { ObjectType } from '../../shared/object-types';
import { firstOf, memoize } from '../models/prepare-helpers';
import { normalizeBusinessName } from '../normalize/business-name';
import { normalizeDomain } from '../normalize/domain';
import { normalizeEmail } from '../normalize/email';
import { normalizeNamePart } from '../normalize/person-name';
import { normalizePhone } from '../normalize/phone';
import { asText, foldText } from '../normalize/text';
import { resolveEngineSettings, type EngineSettings, type EngineSettingsInput } from '../settings';

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
 * another record: exact equality after normalization, a plain view beside the engine's
 * fuzzy matching.
 */
export function duplicationByField(records: RecordList, objectType: ObjectType, options: DuplicationByFieldOptions = {}): FieldDuplication[] {
  const settings = resolveEngineSettings(options);
  const table = new FingerprintTable(records.length);
  const slots = new Int32Array(records.length);
  // Passes per field: measured faster than one pass for all, whose tables compete for the
  // cache. Records are read in order only: columns held page by page (RecordColumns) turn
  // one page at a time back into records.
  return keyFields(objectType, settings).map((field) => {
    table.clear();
    const counter = new SharedValueCounter(field, table);
    let i = 0;
    for (const record of records) slots[i++] = counter.see(record.properties ?? {});
    i = 0;
    for (const record of records) {
      const slot = slots[i++]!;
      if (slot >= 0 && table.count(slot) > 1) counter.countExact(record.properties ?? {});
    }
    return counter.result(records.length);
  });
}

/**
 * A typed table of fingerprints of the cheap key finds the values seen more than once
 * (a Map holding a million strings costs as much as normalizing them); only those records
 * reach the exact count of full keys (a second pass), so neither a fingerprint collision
 * nor the prefilter can make two different values count as one.
 */
class SharedValueCounter {
  private readonly exact = new Map<string, number>();
  private recordsWithValue = 0;

  constructor(
    private readonly field: KeyField,
    /** Empty, with room for every record. */
    private readonly seen: FingerprintTable,
  ) {}

  /** Counts a record's cheap key; returns its slot, or -1 when it has no value. */
  see(values: Properties): number {
    const cheap = (this.field.prefilter ?? this.field.key)(values);
    if (cheap === '') return -1;
    this.recordsWithValue++;
    return this.seen.add(fingerprint(cheap));
  }

  /** Counts the full key of a record whose cheap key is shared. */
  countExact(values: Properties): void {
    const key = this.field.key(values);
    if (key !== '') this.exact.set(key, (this.exact.get(key) ?? 0) + 1);
  }

  result(totalRecords: number): FieldDuplication {
    let duplicateRecords = 0;
    for (const count of this.exact.values()) if (count > 1) duplicateRecords += count;
    const { field, label, properties } = this.field;
    return { field, label, properties, recordsWithValue: this.recordsWithValue, duplicateRecords, share: totalRecords > 0 ? duplicateRecords / totalRecords : 0 };
  }
}

/** 32-bit FNV-1a. */
function fingerprint(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}

/** Open addressing over one typed array: fingerprint and count per slot. */
class FingerprintTable {
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(expectedEntries: number) {
    // At most half full, so probes stay short.
    const capacity = 2 ** Math.max(4, Math.ceil(Math.log2(2 * expectedEntries + 1)));
    this.slots = new Int32Array(2 * capacity);
    this.mask = capacity - 1;
  }

  clear(): void {
    this.slots.fill(0);
  }

  /** Adds a record under its fingerprint; returns the slot. */
  add(fingerprint: number): number {
    let slot = fingerprint & this.mask;
    while (this.count(slot) !== 0 && this.slots[2 * slot] !== fingerprint) slot = (slot + 1) & this.mask;
    if (this.count(slot) === 0) this.slots[2 * slot] = fingerprint;
    this.slots[2 * slot + 1]!++;
    return slot;
  }

  count(slot: number): number {
    return this.slots[2 * slot + 1]!;
  }
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

/** Skips the normalizer for the many empty cells. */
function normalized(raw: string, normalize: (raw: string) => string): string {
  return raw === '' ? '' : normalize(raw);
}

/** An address that normalizing can only change through rules of its domain. */
const PLAIN_EMAIL = /^[a-z0-9._-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;
/** A local part with every character PLAIN_EMAIL allows, to learn whether a domain has such rules. */
const PROBE_LOCAL_PART = 'a.b-c_9';

/**
 * Most addresses are already plain, and a plain address is its own normalized form unless
 * its domain has rules (dots ignored, an alias): one probe per domain tells, which makes
 * the common case several times cheaper than normalizing.
 */
function emailField(settings: EngineSettings): KeyField {
  const email = (raw: string) => normalizeEmail(raw, settings.normalizeEmails)?.address ?? '';
  const keepsPlainAddresses = memoize((domain) => email(`${PROBE_LOCAL_PART}@${domain}`) === `${PROBE_LOCAL_PART}@${domain}`);
  const fastEmail = (raw: string) => {
    const lower = raw.toLowerCase();
    return PLAIN_EMAIL.test(lower) && keepsPlainAddresses(lower.slice(lower.indexOf('@') + 1)) ? lower : email(raw);
  };
  return { field: 'email', label: 'Email', properties: ['email'], key: (values) => normalized(asText(values.email), fastEmail) };
}

/**
 * Parsing a phone number costs about fifty times more than reading its digits. Equal numbers
 * end in the same national number however they were written (+1, 001, (0), spaces), so
 * records are first grouped by their last digits and only numbers whose last digits repeat
 * are parsed.
 */
function phoneField(properties: readonly string[], settings: EngineSettings): KeyField {
  const country = settings.defaultCountry as CountryCode;
  const parse = memoize((raw) => normalizePhone(raw, country, settings.normalizePhoneNumbers)?.number ?? '');
  const field: KeyField = { field: 'phone', label: 'Phone number', properties, key: (values) => normalized(firstOf(values, properties), parse) };
  if (!settings.normalizePhoneNumbers) return field;
  const trailing = sharedTrailingDigits(country);
  const lastDigits = (raw: string) => normalizePhone(raw, country, false)?.number.slice(-trailing) ?? '';
  return { ...field, prefilter: (values) => normalized(firstOf(values, properties), lastDigits) };
}

/** Fewer trailing digits would group too many numbers to save any parsing; national numbers shorter than this can be missed. */
const MIN_SHARED_DIGITS = 7;
/** A foreign number written two ways shares its country code and national number: rarely under nine digits together. */
const MAX_SHARED_DIGITS = 9;

/** Trailing digits that any two ways of writing one number share: the portal country's shortest national number. */
function sharedTrailingDigits(country: CountryCode): number {
  if (!isSupportedCountry(country)) return MIN_SHARED_DIGITS;
  const metadata = new Metadata();
  metadata.selectNumberingPlan(country);
  const shortest = Math.min(...(metadata.numberingPlan?.possibleLengths() ?? [MIN_SHARED_DIGITS]));
  return Math.min(MAX_SHARED_DIGITS, Math.max(MIN_SHARED_DIGITS, shortest));
}

/** First and last name both: one name alone is shared by too many people to mean anything. */
function fullNameField(): KeyField {
  // Names repeat a great deal, so each distinct one is normalized once.
  const namePart = memoize(normalizeNamePart);
  return {
    field: 'fullname',
    label: 'Full name',
    properties: ['firstname', 'lastname'],
    key: (values) => {
      let first = namePart(asText(values.firstname));
      let last = namePart(asText(values.lastname));
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
  const domain = (raw: string) => normalizeDomain(raw) ?? '';
  return {
    field: 'domain',
    label: 'Company domain name',
    properties: ['domain', 'website'],
    key: (values) => normalized(asText(values.domain), domain) || normalized(asText(values.website), domain),
  };
}

function businessNameField(settings: EngineSettings): KeyField {
  const name = (raw: string) => normalizeBusinessName(raw, settings.normalizeBusinessNames).name;
  return { field: 'name', label: 'Company name', properties: ['name'], key: (values) => normalized(asText(values.name), name) };
}

function textField(property: string, label: string): KeyField {
  return { field: property, label, properties: [property], key: (values) => foldText(values[property]) };
}
