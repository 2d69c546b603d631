import { DUPLICATE_PENALTY_EXPONENT, FRESHNESS_HALF_LIFE_DAYS, HEALTH_WEIGHTS, RECENT_UPDATE_WINDOW_DAYS, UPDATE_TARGET_SHARE } from '../../shared/health-formula';
import type { RecordList } from '../record-columns';
import type { ObjectType } from '../../shared/object-types';
import { toEpochMs } from '../normalize/date';
import type { EngineRecord } from '../types';
import { CREATED_DATE_PROPERTY, HEALTH_PROPERTIES, MODIFIED_DATE_PROPERTIES, type HealthProperty } from './health-properties';

export { DUPLICATE_PENALTY_EXPONENT, FRESHNESS_HALF_LIFE_DAYS, HEALTH_WEIGHTS, RECENT_UPDATE_WINDOW_DAYS, UPDATE_TARGET_SHARE };

const DAY_MS = 86_400_000;

export interface ComputeHealthOptions {
  /** Epoch milliseconds the ages are measured at: passed in so a report can be reproduced. */
  now: number;
  /** Records in some duplicate group, as found by duplicate detection. */
  duplicateRecordCount: number;
}

export interface FillRate {
  property: string;
  label: string;
  weight: number;
  filled: number;
  /** 0-1. */
  rate: number;
}

export type HealthMetric =
  | 'completenessScore'
  | 'emptyFieldsPercentage'
  | 'avgDataAgeInDays'
  | 'freshnessScore'
  | 'duplicateScore'
  | 'updateFrequencyScore'
  | 'updateFrequencyScoreComponent'
  | 'healthScore';

/** How a metric is computed, in words the help page shows as they are. */
export interface HealthFormula {
  metric: HealthMetric;
  description: string;
}

export interface HealthReport {
  objectType: ObjectType;
  totalRecords: number;
  /** The duplicate count used, limited to 0..totalRecords. */
  duplicateRecords: number;
  /** Records with a modification or creation date: the base of age, freshness and update frequency. */
  datedRecords: number;
  /** Dated records touched within RECENT_UPDATE_WINDOW_DAYS. */
  recentlyUpdatedRecords: number;
  fillRates: FillRate[];
  completenessScore: number;
  emptyFieldsPercentage: number;
  avgDataAgeInDays: number;
  freshnessScore: number;
  duplicateScore: number;
  updateFrequencyScore: number;
  updateFrequencyScoreComponent: number;
  healthScore: number;
  formulas: HealthFormula[];
}

/** The health of one object type's records. Pure: the clock is an input. */
export function computeHealth(records: RecordList, objectType: ObjectType, options: ComputeHealthOptions): HealthReport {
  if (!Number.isFinite(options.now)) throw new RangeError('computeHealth: options.now must be a finite epoch-millisecond time');
  const totalRecords = records.length;
  const fillRates = measureFillRates(records, HEALTH_PROPERTIES[objectType]);
  const ages = measureAges(records, MODIFIED_DATE_PROPERTIES[objectType], options.now);
  const duplicateRecords = clampCount(options.duplicateRecordCount, totalRecords);

  const completenessScore = round1(100 * weightedMeanRate(fillRates));
  const duplicateScore = round1(duplicateScoreFor(ratio(duplicateRecords, totalRecords)));
  const freshnessScore = round1(ratio(ages.freshnessSum, ages.dated));
  const updateFrequencyScore = round1(updateFrequencyScoreFor(ratio(ages.recent, ages.dated)));
  // No records, no health to claim: 0 rather than the 30 the duplicate score alone would give.
  const healthScore =
    totalRecords === 0 ? 0 : combineScores({ completeness: completenessScore, duplicates: duplicateScore, freshness: freshnessScore, updateFrequency: updateFrequencyScore });

  return {
    objectType,
    totalRecords,
    duplicateRecords,
    datedRecords: ages.dated,
    recentlyUpdatedRecords: ages.recent,
    fillRates,
    completenessScore,
    emptyFieldsPercentage: round1(100 * emptyShare(fillRates, totalRecords)),
    avgDataAgeInDays: round1(ratio(ages.ageSumDays, ages.dated)),
    freshnessScore,
    duplicateScore,
    updateFrequencyScore,
    updateFrequencyScoreComponent: round1(HEALTH_WEIGHTS.updateFrequency * updateFrequencyScore),
    healthScore,
    formulas: healthFormulas(objectType),
  };
}

/** The health score from the rounded scores, so that users can redo the sum. */
export function combineScores(scores: Record<keyof typeof HEALTH_WEIGHTS, number>): number {
  const w = HEALTH_WEIGHTS;
  return round1(w.completeness * scores.completeness + w.duplicates * scores.duplicates + w.freshness * scores.freshness + w.updateFrequency * scores.updateFrequency);
}

/** 100 for a record touched now, halving every FRESHNESS_HALF_LIFE_DAYS. */
export function freshnessFor(ageInDays: number): number {
  return 100 * 0.5 ** (Math.max(0, ageInDays) / FRESHNESS_HALF_LIFE_DAYS);
}

/** `rate` is the share (0-1) of records in some duplicate group. */
export function duplicateScoreFor(rate: number): number {
  return 100 * (1 - clamp01(rate)) ** DUPLICATE_PENALTY_EXPONENT;
}

/** `recentShare` is the share (0-1) of dated records touched in the recent window. */
export function updateFrequencyScoreFor(recentShare: number): number {
  return 100 * Math.min(1, clamp01(recentShare) / UPDATE_TARGET_SHARE);
}

/** The formulas of every metric for one object type, built from the constants the code uses. */
export function healthFormulas(objectType: ObjectType): HealthFormula[] {
  const properties = HEALTH_PROPERTIES[objectType];
  const weights = properties.map((p) => `${propertyLabel(p)} ${p.weight}`).join(', ');
  const w = HEALTH_WEIGHTS;
  const examples = [0.02, 0.1, 0.2].map((rate) => `${percent(rate)} scores ${round1(duplicateScoreFor(rate))}`).join(', ');
  const halfLife = FRESHNESS_HALF_LIFE_DAYS;
  return [
    {
      metric: 'completenessScore',
      description: `Completeness (0-100): the weighted average of the fill rates of ${properties.length} key properties, with weights ${weights}. A value counts as filled unless it is missing or blank. 0 when there are no records.`,
    },
    {
      metric: 'emptyFieldsPercentage',
      description: `Empty fields (%): the share of empty values among those ${properties.length} properties over all records, every property counting the same.`,
    },
    {
      metric: 'avgDataAgeInDays',
      description: 'Average data age (days): the mean number of days since each record was last modified, or created when it has no modification date; a date in the future counts as today. Records with neither date are left out.',
    },
    {
      metric: 'freshnessScore',
      description: `Freshness (0-100): each dated record scores 100 x 0.5^(age in days / ${halfLife}), so 100 when just modified, 50 at ${halfLife} days and 25 at ${2 * halfLife} days; the score is the average over dated records, 0 when no record has a date.`,
    },
    {
      metric: 'duplicateScore',
      description: `Duplicates (0-100): 100 x (1 - duplicate rate)^${DUPLICATE_PENALTY_EXPONENT}, where the duplicate rate is the share of records that belong to a duplicate group: ${examples}. 100 when there are no records.`,
    },
    {
      metric: 'updateFrequencyScore',
      description: `Update frequency (0-100): the share of dated records modified or created in the last ${RECENT_UPDATE_WINDOW_DAYS} days, scaled so that ${percent(UPDATE_TARGET_SHARE)} or more scores 100: 100 x min(1, share / ${percent(UPDATE_TARGET_SHARE)}). 0 when no record has a date.`,
    },
    {
      metric: 'updateFrequencyScoreComponent',
      description: `Update frequency component: the update frequency score x ${percent(w.updateFrequency)}, its contribution to the health score.`,
    },
    {
      metric: 'healthScore',
      description: `Health score (0-100): ${percent(w.completeness)} completeness + ${percent(w.duplicates)} duplicates + ${percent(w.freshness)} freshness + ${percent(w.updateFrequency)} update frequency, from the rounded scores. 0 when there are no records. Every score is rounded to one decimal.`,
    },
  ];
}

function measureFillRates(records: RecordList, properties: readonly HealthProperty[]): FillRate[] {
  const filled = new Array<number>(properties.length).fill(0);
  for (const record of records) {
    const values = record.properties ?? {};
    for (let i = 0; i < properties.length; i++) {
      if (isPropertyFilled(values, properties[i]!)) filled[i]!++;
    }
  }
  return properties.map((p, i) => ({
    property: p.property,
    label: p.label,
    weight: p.weight,
    filled: filled[i]!,
    rate: ratio(filled[i]!, records.length),
  }));
}

function isPropertyFilled(values: Readonly<Record<string, unknown>>, property: HealthProperty): boolean {
  if (isFilled(values[property.property])) return true;
  if (!property.alternatives) return false;
  for (const alternative of property.alternatives) if (isFilled(values[alternative.property])) return true;
  return false;
}

/** Only text with something in it and real numbers count: HubSpot sends everything else for "no value". */
function isFilled(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return typeof value === 'number' && Number.isFinite(value);
}

function weightedMeanRate(fillRates: readonly FillRate[]): number {
  let weighted = 0;
  let weights = 0;
  for (const f of fillRates) {
    weighted += f.weight * f.rate;
    weights += f.weight;
  }
  return ratio(weighted, weights);
}

function emptyShare(fillRates: readonly FillRate[], totalRecords: number): number {
  const cells = fillRates.length * totalRecords;
  const filled = fillRates.reduce((sum, f) => sum + f.filled, 0);
  return ratio(cells - filled, cells);
}

interface AgeTotals {
  dated: number;
  ageSumDays: number;
  freshnessSum: number;
  recent: number;
}

function measureAges(records: RecordList, modifiedProperties: readonly string[], now: number): AgeTotals {
  const totals: AgeTotals = { dated: 0, ageSumDays: 0, freshnessSum: 0, recent: 0 };
  for (const record of records) {
    const touched = lastTouched(record, modifiedProperties);
    if (touched === null) continue;
    // A date in the future (clock skew, bad import) is as fresh as now, no fresher.
    const age = Math.max(0, (now - touched) / DAY_MS);
    totals.dated++;
    totals.ageSumDays += age;
    totals.freshnessSum += freshnessFor(age);
    if (age <= RECENT_UPDATE_WINDOW_DAYS) totals.recent++;
  }
  return totals;
}

/** Last modification, else creation: epoch ms, or null when the record carries neither. */
function lastTouched(record: EngineRecord, modifiedProperties: readonly string[]): number | null {
  const values = record.properties ?? {};
  for (const name of modifiedProperties) {
    const time = readTime(values[name]);
    if (time !== null) return time;
  }
  return readTime(record.updatedAt) ?? readTime(values[CREATED_DATE_PROPERTY]);
}

/** HubSpot writes dates as ISO text or epoch milliseconds. */
const HUBSPOT_DATE_TEXT = /^\s*(?:\d{4}-\d{2}-\d{2}|\d{11,14}\s*$)/;

/** Epoch ms, or null. Loose text ("0", "10") is not read: Date.parse would make it a date in 2000. */
function readTime(value: unknown): number | null {
  const readable = value instanceof Date || typeof value === 'number' || (typeof value === 'string' && HUBSPOT_DATE_TEXT.test(value));
  if (!readable) return null;
  const time = toEpochMs(value);
  // Epoch 0 and earlier is a placeholder, not a date anyone entered.
  return time > 0 ? time : null;
}

function propertyLabel(property: HealthProperty): string {
  return [property.label, ...(property.alternatives ?? []).map((a) => a.label)].join(' or ');
}

function clampCount(count: number, total: number): number {
  return Number.isNaN(count) ? 0 : Math.min(total, Math.max(0, Math.round(count)));
}

function ratio(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function percent(share: number): string {
  return `${round1(share * 100)}%`;
}
