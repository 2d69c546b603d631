import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { InvalidValue, ObjectRecordPage, ObjectRecordsQuery, ObjectRecordSummary, ObjectRecordView, QualityFlag, RecordQuality } from '../../../shared/contracts/objects';
import { orderProperties } from '../../../shared/crm-properties';
import { labelsFor } from '../../../shared/value-labels';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { crmConnections, crmRecords, duplicateGroups } from '../../db/schema';
import { userValueLabels } from '../hubspot';
import { findDuplicateGroup } from '../scans';
import { OBJECT_FIELDS, checksOf, fieldsOf } from './object-fields';
import { phoneProblem } from './phone-quality';
import { DAY_MS, STALE_AFTER_DAYS, allOf, anyOf, flagCondition, groupMembers, lastChange, liveRecordsOf, namesWhere, prop, qualitySql, type QualitySql } from './quality-sql';
import { typeQualitySummary } from './type-quality-summary';

/** Words of a search beyond this many are ignored: each one is another pass over every searched property. */
const MAX_SEARCH_WORDS = 6;

/** The record's name as SQL: the first of the type's name parts that is not empty. */
export function nameSql(objectType: ObjectType): SQL<string | null> {
  const parts = OBJECT_FIELDS[objectType].nameParts.map((names) => sql`nullif(btrim(${sql.join(names.map((name) => sql`coalesce(${prop(name)}, '')`), sql` || ' ' || `)}), '')`);
  return sql<string | null>`coalesce(${sql.join(parts, sql`, `)})`;
}

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word must appear in one of the searched properties, or be the record id. */
function searchCondition(objectType: ObjectType, search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return undefined;
  const fields = OBJECT_FIELDS[objectType].searchFields;
  return allOf(words.map((word) => anyOf([...fields.map((name) => sql`${prop(name)} ilike ${`%${escapeLike(word)}%`}`), sql`${crmRecords.hubspotId} = ${word}`])));
}

function orderOf(objectType: ObjectType, sort: ObjectRecordsQuery['sort']): SQL[] {
  switch (sort) {
    case 'recent':
      return [sql`${lastChange} desc nulls last`, asc(crmRecords.hubspotId)];
    case 'oldest':
      return [sql`${lastChange} asc nulls last`, asc(crmRecords.hubspotId)];
    case 'name':
      return [sql`lower(${nameSql(objectType)}) asc nulls last`, asc(crmRecords.hubspotId)];
  }
}

/** Lets a lookup by id use the mirror's primary key, which starts with the connection. */
const ofUsersConnections = (db: Db, userId: number) => inArray(crmRecords.connectionId, db.select({ id: crmConnections.id }).from(crmConnections).where(eq(crmConnections.userId, userId)));

/** A record's own columns and the parts of its quality SQL can tell. */
function recordColumns(objectType: ObjectType, quality: QualitySql) {
  return {
    id: crmRecords.hubspotId,
    name: nameSql(objectType),
    properties: crmRecords.properties,
    createdAt: crmRecords.hubspotCreatedAt,
    updatedAt: crmRecords.hubspotUpdatedAt,
    syncedAt: crmRecords.syncedAt,
    missing: namesWhere(quality.missing),
    invalidEmails: namesWhere(quality.invalidEmail),
    stale: sql<boolean>`${quality.stale}`,
  };
}

interface RecordRow {
  id: string;
  properties: Record<string, string | null>;
  createdAt: Date | null;
  updatedAt: Date | null;
  missing: string[];
  invalidEmails: string[];
  stale: boolean;
}

/** The pending duplicate groups of each of these records, most certain first. */
async function pendingGroupsOf(db: Db, userId: number, objectType: ObjectType, ids: readonly string[]): Promise<Map<string, number[]>> {
  const byRecord = new Map<string, number[]>();
  if (ids.length === 0) return byRecord;
  const memberId = sql<string>`member ->> 'id'`;
  const rows = await db
    .select({ groupId: duplicateGroups.id, recordId: memberId })
    .from(duplicateGroups)
    .crossJoin(groupMembers)
    .where(and(eq(duplicateGroups.userId, userId), eq(duplicateGroups.objectType, objectType), eq(duplicateGroups.status, 'pending'), inArray(memberId, [...ids])))
    .orderBy(desc(duplicateGroups.confidence), desc(duplicateGroups.id));
  for (const row of rows) {
    const groups = byRecord.get(row.recordId) ?? [];
    if (!groups.includes(row.groupId)) groups.push(row.groupId);
    byRecord.set(row.recordId, groups);
  }
  return byRecord;
}

function qualityOf(objectType: ObjectType, row: RecordRow, duplicateGroupIds: number[], asOf: Date): RecordQuality {
  const invalidEmails = row.invalidEmails.map((property): InvalidValue => ({ property, value: row.properties[property] ?? '', reason: 'unreadable' }));
  const invalidPhones = OBJECT_FIELDS[objectType].phoneFields.flatMap((property): InvalidValue[] => {
    const value = row.properties[property];
    const problem = value ? phoneProblem(value) : null;
    return value && problem ? [{ property, value, reason: problem }] : [];
  });
  const changed = row.updatedAt ?? row.createdAt;
  const raised: Record<QualityFlag, boolean> = {
    'missing-fields': row.missing.length > 0,
    'invalid-email': invalidEmails.length > 0,
    'invalid-phone': invalidPhones.length > 0,
    stale: row.stale,
    'possible-duplicate': duplicateGroupIds.length > 0,
  };
  return {
    flags: (Object.keys(raised) as QualityFlag[]).filter((flag) => raised[flag]),
    missingFields: row.missing,
    invalidEmails,
    invalidPhones,
    daysSinceUpdate: changed ? Math.max(0, Math.floor((asOf.getTime() - changed.getTime()) / DAY_MS)) : null,
    duplicateGroupIds,
  };
}

/** Cross joins the quality lookups when a condition reads them; they cost a pass over the user's groups. */
function withLookups<T extends PgSelect>(query: T, lookups: SQL | null): T {
  // The selected columns are given, so the join changes the SQL and not the result's type.
  return lookups ? (query.crossJoin(lookups) as unknown as T) : query;
}

/** One page of the user's live records of a type, with each record's quality and the counts of every flag over the type. */
export async function listObjectRecords(db: Db, userId: number, objectType: ObjectType, query: ObjectRecordsQuery, now = new Date()): Promise<ObjectRecordPage> {
  const summary = await typeQualitySummary(db, userId, objectType, now);
  const quality = qualitySql(objectType, userId, summary.asOf, summary.invalidPhoneValues);
  const search = searchCondition(objectType, query.search);
  const where = and(liveRecordsOf(userId, objectType), search, query.flag ? flagCondition(query.flag, quality) : undefined);

  // The page's ids first, reading only what the filter and order need; the rest for 25 records.
  const needsLookups = query.flag === 'invalid-phone' || query.flag === 'possible-duplicate';
  const lookups = needsLookups ? quality.lookups : null;
  const idColumns = { id: crmRecords.hubspotId, ...(search ? { total: sql<number>`(count(*) over ())::int` } : {}) };
  const page = await withLookups(db.select(idColumns).from(crmRecords).$dynamic(), lookups)
    .where(where)
    .orderBy(...orderOf(objectType, query.sort))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const ids = page.map((row) => row.id);
  let total = search ? (page[0]?.total ?? 0) : summary.counts[query.flag ?? 'all'];
  // Past the last page of a search no row carries the total.
  if (search && page.length === 0 && query.page > 1) total = (await withLookups(db.select({ total: sql<number>`count(*)::int` }).from(crmRecords).$dynamic(), lookups).where(where))[0]?.total ?? 0;

  const [rows, groups] = await Promise.all([
    ids.length ? db.select(recordColumns(objectType, quality)).from(crmRecords).where(and(liveRecordsOf(userId, objectType), ofUsersConnections(db, userId), inArray(crmRecords.hubspotId, ids))) : [],
    pendingGroupsOf(db, userId, objectType, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const summaryFields = OBJECT_FIELDS[objectType].summaryFields;
  const records = ids.flatMap((id): ObjectRecordSummary[] => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id,
        name: row.name,
        properties: Object.fromEntries(summaryFields.map((name) => [name, row.properties[name] ?? null])),
        createdAt: row.createdAt?.toISOString() ?? null,
        updatedAt: row.updatedAt?.toISOString() ?? null,
        quality: qualityOf(objectType, row, groups.get(id) ?? [], summary.asOf),
      },
    ];
  });
  return {
    objectType,
    records,
    page: query.page,
    pageSize: query.pageSize,
    total,
    counts: summary.counts,
    fields: fieldsOf(objectType, summaryFields),
    valueLabels: labelsFor(await userValueLabels(db, userId, objectType, records), records),
    checks: checksOf(objectType),
    staleAfterDays: STALE_AFTER_DAYS,
  };
}

export type FindRecordResult = { found: ObjectRecordView } | { gone: { mergedIntoId: string | null } } | null;

/**
 * One of the user's records with all its properties, its quality and its pending duplicate
 * groups. A record HubSpot deleted or merged away is `gone`; another user's is null like an unknown id.
 */
export async function findObjectRecord(db: Db, userId: number, objectType: ObjectType, id: string, now = new Date()): Promise<FindRecordResult> {
  // Phone values are judged one by one below; the lookups of the list are not needed.
  const quality = qualitySql(objectType, userId, now, []);
  const [row] = await db
    .select({ ...recordColumns(objectType, quality), archived: crmRecords.archived, mergedIntoId: crmRecords.mergedIntoId })
    .from(crmRecords)
    .where(and(eq(crmRecords.userId, userId), ofUsersConnections(db, userId), eq(crmRecords.objectType, objectType), eq(crmRecords.hubspotId, id)))
    .orderBy(asc(crmRecords.archived), desc(crmRecords.syncedAt))
    .limit(1);
  if (!row) return null;
  if (row.archived) return { gone: { mergedIntoId: row.mergedIntoId } };
  const groupIds = (await pendingGroupsOf(db, userId, objectType, [row.id])).get(row.id) ?? [];
  const groups = (await Promise.all(groupIds.map((groupId) => findDuplicateGroup(db, userId, groupId)))).filter((group) => group !== null);
  return {
    found: {
      objectType,
      id: row.id,
      name: row.name,
      properties: row.properties,
      fields: fieldsOf(objectType, orderProperties(objectType, Object.keys(row.properties)), true),
      valueLabels: labelsFor(await userValueLabels(db, userId, objectType, [row]), [row]),
      createdAt: row.createdAt?.toISOString() ?? null,
      updatedAt: row.updatedAt?.toISOString() ?? null,
      syncedAt: row.syncedAt.toISOString(),
      quality: qualityOf(objectType, row, groupIds, now),
      duplicateGroups: groups,
      checks: checksOf(objectType),
      staleAfterDays: STALE_AFTER_DAYS,
    },
  };
}
