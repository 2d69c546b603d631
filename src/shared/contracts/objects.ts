import { z } from 'zod';
import { OBJECT_TYPES } from '../object-types';
import { duplicateGroupSchema, valueLabelsSchema } from './results';

/**
 * What can be wrong with a mirrored record, in the order the app lists them:
 * a key property empty, an email or phone value that cannot be read as one, no change for
 * more than `staleAfterDays`, or membership of a pending duplicate group.
 */
export const QUALITY_FLAGS = ['missing-fields', 'invalid-email', 'invalid-phone', 'stale', 'possible-duplicate'] as const;
export type QualityFlag = (typeof QUALITY_FLAGS)[number];

/** recent: last updated first; oldest: least recently updated first; name: A to Z. */
export const OBJECT_SORTS = ['recent', 'oldest', 'name'] as const;
export type ObjectSort = (typeof OBJECT_SORTS)[number];

export const SEARCH_MAX_LENGTH = 200;

const objectTypeParam = z.enum(OBJECT_TYPES, { error: `objectType must be one of ${OBJECT_TYPES.join(', ')}` });

const wholeNumberParam = (label: string, min: number, max: number) => {
  const range = `${label} must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: range }).int(range).min(min, range).max(max, range);
};

export const objectTypeParamsSchema = z.object({ objectType: objectTypeParam });

export const objectRecordParamsSchema = z.object({
  objectType: objectTypeParam,
  /** The HubSpot record id. */
  id: z.string().trim().min(1, 'A record id is required').max(100, 'A record id is at most 100 characters'),
});

export const objectRecordsQuerySchema = z.object({
  /** Words matched, case-insensitively, against the type's key properties and the record id; every word must match. */
  search: z.string().trim().max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
  flag: z.enum(QUALITY_FLAGS, { error: `flag must be one of ${QUALITY_FLAGS.join(', ')}` }).optional(),
  page: wholeNumberParam('page', 1, 100_000).default(1),
  pageSize: wholeNumberParam('pageSize', 1, 100).default(25),
  sort: z.enum(OBJECT_SORTS, { error: `sort must be one of ${OBJECT_SORTS.join(', ')}` }).default('recent'),
});

export const objectFieldSchema = z
  .object({
    /** HubSpot's internal property name. */
    property: z.string(),
    label: z.string(),
    /** One of the properties a record of this type should always have (the missing-fields flag checks them). */
    key: z.boolean(),
  })
  .meta({ id: 'ObjectField' });

export const invalidValueSchema = z
  .object({
    property: z.string(),
    value: z.string(),
    /**
     * unreadable: not an email address / not a phone number at all; needs-country-code: a
     * phone number that is not a valid number of the default country (US) and has no
     * international prefix, so it cannot be compared with others.
     */
    reason: z.enum(['unreadable', 'needs-country-code']),
  })
  .meta({ id: 'InvalidValue' });

export const recordQualitySchema = z
  .object({
    /** The flags raised, in the order of QUALITY_FLAGS. */
    flags: z.array(z.enum(QUALITY_FLAGS)),
    /** Key properties without a value. */
    missingFields: z.array(z.string()),
    invalidEmails: z.array(invalidValueSchema),
    invalidPhones: z.array(invalidValueSchema),
    /** Whole days since HubSpot last recorded a change (or the creation, without one); null when unknown. */
    daysSinceUpdate: z.number().int().nullable(),
    /** Pending duplicate groups the record belongs to. */
    duplicateGroupIds: z.array(z.number().int()),
  })
  .meta({ id: 'RecordQuality' });

export const objectRecordSummarySchema = z
  .object({
    /** The HubSpot record id. */
    id: z.string(),
    /** What people call the record: a contact's name (or email), a company's name (or domain), a deal's or ticket's name. */
    name: z.string().nullable(),
    /** The properties the list shows and searches (see `fields`), not every property. */
    properties: z.record(z.string(), z.string().nullable()),
    createdAt: z.iso.datetime().nullable(),
    updatedAt: z.iso.datetime().nullable(),
    quality: recordQualitySchema,
  })
  .meta({ id: 'ObjectRecordSummary' });

export const objectRecordPageSchema = z
  .object({
    objectType: z.enum(OBJECT_TYPES),
    records: z.array(objectRecordSummarySchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Records matching the search and flag, over all pages. */
    total: z.number().int(),
    /** Over every live record of the type, whatever the search and flag: `all`, and the records raising each flag. */
    counts: z.object({
      all: z.number().int(),
      'missing-fields': z.number().int(),
      'invalid-email': z.number().int(),
      'invalid-phone': z.number().int(),
      stale: z.number().int(),
      'possible-duplicate': z.number().int(),
    }) satisfies z.ZodType<Record<'all' | QualityFlag, number>>,
    /** Labels of the properties in `records[].properties`, key properties first. */
    fields: z.array(objectFieldSchema),
    /** The portal's names for the owner ids, stage ids and option codes on this page. */
    valueLabels: valueLabelsSchema,
    /** The flags this type is checked for: only contacts have an email address, deals and tickets no phone. */
    checks: z.array(z.enum(QUALITY_FLAGS)),
    /** A record not changed for more days than this is stale. */
    staleAfterDays: z.number().int(),
  })
  .meta({ id: 'ObjectRecordPage' });

export const objectRecordSchema = z
  .object({
    objectType: z.enum(OBJECT_TYPES),
    id: z.string(),
    name: z.string().nullable(),
    /** Every property the mirror holds for the record. */
    properties: z.record(z.string(), z.string().nullable()),
    /** A label for each property in `properties` and each key property, key properties first. */
    fields: z.array(objectFieldSchema),
    /** The portal's names for the record's owner id, stage ids and option codes. */
    valueLabels: valueLabelsSchema,
    createdAt: z.iso.datetime().nullable(),
    updatedAt: z.iso.datetime().nullable(),
    /** When DataCleaner last copied the record from HubSpot. */
    syncedAt: z.iso.datetime(),
    quality: recordQualitySchema,
    /** The pending duplicate groups the record is in, most certain first. */
    duplicateGroups: z.array(duplicateGroupSchema),
    checks: z.array(z.enum(QUALITY_FLAGS)),
    staleAfterDays: z.number().int(),
  })
  .meta({ id: 'ObjectRecord' });

export type ObjectRecordsQuery = z.infer<typeof objectRecordsQuerySchema>;
export type ObjectField = z.infer<typeof objectFieldSchema>;
export type InvalidValue = z.infer<typeof invalidValueSchema>;
export type RecordQuality = z.infer<typeof recordQualitySchema>;
export type ObjectRecordSummary = z.infer<typeof objectRecordSummarySchema>;
export type ObjectRecordPage = z.infer<typeof objectRecordPageSchema>;
export type ObjectRecordView = z.infer<typeof objectRecordSchema>;
