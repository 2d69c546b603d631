import { and, sql, type SQL } from 'drizzle-orm';
import type { ObjectRecordPage } from '../../../shared/contracts/objects';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { crmConnections, crmRecords, crmSyncState, duplicateGroups } from '../../db/schema';
import { OBJECT_FIELDS } from './object-fields';
import { phoneProblem } from './phone-quality';
import { flagCondition, liveRecordsOf, prop, qualitySql } from './quality-sql';

type FlagCounts = ObjectRecordPage['counts'];

export interface TypeQualitySummary {
  counts: FlagCounts;
  /** Distinct phone values of the type that cannot be used as phone numbers. */
  invalidPhoneValues: readonly string[];
  /** The time the stale flag was judged at: the same for the counts and the pages that use them. */
  asOf: Date;
}

/**
 * A summary is reused while neither a sync nor the duplicate groups have moved, for at most
 * this long. Computing one reads every record of the type (a second or more for 100,000
 * contacts on the embedded database); paging and searching then cost one query. The limit
 * bounds how long a change that bypasses both (none today) or the clock (the stale flag)
 * can go unseen.
 */
const SUMMARY_MAX_AGE_MS = 60_000;
const MAX_SUMMARIES = 100;

interface CacheEntry {
  version: string;
  asOf: number;
  summary: Promise<TypeQualitySummary>;
}

const cache = new Map<string, CacheEntry>();

/**
 * What changes when the type's records or groups do, read without scanning the records: a
 * sync moves its state at the start, with every page or time window it stores and at the
 * end; a scan replaces groups and a merge or dismissal changes their status. (Counting the
 * records themselves costs as much as a page of the list.)
 */
async function stateOf(db: Db, userId: number, objectType: ObjectType): Promise<string> {
  const [row] = await db
    .select({
      sync: sql<string>`(select coalesce(string_agg(concat_ws(',', ${crmSyncState.connectionId}, ${crmSyncState.lastSyncStartedAt}, ${crmSyncState.lastSyncCompletedAt}, ${crmSyncState.syncedThrough}, ${crmSyncState.cursor}), ';' order by ${crmSyncState.connectionId}), '')
        from ${crmSyncState} join ${crmConnections} on ${crmConnections.id} = ${crmSyncState.connectionId}
        where ${crmConnections.userId} = ${userId} and ${crmSyncState.objectType} = ${objectType})`,
      groups: sql<string>`(select count(*) filter (where ${duplicateGroups.status} = 'pending') || ':' || coalesce(max(${duplicateGroups.id}), 0) || ':' || coalesce(max(${duplicateGroups.updatedAt})::text, '')
        from ${duplicateGroups} where ${duplicateGroups.userId} = ${userId} and ${duplicateGroups.objectType} = ${objectType})`,
    })
    .from(sql`(select 1) as one`);
  return `${row?.sync}|${row?.groups}`;
}

/** The counts of each flag over the user's live records of the type, with the rejected phone values they rest on. */
export async function typeQualitySummary(db: Db, userId: number, objectType: ObjectType, now = new Date()): Promise<TypeQualitySummary> {
  const key = `${userId}:${objectType}`;
  const version = await stateOf(db, userId, objectType);
  const cached = cache.get(key);
  if (cached && cached.version === version && now.getTime() - cached.asOf < SUMMARY_MAX_AGE_MS && now.getTime() >= cached.asOf) return cached.summary;

  const summary = computeSummary(db, userId, objectType, now);
  cache.delete(key);
  cache.set(key, { version, asOf: now.getTime(), summary });
  if (cache.size > MAX_SUMMARIES) cache.delete(cache.keys().next().value!);
  // A failed computation is not kept: the next request tries again.
  summary.catch(() => {
    if (cache.get(key)?.summary === summary) cache.delete(key);
  });
  return summary;
}

async function computeSummary(db: Db, userId: number, objectType: ObjectType, asOf: Date): Promise<TypeQualitySummary> {
  const invalidPhoneValues = await findInvalidPhoneValues(db, userId, objectType);
  const quality = qualitySql(objectType, userId, asOf, invalidPhoneValues);
  const count = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      'missing-fields': count(flagCondition('missing-fields', quality)),
      'invalid-email': count(flagCondition('invalid-email', quality)),
      'invalid-phone': count(flagCondition('invalid-phone', quality)),
      stale: count(flagCondition('stale', quality)),
      'possible-duplicate': count(flagCondition('possible-duplicate', quality)),
    })
    .from(crmRecords)
    .crossJoin(quality.lookups)
    .where(liveRecordsOf(userId, objectType));
  const counts = row ?? { all: 0, 'missing-fields': 0, 'invalid-email': 0, 'invalid-phone': 0, stale: 0, 'possible-duplicate': 0 };
  return { counts, invalidPhoneValues, asOf };
}

/** Phone values judged between two turns of the event loop, so other requests are served meanwhile. */
const JUDGED_PER_TURN = 2_000;

/**
 * The distinct phone values of the type that phoneProblem rejects. libphonenumber cannot run
 * in SQL; values already judged in this process cost a lookup, new ones about 20 µs each.
 */
async function findInvalidPhoneValues(db: Db, userId: number, objectType: ObjectType): Promise<string[]> {
  const phoneFields = OBJECT_FIELDS[objectType].phoneFields;
  if (phoneFields.length === 0) return [];
  const rows = await db
    .selectDistinct({ value: sql<string>`phone.value` })
    .from(crmRecords)
    .crossJoin(sql`lateral unnest(array[${sql.join(phoneFields.map(prop), sql`, `)}]) as phone(value)`)
    .where(and(liveRecordsOf(userId, objectType), sql`btrim(phone.value) <> ''`));
  const invalid: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % JUDGED_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    if (phoneProblem(rows[i]!.value) !== null) invalid.push(rows[i]!.value);
  }
  return invalid;
}
