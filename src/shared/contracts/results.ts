import { z } from 'zod';
import { DUPLICATE_GROUP_STATUSES } from '../defaults';
import { OBJECT_TYPES } from '../object-types';

/** The scores of SPEC.md section 3, each as stored with a scan (0-100, except the age in days). */
const scores = {
  healthScore: z.number(),
  emptyFieldsPercentage: z.number(),
  avgDataAgeInDays: z.number(),
  updateFrequencyScore: z.number(),
  duplicateScore: z.number(),
  completenessScore: z.number(),
  freshnessScore: z.number(),
  updateFrequencyScoreComponent: z.number(),
};

export const fillRateSchema = z
  .object({
    property: z.string(),
    label: z.string(),
    /** Share of this property in the completeness score. */
    weight: z.number(),
    filled: z.number().int(),
    /** 0-1. */
    rate: z.number(),
  })
  .meta({ id: 'FillRate' });

export const topIssueSchema = z
  .object({
    kind: z.enum(['duplicates', 'missing-values']),
    property: z.string().optional(),
    label: z.string(),
    records: z.number().int(),
    /** 0-1 of the records scanned. */
    share: z.number(),
  })
  .meta({ id: 'TopIssue' });

export const scanSelectionSchema = z
  .object({
    /** Live records of the type in the mirror. */
    inMirror: z.number().int(),
    scanned: z.number().int(),
    /**
     * Why fewer records were scanned than the mirror holds, if they were: the sampling rate, the
     * per-scan cap of Settings (record-limit), or the plan's record limit (plan-limit: an upgrade helps).
     */
    limitedBy: z.enum(['sampling', 'record-limit', 'plan-limit']).nullable(),
    samplingRate: z.number(),
    recordLimit: z.number().int().nullable(),
    /** The plan the scan ran on (free, trial, starter, professional, enterprise); absent in scans before it was kept. */
    plan: z.enum(['free', 'trial', 'starter', 'professional', 'enterprise']).optional(),
  })
  .meta({ id: 'ScanSelection' });

export const objectHealthSchema = z
  .object({
    objectType: z.enum(OBJECT_TYPES),
    /** The scan_history row these results come from. */
    scanId: z.number().int(),
    runId: z.number().int().nullable(),
    timestamp: z.iso.datetime(),
    totalRecords: z.number().int(),
    duplicateRecords: z.number().int(),
    ...scores,
    fillRates: z.array(fillRateSchema),
    topIssues: z.array(topIssueSchema),
    selection: scanSelectionSchema.nullable(),
  })
  .meta({ id: 'ObjectHealth' });

export const healthResultsSchema = z
  .object({
    /** When the newest of these results was stored; null before the first completed scan. */
    lastScanAt: z.iso.datetime().nullable(),
    /** Mean of the object types' health scores weighted by their record counts; null without results. */
    overallHealthScore: z.number().nullable(),
    totalRecords: z.number().int(),
    duplicateRecords: z.number().int(),
    /** The latest completed result per object type; empty before the first scan. */
    objects: z.array(objectHealthSchema),
  })
  .meta({ id: 'HealthResults' });

const objectTypeFilter = z.enum(OBJECT_TYPES, { error: `objectType must be one of ${OBJECT_TYPES.join(', ')}` }).optional();

export const wholeNumberParam = (label: string, min: number, max: number) => {
  const range = `${label} must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: range }).int(range).min(min, range).max(max, range);
};

export const historicalTrendsQuerySchema = z.object({
  objectType: objectTypeFilter,
  /** How far back to look. */
  days: wholeNumberParam('days', 1, 365).default(90),
});

export const trendPointSchema = z
  .object({
    scanId: z.number().int(),
    timestamp: z.iso.datetime(),
    healthScore: z.number(),
    completenessScore: z.number(),
    freshnessScore: z.number(),
    duplicateScore: z.number(),
    updateFrequencyScore: z.number(),
    totalRecords: z.number().int(),
    duplicateRecords: z.number().int(),
  })
  .meta({ id: 'TrendPoint' });

export const historicalTrendsSchema = z
  .object({
    days: z.number().int(),
    /** Per object type asked for, its completed scans in the period, oldest first (at most the newest 500). */
    series: z.array(z.object({ objectType: z.enum(OBJECT_TYPES), points: z.array(trendPointSchema) })),
  })
  .meta({ id: 'HistoricalTrends' });

export const objectTypeQuerySchema = z.object({ objectType: objectTypeFilter });

export const fieldDuplicationSchema = z
  .object({
    field: z.string(),
    label: z.string(),
    /** The HubSpot properties the value is read from. */
    properties: z.array(z.string()),
    recordsWithValue: z.number().int(),
    /** Records whose normalized value at least one other record has too. */
    duplicateRecords: z.number().int(),
    /** 0-1 of all records scanned. */
    share: z.number(),
  })
  .meta({ id: 'FieldDuplication' });

export const duplicationByFieldSchema = z
  .object({
    /** Per object type with a completed scan: how its latest scan's key fields repeat. */
    objects: z.array(
      z.object({
        objectType: z.enum(OBJECT_TYPES),
        scanId: z.number().int(),
        timestamp: z.iso.datetime(),
        totalRecords: z.number().int(),
        fields: z.array(fieldDuplicationSchema),
      }),
    ),
  })
  .meta({ id: 'DuplicationByField' });

export const DUPLICATE_SORTS = ['confidence', 'newest'] as const;

const confidenceParam = (label: string) => z.coerce.number({ error: `${label} must be a number from 0 to 1` }).min(0, `${label} must be from 0 to 1`).max(1, `${label} must be from 0 to 1`).optional();

export const duplicateGroupsQuerySchema = z
  .object({
    objectType: objectTypeFilter,
    /** 'all' for every status. */
    status: z.enum([...DUPLICATE_GROUP_STATUSES, 'all'], { error: `status must be one of ${[...DUPLICATE_GROUP_STATUSES, 'all'].join(', ')}` }).default('pending'),
    /** Match probability, 0-1, as stored with the group. */
    minConfidence: confidenceParam('minConfidence'),
    maxConfidence: confidenceParam('maxConfidence'),
    page: wholeNumberParam('page', 1, 100_000).default(1),
    pageSize: wholeNumberParam('pageSize', 1, 100).default(25),
    /** confidence: most certain first; newest: most recently found first. */
    sort: z.enum(DUPLICATE_SORTS, { error: `sort must be one of ${DUPLICATE_SORTS.join(', ')}` }).default('confidence'),
    /** Only groups found at or after this time: notifications link to the groups a scan found. */
    since: z.iso.datetime({ offset: true, error: 'since must be a date and time such as 2025-03-10T08:00:00Z' }).optional(),
  })
  .refine((q) => q.minConfidence === undefined || q.maxConfidence === undefined || q.minConfidence <= q.maxConfidence, {
    message: 'minConfidence must not be above maxConfidence',
    path: ['minConfidence'],
  });

/** Property -> raw value -> the portal's label for it (shared/value-labels.ts); values without one are left out. */
export const valueLabelsSchema = z.record(z.string(), z.record(z.string(), z.string())).meta({ id: 'ValueLabels' });

export const duplicateRecordSchema = z
  .object({
    /** The HubSpot record id. */
    id: z.string(),
    /** The suggested survivor of a merge. */
    isPrimary: z.boolean(),
    properties: z.record(z.string(), z.unknown()),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'DuplicateRecord' });

export const fieldContributionSchema = z
  .object({
    field: z.string(),
    label: z.string(),
    /** What the two values reached, e.g. "exact match". */
    level: z.string(),
    exact: z.boolean(),
    /** Match weight this field added, in bits; 0 when a value is missing. */
    weight: z.number(),
    valueA: z.string(),
    valueB: z.string(),
  })
  .meta({ id: 'FieldContribution' });

export const pairExplanationSchema = z
  .object({
    a: z.string(),
    b: z.string(),
    /** Total match weight in bits: prior plus every field's contribution. */
    weight: z.number(),
    probability: z.number(),
    priorWeight: z.number(),
    fields: z.array(fieldContributionSchema),
  })
  .meta({ id: 'PairExplanation' });

export const duplicateGroupSchema = z
  .object({
    id: z.number().int(),
    objectType: z.enum(OBJECT_TYPES),
    /** The scan_history row that found the group. */
    scanId: z.number().int(),
    /** What the records share, e.g. "email" or "firstname+lastname+phone". */
    matchKey: z.string(),
    /** Mean match probability of the group's pairs, 0-1. */
    confidence: z.number(),
    status: z.enum(DUPLICATE_GROUP_STATUSES),
    primaryRecordId: z.string().nullable(),
    records: z.array(duplicateRecordSchema),
    /** Why each pair matched: every field's contribution with both values. */
    explanations: z.array(pairExplanationSchema),
    /** What the portal calls the records' owner ids, pipeline and stage ids and option codes: property -> value -> label. */
    valueLabels: valueLabelsSchema,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'DuplicateGroup' });

export const duplicateGroupPageSchema = z
  .object({
    groups: z.array(duplicateGroupSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Groups matching the filters, over all pages. */
    total: z.number().int(),
  })
  .meta({ id: 'DuplicateGroupPage' });

export type HealthResults = z.infer<typeof healthResultsSchema>;
export type ObjectHealth = z.infer<typeof objectHealthSchema>;
export type HistoricalTrends = z.infer<typeof historicalTrendsSchema>;
export type DuplicationByField = z.infer<typeof duplicationByFieldSchema>;
export type DuplicateGroupsQuery = z.infer<typeof duplicateGroupsQuerySchema>;
export type DuplicateGroupView = z.infer<typeof duplicateGroupSchema>;
export type DuplicateGroupPage = z.infer<typeof duplicateGroupPageSchema>;
