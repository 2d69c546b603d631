import { doubleMetaphone } from 'double-metaphone';
import type { ObjectType } from '../../shared/object-types';
import { HEALTH_PROPERTIES } from '../health/health-properties';
import { NULL_LEVEL, type Comparison, type EngineRecord } from '../types';
import type { CountryCode } from 'libphonenumber-js/min';
import { toEpochMs } from '../normalize/date';
import { normalizePhone } from '../normalize/phone';
import { normalizeCountry } from '../normalize/region';
import { asText } from '../normalize/text';
import type { EngineSettings } from '../settings';
import type { UniqueColumn } from '../text-column';

/**
 * Caches a normalizer by raw value: names, cities and companies repeat a great deal,
 * so a million records need only thousands of normalizations.
 */
export function memoize<T>(normalize: (raw: string) => T): (raw: string) => T {
  const cache = new Map<string, T>();
  return (raw) => {
    let value = cache.get(raw);
    if (value === undefined) {
      value = normalize(raw);
      if (cache.size < 2_000_000) cache.set(raw, value);
    }
    return value;
  };
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

/**
 * Phone numbers read in the record's own country where it names one, else the portal's.
 * Numbers are nearly all distinct: no cache of them, only of countries.
 */
export function phoneReader(settings: EngineSettings): (raw: string, country: unknown) => ReturnType<typeof normalizePhone> {
  const countryOf = memoize(normalizeCountry);
  return (raw, country) => normalizePhone(raw, settings.defaultCountry as CountryCode, settings.normalizePhoneNumbers, countryOf(asText(country)));
}

/** Record i's number, when it has one. */
export function setPhone(columns: { phone: UniqueColumn }, i: number, number: ReturnType<typeof normalizePhone>): void {
  if (number) columns.phone.set(i, number.number);
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
