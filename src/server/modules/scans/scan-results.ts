import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  duplicateRecordSchema,
  fieldDuplicationSchema,
  fillRateSchema,
  pairExplanationSchema,
  scanSelectionSchema,
  topIssueSchema,
  type DuplicateGroupPage,
  type DuplicateGroupsQuery,
  type DuplicateGroupView,
  type DuplicationByField,
  type HealthResults,
  type HistoricalTrends,
  type ObjectHealth,
} from '../../../shared/contracts/results';
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import { labelsFor, type ValueLabels } from '../../../shared/value-labels';
import type { Db } from '../../db/client';
import { userValueLabels } from '../hubspot';
import { duplicateGroups, scanHistory, type DuplicateGroup, type ScanHistory } from '../../db/schema';

/** Points per object type a trend answers with at most: years of daily scans. */
export const TREND_POINTS_CAP = 500;

const DAY_MS = 86_400_000;

/**
 * The parts of a stored scanData the dashboard reads. Each falls back on its own, so a row
 * written by an older scan (or by hand) still shows what it has instead of failing the page.
 */
const storedScanData = z.object({
  fillRates: z.array(fillRateSchema).catch([]),
  topIssues: z.array(topIssueSchema).catch([]),
  selection: scanSelectionSchema.nullable().catch(null),
  duplicationByField: z.array(fieldDuplicationSchema).catch([]),
});

function parseScanData(text: string | null): z.infer<typeof storedScanData> {
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  return storedScanData.parse(raw !== null && typeof raw === 'object' ? raw : {});
}

const completedScansOf = (userId: number) => and(eq(scanHistory.userId, userId), eq(scanHistory.status, 'completed'));

/** Per object type, its newest completed scan_history row, in the order of OBJECT_TYPES. */
async function latestCompletedScans(db: Db, userId: number, objectType?: ObjectType): Promise<ScanHistory[]> {
  const rows = await db
    .selectDistinctOn([scanHistory.objectType])
    .from(scanHistory)
    .where(and(completedScansOf(userId), objectType ? eq(scanHistory.objectType, objectType) : undefined))
    .orderBy(scanHistory.objectType, desc(scanHistory.timestamp), desc(scanHistory.id));
  return OBJECT_TYPES.flatMap((type) => rows.filter((row) => row.objectType === type));
}

export async function latestResults(db: Db, userId: number): Promise<HealthResults> {
  const objects = (await latestCompletedScans(db, userId)).map(objectHealth);
  const totalRecords = objects.reduce((sum, o) => sum + o.totalRecords, 0);
  const weighted = totalRecords > 0 ? objects.reduce((sum, o) => sum + o.healthScore * o.totalRecords, 0) / totalRecords : objects.reduce((sum, o) => sum + o.healthScore, 0) / objects.length;
  return {
    lastScanAt: objects.reduce<string | null>((latest, o) => (latest === null || o.timestamp > latest ? o.timestamp : latest), null),
    overallHealthScore: objects.length > 0 ? Math.round(weighted * 10) / 10 : null,
    totalRecords,
    duplicateRecords: objects.reduce((sum, o) => sum + o.duplicateRecords, 0),
    objects,
  };
}

function objectHealth(row: ScanHistory): ObjectHealth {
  const data = parseScanData(row.scanData);
  return {
    objectType: row.objectType as ObjectType,
    scanId: row.id,
    runId: row.runId,
    timestamp: row.timestamp.toISOString(),
    totalRecords: row.totalRecords,
    duplicateRecords: row.duplicateRecords,
    healthScore: row.healthScore,
    emptyFieldsPercentage: row.emptyFieldsPercentage,
    avgDataAgeInDays: row.avgDataAgeInDays,
    updateFrequencyScore: row.updateFrequencyScore,
    duplicateScore: row.duplicateScore,
    completenessScore: row.completenessScore,
    freshnessScore: row.freshnessScore,
    updateFrequencyScoreComponent: row.updateFrequencyScoreComponent,
    fillRates: data.fillRates,
    topIssues: data.topIssues,
    selection: data.selection,
  };
}

export async function historicalTrends(db: Db, userId: number, query: { objectType?: ObjectType; days: number }, now = new Date()): Promise<HistoricalTrends> {
  const since = new Date(now.getTime() - query.days * DAY_MS);
  const types = query.objectType ? [query.objectType] : OBJECT_TYPES;
  const series = await Promise.all(
    types.map(async (objectType) => {
      // Newest first so the cap keeps the recent end of a long history, then oldest first for charts.
      const rows = await db
        .select({
          scanId: scanHistory.id,
          timestamp: scanHistory.timestamp,
          healthScore: scanHistory.healthScore,
          completenessScore: scanHistory.completenessScore,
          freshnessScore: scanHistory.freshnessScore,
          duplicateScore: scanHistory.duplicateScore,
          updateFrequencyScore: scanHistory.updateFrequencyScore,
          totalRecords: scanHistory.totalRecords,
          duplicateRecords: scanHistory.duplicateRecords,
        })
        .from(scanHistory)
        .where(and(completedScansOf(userId), eq(scanHistory.objectType, objectType), gte(scanHistory.timestamp, since)))
        .orderBy(desc(scanHistory.timestamp), desc(scanHistory.id))
        .limit(TREND_POINTS_CAP);
      return { objectType, points: rows.reverse().map((row) => ({ ...row, timestamp: row.timestamp.toISOString() })) };
    }),
  );
  return { days: query.days, series };
}

export async function duplicationByField(db: Db, userId: number, objectType?: ObjectType): Promise<DuplicationByField> {
  const rows = await latestCompletedScans(db, userId, objectType);
  return {
    objects: rows.map((row) => ({
      objectType: row.objectType as ObjectType,
      scanId: row.id,
      timestamp: row.timestamp.toISOString(),
      totalRecords: row.totalRecords,
      fields: parseScanData(row.scanData).duplicationByField,
    })),
  };
}

export async function listDuplicateGroups(db: Db, userId: number, query: DuplicateGroupsQuery): Promise<DuplicateGroupPage> {
  const filters: (SQL | undefined)[] = [
    eq(duplicateGroups.userId, userId),
    query.objectType ? eq(duplicateGroups.objectType, query.objectType) : undefined,
    query.status !== 'all' ? eq(duplicateGroups.status, query.status) : undefined,
    query.minConfidence !== undefined ? gte(duplicateGroups.confidence, query.minConfidence) : undefined,
    query.maxConfidence !== undefined ? lte(duplicateGroups.confidence, query.maxConfidence) : undefined,
    query.since !== undefined ? gte(duplicateGroups.createdAt, new Date(query.since)) : undefined,
  ];
  const where = and(...filters);
  const order = query.sort === 'newest' ? [desc(duplicateGroups.createdAt), desc(duplicateGroups.id)] : [desc(duplicateGroups.confidence), desc(duplicateGroups.id)];
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(duplicateGroups).where(where),
    db
      .select()
      .from(duplicateGroups)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  const labels = await labelsByType(db, userId, rows);
  return { groups: rows.map((row) => duplicateGroupView(row, labels.get(row.objectType))), page: query.page, pageSize: query.pageSize, total: Number(total) };
}

/** The portal's value labels for each object type among these groups. */
async function labelsByType(db: Db, userId: number, rows: readonly DuplicateGroup[]): Promise<Map<string, ValueLabels>> {
  const types = [...new Set(rows.map((row) => row.objectType as ObjectType))];
  const recordsOf = (type: ObjectType) => rows.filter((row) => row.objectType === type).flatMap((row) => validItems(row.records, duplicateRecordSchema));
  return new Map(await Promise.all(types.map(async (type) => [type, await userValueLabels(db, userId, type, recordsOf(type))] as const)));
}

export async function findDuplicateGroup(db: Db, userId: number, id: number): Promise<DuplicateGroupView | null> {
  const [row] = await db
    .select()
    .from(duplicateGroups)
    .where(and(eq(duplicateGroups.id, id), eq(duplicateGroups.userId, userId)))
    .limit(1);
  return row ? duplicateGroupView(row, await userValueLabels(db, userId, row.objectType as ObjectType, validItems(row.records, duplicateRecordSchema))) : null;
}

/** Stored JSON is read item by item: one malformed entry is left out, not the whole group. */
function validItems<T>(items: readonly unknown[] | null, schema: z.ZodType<T>): T[] {
  return (items ?? []).flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function duplicateGroupView(row: DuplicateGroup, labels: ValueLabels = {}): DuplicateGroupView {
  const records = validItems(row.records, duplicateRecordSchema);
  return {
    id: row.id,
    objectType: row.objectType as ObjectType,
    scanId: row.scanId,
    matchKey: row.matchKey,
    confidence: row.confidence,
    status: row.status as DuplicateGroupView['status'],
    primaryRecordId: row.primaryRecordId,
    records,
    explanations: validItems(row.explanations, pairExplanationSchema),
    valueLabels: labelsFor(labels, records),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
