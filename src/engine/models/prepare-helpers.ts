import { doubleMetaphone } from 'double-metaphone';
import type { ObjectType } from '../../shared/object-types';
import { HEALTH_PROPERTIES } from '../health/health-properties';
import { NULL_LEVEL, type Comparison, type EngineRecord } from '../types';
import type { CountryCode } from 'libphonenumber-js/min';
import { normalizeStreetAddress } from '../normalize/address';
import { toEpochMs } from '../normalize/date';
import { normalizePhone } from '../normalize/phone';
import { normalizePostcode } from '../normalize/postcode';
import { normalizeCountry, normalizeRegion } from '../normalize/region';
import { asText, foldText } from '../normalize/text';
import type { EngineSettings } from '../settings';
import { internedNormalizer, RawCache, type Dictionary, type TextColumn, type UniqueColumn } from '../text-column';

/**
 * Caches a normalizer by raw value: names, cities and companies repeat a great deal,
 * so a million records need only thousands of normalizations.
 */
export function memoize<T>(normalize: (raw: string) => T): (raw: string) => T {
  const cache = new RawCache(normalize);
  return (raw) => cache.get(raw);
}

/** Primary Double Metaphone code of every word, joined; a cache per scan, so none outlives it. */
export function phoneticCoder(): (name: string) => string {
  return memoize((name: string) =>
    name === ''
      ? ''
      : name
          .split(' ')
          .map((word) => doubleMetaphone(word)[0])
          .join(' '),
  );
}

/** The dictionaries of a postal address, and the columns a phone number and an address fill. */
export type PlaceDictionaries = Record<'streetNumber' | 'city' | 'zip' | 'state' | 'country', Dictionary> & { phoneExtension?: Dictionary };
/** With `phoneExtension` (and its dictionary), the extension of a number on a shared line is kept too. */
export type PlaceColumns = Record<'streetNumber' | 'city' | 'zip' | 'state' | 'country', TextColumn> & { phone: UniqueColumn; street: UniqueColumn; phoneExtension?: TextColumn };

/** How a model reads an address, where it differs from the defaults (see placeReader). */
export interface PlaceNormalizers {
  street?: (raw: string) => ReturnType<typeof normalizeStreetAddress>;
  region?: (raw: string) => string;
  country?: (raw: string) => string;
}

/**
 * Reads record i's phone number and postal address into their columns, alike for every
 * object type that has them. A number written nationally is read in the record's own
 * country where it names one, else the portal's. Phone numbers and street addresses are
 * nearly all distinct, so neither is cached unless `street` is.
 */
export function placeReader(d: PlaceDictionaries, settings: EngineSettings, normalizers: PlaceNormalizers = {}) {
  const { street = normalizeStreetAddress, region = normalizeRegion, country = normalizeCountry } = normalizers;
  const city = internedNormalizer(d.city, foldText);
  const state = internedNormalizer(d.state, region);
  const countryCode = internedNormalizer(d.country, country);
  const postcode = internedNormalizer(d.zip, normalizePostcode);
  // The country column is already the ISO code, unless the model keeps countries as typed.
  const isoCountry = country === normalizeCountry ? null : memoize(normalizeCountry);
  const defaultCountry = settings.defaultCountry as CountryCode;
  return (c: PlaceColumns, i: number, p: Readonly<Record<string, unknown>>, phone: string): void => {
    const rawCountry = asText(p.country);
    const code = countryCode(rawCountry);
    c.country.codes[i] = code;
    const home = isoCountry ? isoCountry(rawCountry) : d.country.values[code];
    const number = normalizePhone(phone, defaultCountry, settings.normalizePhoneNumbers, home);
    if (number) {
      c.phone.set(i, number.number);
      if (c.phoneExtension && d.phoneExtension) c.phoneExtension.codes[i] = d.phoneExtension.code(number.extension);
    }
    const place = street(asText(p.address));
    c.street.set(i, place.street);
    c.streetNumber.codes[i] = d.streetNumber.code(place.number);
    c.city.codes[i] = city(asText(p.city));
    c.zip.codes[i] = postcode(asText(p.zip));
    c.state.codes[i] = state(asText(p.state));
  };
}

/** The first non-empty property among `names`, as text. */
export function firstOf(properties: Readonly<Record<string, unknown>>, names: readonly string[]): string {
  for (const name of names) {
    const text = asText(properties[name]);
    if (text !== '') return text;
  }
  return '';
}

/** The properties whose filling makes a record complete: the health score's, so "most complete" means one thing. */
function completenessProperties(objectType: ObjectType): string[] {
  return HEALTH_PROPERTIES[objectType].flatMap((p) => [p.property, ...(p.alternatives ?? []).map((a) => a.property)]);
}

/** A record's id as text; a record without one is named by its index. */
export function recordId(record: EngineRecord, index: number): string {
  return asText(record.id) || String(index);
}

/** The properties `prepare` reads: the model's own, those counted for completeness and the update times. */
export function propertiesRead(objectType: ObjectType, own: readonly string[]): string[] {
  return [...new Set([...own, ...completenessProperties(objectType), 'lastmodifieddate', 'hs_lastmodifieddate'])];
}

/** Ids, completeness and last-update times: what every object type's dataset carries. */
export function baseColumns(records: readonly EngineRecord[], objectType: ObjectType) {
  const countedProperties = completenessProperties(objectType);
  const size = records.length;
  const ids = new Array<string>(size);
  const completeness = new Uint16Array(size);
  const updatedAt = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const record = records[i]!;
    ids[i] = recordId(record, i);
    let filled = 0;
    for (const name of countedProperties) if (isFilled(record.properties?.[name])) filled++;
    completeness[i] = filled;
    const time = toEpochMs(record.updatedAt ?? record.properties?.lastmodifieddate ?? record.properties?.hs_lastmodifieddate);
    updatedAt[i] = Number.isNaN(time) ? 0 : time;
  }
  return { size, ids, completeness, updatedAt };
}

/** True when at least two records have a value the comparison can use: empty fields only slow every pair down. */
export function hasValues(comparison: Comparison, size: number): boolean {
  let filled = 0;
  for (let i = 0; i < size && filled < 2; i++) if (comparison.compare(i, i) !== NULL_LEVEL) filled++;
  return filled >= 2;
}

/** Whether a cell holds a value, without building a trimmed copy of it. */
export function isFilled(value: unknown): boolean {
  if (typeof value === 'string') {
    for (let k = 0; k < value.length; k++) if (value.charCodeAt(k) > 32) return true;
    return false;
  }
  return asText(value) !== '';
}
