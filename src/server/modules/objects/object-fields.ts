import { QUALITY_FLAGS, type ObjectField, type QualityFlag } from '../../../shared/contracts/objects';
import { propertyLabel } from '../../../shared/crm-properties';
import type { ObjectType } from '../../../shared/object-types';
import { HEALTH_PROPERTIES } from '../../../engine';

/**
 * Key properties are those the health score weighs most (weight 2 or more: a contact's
 * email, names and phone; a company's name, domain and phone; ...), so the missing-fields
 * flag and the dashboard's completeness agree on what matters.
 */
const KEY_FIELD_MIN_WEIGHT = 2;

export interface KeyField {
  property: string;
  /** Other properties that fill the same need: a contact with only a mobile number has a phone. */
  alternatives: readonly string[];
}

export interface ObjectFields {
  keyFields: readonly KeyField[];
  /** Matched by the list's search, with the record id. */
  searchFields: readonly string[];
  /** What the list sends of each record. */
  summaryFields: readonly string[];
  emailFields: readonly string[];
  phoneFields: readonly string[];
  /** What people call a record: the first non-empty of these (names joined with a space). */
  nameParts: readonly (readonly string[])[];
}

const keyFieldsOf = (objectType: ObjectType): KeyField[] =>
  HEALTH_PROPERTIES[objectType].filter((p) => p.weight >= KEY_FIELD_MIN_WEIGHT).map((p) => ({ property: p.property, alternatives: (p.alternatives ?? []).map((a) => a.property) }));

export const OBJECT_FIELDS: Readonly<Record<ObjectType, ObjectFields>> = {
  contacts: {
    keyFields: keyFieldsOf('contacts'),
    searchFields: ['firstname', 'lastname', 'email', 'phone', 'mobilephone', 'company'],
    summaryFields: ['firstname', 'lastname', 'email', 'phone', 'mobilephone', 'company', 'jobtitle'],
    emailFields: ['email'],
    phoneFields: ['phone', 'mobilephone'],
    nameParts: [['firstname', 'lastname'], ['email']],
  },
  companies: {
    keyFields: keyFieldsOf('companies'),
    searchFields: ['name', 'domain', 'phone', 'city'],
    summaryFields: ['name', 'domain', 'phone', 'city', 'country'],
    emailFields: [],
    phoneFields: ['phone'],
    nameParts: [['name'], ['domain']],
  },
  deals: {
    keyFields: keyFieldsOf('deals'),
    searchFields: ['dealname', 'amount', 'dealstage', 'pipeline'],
    summaryFields: ['dealname', 'amount', 'dealstage', 'closedate', 'pipeline'],
    emailFields: [],
    phoneFields: [],
    nameParts: [['dealname']],
  },
  tickets: {
    keyFields: keyFieldsOf('tickets'),
    searchFields: ['subject', 'content', 'hs_ticket_category'],
    summaryFields: ['subject', 'hs_pipeline_stage', 'hs_ticket_priority', 'hs_ticket_category'],
    emailFields: [],
    phoneFields: [],
    nameParts: [['subject']],
  },
};

/**
 * Labels for these properties, key properties first (in their order of weight), then the rest
 * as given. `allKeys` adds the key properties not among them, so a record page shows every gap.
 */
export function fieldsOf(objectType: ObjectType, properties: Iterable<string>, allKeys = false): ObjectField[] {
  const given = [...new Set(properties)];
  const keys = OBJECT_FIELDS[objectType].keyFields.map((k) => k.property).filter((p) => allKeys || given.includes(p));
  const rest = given.filter((p) => !keys.includes(p));
  return [...keys.map((property) => ({ property, label: propertyLabel(objectType, property), key: true })), ...rest.map((property) => ({ property, label: propertyLabel(objectType, property), key: false }))];
}

/** The properties the object list shows of a type, labelled, key properties first: what an export names too. */
export function listedFieldsOf(objectType: ObjectType): ObjectField[] {
  return fieldsOf(objectType, OBJECT_FIELDS[objectType].summaryFields);
}

/** The flags a type is checked for: a type without email (or phone) properties never raises that flag. */
export function checksOf(objectType: ObjectType): QualityFlag[] {
  const fields = OBJECT_FIELDS[objectType];
  return QUALITY_FLAGS.filter((flag) => (flag === 'invalid-email' ? fields.emailFields.length > 0 : flag === 'invalid-phone' ? fields.phoneFields.length > 0 : true));
}

/** What people call a record, from its properties as JavaScript has them (nameSql's rule): null when it has none. */
export function recordNameOf(objectType: ObjectType, properties: Readonly<Record<string, unknown>>): string | null {
  for (const names of OBJECT_FIELDS[objectType].nameParts) {
    const name = names
      .map((n) => properties[n])
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      .map((v) => v.trim())
      .join(' ');
    if (name) return name;
  }
  return null;
}
