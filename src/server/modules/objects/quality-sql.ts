import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { QualityFlag } from '../../../shared/contracts/objects';
import type { ObjectType } from '../../../shared/object-types';
import { crmRecords, duplicateGroups } from '../../db/schema';
import { OBJECT_FIELDS } from './object-fields';

/**
 * A record HubSpot has not seen change for more than this many days is stale: a year
 * covers every yearly touchpoint (renewal, event, review), so silence beyond it usually
 * means nobody works with the record any more.
 */
export const STALE_AFTER_DAYS = 365;

export const DAY_MS = 86_400_000;

/** The engine's reading of an email address (normalize/email.ts SIMPLE_EMAIL), on the trimmed, lower-cased value. */
export const EMAIL_PATTERN = '^[^\\s@<>(),;:"]+@[a-z0-9-]+(\\.[a-z0-9-]+)+$';

const PROPERTY_NAME = /^[a-z0-9_]+$/;

/** A property of the row as text; names come from OBJECT_FIELDS, never from a request. */
export function prop(name: string): SQL {
  if (!PROPERTY_NAME.test(name)) throw new Error(`Not a property name: ${name}`);
  return sql`(${crmRecords.properties} ->> ${sql.raw(`'${name}'`)})`;
}

export const blank = (name: string) => sql`coalesce(btrim(${prop(name)}), '') = ''`;
export const anyOf = (conditions: SQL[]) => (conditions.length ? sql`(${sql.join(conditions, sql` or `)})` : sql`false`);
export const allOf = (conditions: SQL[]) => (conditions.length ? sql`(${sql.join(conditions, sql` and `)})` : sql`true`);

/** The names of the properties whose condition holds, as text[]. */
export const namesWhere = (entries: readonly [string, SQL][]) =>
  entries.length ? sql<string[]>`array_remove(array[${sql.join(entries.map(([name, condition]) => sql`case when ${condition} then ${name} end`), sql`, `)}]::text[], null)` : sql<string[]>`array[]::text[]`;

/** When HubSpot last saw the record change; its creation when it never changed. */
export const lastChange = sql`coalesce(${crmRecords.hubspotUpdatedAt}, ${crmRecords.hubspotCreatedAt})`;

export const liveRecordsOf = (userId: number, objectType: ObjectType) => and(eq(crmRecords.userId, userId), eq(crmRecords.objectType, objectType), eq(crmRecords.archived, false))!;

export interface QualitySql {
  missing: [string, SQL][];
  invalidEmail: [string, SQL][];
  invalidPhone: SQL;
  stale: SQL;
  duplicate: SQL;
  /**
   * A one-row table the conditions read, to cross join: the ids in pending duplicate groups
   * and the rejected phone values, each as the keys of a jsonb object looked up per record.
   * (A hashed `in (subquery)` is not guaranteed: when the planner misjudges the subquery's
   * size it scans it once per record, which took minutes on 100,000 records.)
   */
  lookups: SQL;
}

/**
 * The quality flags as SQL over crm_records, so a whole type is counted and filtered in the
 * database. Phone values cannot be judged in SQL (libphonenumber): the caller passes those
 * it rejected.
 */
export function qualitySql(objectType: ObjectType, userId: number, asOf: Date, invalidPhoneValues: readonly string[]): QualitySql {
  const fields = OBJECT_FIELDS[objectType];
  const staleBefore = new Date(asOf.getTime() - STALE_AFTER_DAYS * DAY_MS).toISOString();
  const badPhones = JSON.stringify(Object.fromEntries(invalidPhoneValues.map((value) => [value, true])));
  return {
    missing: fields.keyFields.map((key) => [key.property, allOf([key.property, ...key.alternatives].map(blank))]),
    invalidEmail: fields.emailFields.map((name) => [name, sql`(not ${blank(name)} and lower(btrim(${prop(name)})) !~ ${EMAIL_PATTERN})`]),
    invalidPhone: invalidPhoneValues.length === 0 ? sql`false` : anyOf(fields.phoneFields.map((name) => sql`coalesce(jsonb_exists(lookups.bad_phones, ${prop(name)}), false)`)),
    stale: sql`coalesce(${lastChange} < ${staleBefore}::timestamptz, false)`,
    duplicate: sql`jsonb_exists(lookups.duplicate_ids, ${crmRecords.hubspotId})`,
    lookups: sql`(select (${pendingGroupMembers(userId, objectType)}) as duplicate_ids, ${badPhones}::jsonb as bad_phones) as lookups`,
  };
}

/** The members of a group's stored records, one row each ('[]' for anything but an array). */
export const groupMembers = sql`lateral jsonb_array_elements(case when jsonb_typeof(${duplicateGroups.records}) = 'array' then ${duplicateGroups.records} else '[]'::jsonb end) as member`;

/** Ids of the records in the user's pending duplicate groups of the type, as the keys of a jsonb object. */
function pendingGroupMembers(userId: number, objectType: ObjectType): SQL {
  return sql`select coalesce(jsonb_object_agg(member ->> 'id', true) filter (where member ->> 'id' is not null), '{}'::jsonb)
    from ${duplicateGroups} cross join ${groupMembers}
    where ${duplicateGroups.userId} = ${userId} and ${duplicateGroups.objectType} = ${objectType} and ${duplicateGroups.status} = 'pending'`;
}

export function flagCondition(flag: QualityFlag, quality: QualitySql): SQL {
  switch (flag) {
    case 'missing-fields':
      return anyOf(quality.missing.map(([, condition]) => condition));
    case 'invalid-email':
      return anyOf(quality.invalidEmail.map(([, condition]) => condition));
    case 'invalid-phone':
      return quality.invalidPhone;
    case 'stale':
      return quality.stale;
    case 'possible-duplicate':
      return quality.duplicate;
  }
}
