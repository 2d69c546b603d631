import { and, asc, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { ObjectField, QualityFlag } from '../../../shared/contracts/objects';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { crmRecords } from '../../db/schema';
import { fieldsOf, OBJECT_FIELDS } from './object-fields';
import { nameSql } from './object-queries';
import { blank, flagCondition, liveRecordsOf, qualitySql } from './quality-sql';
import { typeQualitySummary } from './type-quality-summary';

/** Property names a filter may name: HubSpot's internal names (the SQL quotes nothing else). */
export const PROPERTY_NAME_PATTERN = /^[a-z0-9_]{1,100}$/;

export interface RecordFilter {
  flag?: QualityFlag;
  /** Only records where this property is blank. */
  missingProperty?: string;
  /** Created at or after this time. */
  createdFrom?: Date;
  /** Created before this time. */
  createdBefore?: Date;
}

export interface SampledRecord {
  id: string;
  name: string | null;
  /** The type's key properties only (and the filtered one): what a sample needs to be recognised. */
  properties: Record<string, string | null>;
  createdAt: string | null;
}

export interface RecordSample {
  /** Live records matching the filter. */
  total: number;
  /** Live records of the type in the mirror. */
  inMirror: number;
  fields: ObjectField[];
  /** The newest matching records first, at most `limit`. */
  records: SampledRecord[];
}

/**
 * How many of the user's live records of a type match quality flags, a blank property and a
 * creation window, with a few of them: counts for any question, a small sample to show.
 */
export async function sampleRecords(db: Db, userId: number, objectType: ObjectType, filter: RecordFilter, limit: number, now = new Date()): Promise<RecordSample> {
  if (filter.missingProperty !== undefined && !PROPERTY_NAME_PATTERN.test(filter.missingProperty)) throw new Error(`Not a property name: ${filter.missingProperty}`);
  const summary = await typeQualitySummary(db, userId, objectType, now);
  const quality = qualitySql(objectType, userId, summary.asOf, summary.invalidPhoneValues);
  const conditions: (SQL | undefined)[] = [
    liveRecordsOf(userId, objectType),
    filter.flag ? flagCondition(filter.flag, quality) : undefined,
    filter.missingProperty ? blank(filter.missingProperty) : undefined,
    filter.createdFrom ? gte(crmRecords.hubspotCreatedAt, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(crmRecords.hubspotCreatedAt, filter.createdBefore) : undefined,
  ];
  const where = and(...conditions);
  // The flags that read pending groups or rejected phones need the lookups joined.
  const lookups = filter.flag === 'invalid-phone' || filter.flag === 'possible-duplicate' ? quality.lookups : null;
  const total = db.select({ total: sql<number>`count(*)::int` }).from(crmRecords).$dynamic();
  const sample = db
    .select({ id: crmRecords.hubspotId, name: nameSql(objectType), properties: crmRecords.properties, createdAt: crmRecords.hubspotCreatedAt })
    .from(crmRecords)
    .$dynamic();
  const [[counted], rows] = await Promise.all([
    (lookups ? total.crossJoin(lookups) : total).where(where),
    limit > 0
      ? (lookups ? sample.crossJoin(lookups) : sample)
          .where(where)
          .orderBy(sql`${crmRecords.hubspotCreatedAt} desc nulls last`, asc(crmRecords.hubspotId))
          .limit(limit)
      : Promise.resolve([]),
  ]);
  const shown = [...new Set([...OBJECT_FIELDS[objectType].keyFields.map((k) => k.property), ...(filter.missingProperty ? [filter.missingProperty] : [])])];
  return {
    total: Number(counted?.total ?? 0),
    inMirror: summary.counts.all,
    fields: fieldsOf(objectType, shown),
    records: rows.map((row) => ({
      id: row.id,
      name: row.name,
      properties: Object.fromEntries(shown.map((name) => [name, (row.properties as Record<string, string | null>)[name] ?? null])),
      createdAt: row.createdAt?.toISOString() ?? null,
    })),
  };
}
