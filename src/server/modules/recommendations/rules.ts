import type { Recommendation, RecommendationAction, RecommendationSeverity } from '../../../shared/contracts/recommendations';
import type { ObjectHealth } from '../../../shared/contracts/results';
import { DUPLICATE_PENALTY_EXPONENT, HEALTH_WEIGHTS } from '../../../shared/health-formula';
import type { ObjectType } from '../../../shared/object-types';

const DAY_MS = 86_400_000;
const OBJECT_TYPE_LABELS: Readonly<Record<ObjectType, string>> = { contacts: 'Contacts', companies: 'Companies', deals: 'Deals', tickets: 'Tickets' };

/** Groups at or above this confidence are "very likely" on the duplicates page too. */
export const HIGH_CONFIDENCE = 0.95;
/** Pending groups of a type worth a recommendation of their own. */
export const MIN_PENDING_GROUPS = 3;
/** A key property filled in fewer records than this share is worth filling. */
export const LOW_FILL_RATE = 0.8;
/** Stale records above this share of the mirror are worth a review. */
export const STALE_SHARE = 0.2;
/** A drop of at least this many health points since the previous scan is reported. */
export const HEALTH_DROP_POINTS = 5;
/** A last scan older than this many days no longer describes the portal. */
export const OUTDATED_SCAN_DAYS = 30;

/** The properties each type's records most need, by the rule that checks them. */
export const KEY_PROPERTIES: Readonly<Record<ObjectType, readonly string[]>> = {
  contacts: ['email', 'phone'],
  companies: ['domain', 'phone'],
  deals: ['amount', 'closedate'],
  tickets: [],
};

export interface FlagCounts {
  /** Live records of the type in the mirror. */
  all: number;
  'invalid-email': number;
  'invalid-phone': number;
  stale: number;
}

export interface PendingGroups {
  groups: number;
  /** Records in those groups. */
  records: number;
  highConfidenceGroups: number;
}

export interface TypeFindings {
  objectType: ObjectType;
  /** Its newest completed scan, as GET /api/hubspot/results reports it; null if never scanned. */
  latest: ObjectHealth | null;
  /** The health score of the completed scan before it. */
  previousHealthScore: number | null;
  pending: PendingGroups;
  /** Flag counts over the mirror (the object list's); null when they could not be read. */
  flags: FlagCounts | null;
}

export interface RuleSettings {
  objectsToAnalyze: readonly ObjectType[];
  analysisFrequency: string;
  enableFuzzyMatching: boolean;
  enablePhoneticMatching: boolean;
  automaticCleanupEnabled: boolean;
  /** Whether the plan offers automatic cleanup (Professional and up, and the trial). */
  automaticCleanupAllowed: boolean;
}

export interface RuleInput {
  now: Date;
  types: readonly TypeFindings[];
  settings: RuleSettings;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const percentOf = (part: number, whole: number) => (whole > 0 ? round1((100 * part) / whole) : null);
const label = (type: ObjectType) => OBJECT_TYPE_LABELS[type].toLowerCase();
const csvHref = (key: string) => `/api/hubspot/recommendations/${key}/records.csv`;

/** Points the health score moves when the duplicate score does, by the formula the scans use. */
export function duplicateGainPoints(totalRecords: number, duplicateRecords: number, groupRecords: number, groups: number): number {
  if (totalRecords <= 0) return 0;
  const score = (rate: number) => 100 * (1 - Math.min(1, Math.max(0, rate))) ** DUPLICATE_PENALTY_EXPONENT;
  const before = score(duplicateRecords / totalRecords);
  // Merging a group keeps one record of it: the others leave the portal and the duplicate count.
  const remaining = totalRecords - (groupRecords - groups);
  const after = remaining > 0 ? score(Math.max(0, duplicateRecords - groupRecords) / remaining) : 100;
  return round1(HEALTH_WEIGHTS.duplicates * (after - before));
}

/** Points the health score gains when one property is filled in every record, by the completeness formula. */
export function fillGainPoints(health: ObjectHealth, property: string): number {
  const weights = health.fillRates.reduce((sum, f) => sum + f.weight, 0);
  const fill = health.fillRates.find((f) => f.property === property);
  if (!fill || weights <= 0) return 0;
  return round1(HEALTH_WEIGHTS.completeness * ((100 * fill.weight * (1 - fill.rate)) / weights));
}

interface Draft {
  rule: string;
  objectType: ObjectType | null;
  title: string;
  explanation: string;
  recordsAffected: number;
  totalRecords: number;
  properties: string[];
  figures: Record<string, number>;
  healthPoints: number | null;
  duplicatesRemoved: number | null;
  severity: RecommendationSeverity;
  action: (key: string) => RecommendationAction;
}

function build(draft: Draft): Recommendation {
  const key = draft.objectType ? `${draft.rule}:${draft.objectType}` : draft.rule;
  const percent = percentOf(draft.recordsAffected, draft.totalRecords);
  return {
    key,
    rule: draft.rule,
    objectType: draft.objectType,
    title: draft.title,
    explanation: draft.explanation,
    evidence: {
      recordsAffected: draft.recordsAffected,
      totalRecords: draft.totalRecords,
      percent,
      properties: draft.properties,
      figures: { recordsAffected: draft.recordsAffected, totalRecords: draft.totalRecords, ...(percent !== null ? { percent } : {}), ...draft.figures },
    },
    expectedGain: { healthPoints: draft.healthPoints, duplicatesRemoved: draft.duplicatesRemoved },
    severity: draft.severity,
    action: draft.action(key),
  };
}

function pendingDuplicates(t: TypeFindings): Draft | null {
  const { groups, records, highConfidenceGroups } = t.pending;
  if (groups < MIN_PENDING_GROUPS) return null;
  const total = t.latest?.totalRecords ?? t.flags?.all ?? 0;
  const removed = records - groups;
  const gain = t.latest ? duplicateGainPoints(t.latest.totalRecords, t.latest.duplicateRecords, records, groups) : null;
  const share = total > 0 ? records / total : 0;
  return {
    rule: 'pending-duplicates',
    objectType: t.objectType,
    title: `Review ${groups} duplicate groups of ${label(t.objectType)}`,
    explanation: `${records} ${label(t.objectType)} sit in ${groups} pending duplicate groups (${highConfidenceGroups} of them very likely). Merging them would remove ${removed} records.`,
    recordsAffected: records,
    totalRecords: total,
    properties: [],
    figures: { groups, highConfidenceGroups, duplicatesRemoved: removed, ...(gain !== null ? { healthPoints: gain } : {}) },
    healthPoints: gain,
    duplicatesRemoved: removed,
    severity: highConfidenceGroups > 0 && share >= 0.05 ? 'high' : share >= 0.02 ? 'medium' : 'low',
    action: () => ({
      kind: 'duplicates',
      label: highConfidenceGroups > 0 ? 'Review the very likely groups' : 'Review the groups',
      href: `/duplicates?objectType=${t.objectType}${highConfidenceGroups > 0 ? '&confidence=high' : ''}`,
    }),
  };
}

function automaticCleanup(input: RuleInput): Draft | null {
  const { settings } = input;
  if (settings.automaticCleanupEnabled) return null;
  const high = input.types.reduce((sum, t) => sum + t.pending.highConfidenceGroups, 0);
  if (high === 0) return null;
  const pendingRecords = input.types.reduce((sum, t) => sum + t.pending.records, 0);
  return {
    rule: 'enable-automatic-cleanup',
    objectType: null,
    title: settings.automaticCleanupAllowed ? 'Let automatic cleanup merge the very likely duplicates' : 'Merge very likely duplicates automatically on Professional',
    explanation: `${high} pending groups are at least ${HIGH_CONFIDENCE * 100}% likely duplicates. Automatic cleanup merges groups like these after each scheduled scan.`,
    recordsAffected: pendingRecords,
    totalRecords: input.types.reduce((sum, t) => sum + (t.latest?.totalRecords ?? 0), 0),
    properties: ['automaticCleanupEnabled'],
    figures: { highConfidenceGroups: high, confidencePercent: HIGH_CONFIDENCE * 100 },
    healthPoints: null,
    duplicatesRemoved: null,
    severity: 'medium',
    action: () =>
      settings.automaticCleanupAllowed
        ? { kind: 'settings', label: 'Turn on automatic cleanup', href: '/settings#cleanup' }
        : { kind: 'settings', label: 'See the Professional plan', href: '/subscribe' },
  };
}

function lowFill(t: TypeFindings): Draft[] {
  const health = t.latest;
  if (!health || health.totalRecords === 0) return [];
  return KEY_PROPERTIES[t.objectType].flatMap((property): Draft[] => {
    const fill = health.fillRates.find((f) => f.property === property);
    if (!fill || fill.rate >= LOW_FILL_RATE) return [];
    const missing = health.totalRecords - fill.filled;
    const gain = fillGainPoints(health, property);
    return [
      {
        rule: `low-fill-${property}`,
        objectType: t.objectType,
        title: `Fill in ${fill.label} for ${missing} ${label(t.objectType)}`,
        explanation: `${fill.label} is empty in ${missing} of ${health.totalRecords} ${label(t.objectType)} scanned. Filling it in every record would add ${gain} health points.`,
        recordsAffected: missing,
        totalRecords: health.totalRecords,
        properties: [property],
        figures: { filled: fill.filled, healthPoints: gain },
        healthPoints: gain,
        duplicatesRemoved: null,
        severity: fill.rate < 0.5 ? 'high' : 'medium',
        action: () => ({ kind: 'records', label: `Show ${label(t.objectType)} with missing fields`, href: `/objects/${t.objectType}?flag=missing-fields` }),
      },
    ];
  });
}

function invalidValues(t: TypeFindings, flag: 'invalid-email' | 'invalid-phone'): Draft | null {
  const count = t.flags?.[flag] ?? 0;
  if (!t.flags || count === 0) return null;
  const what = flag === 'invalid-email' ? 'email addresses' : 'phone numbers';
  const property = flag === 'invalid-email' ? 'email' : 'phone';
  return {
    rule: flag === 'invalid-email' ? 'invalid-emails' : 'invalid-phones',
    objectType: t.objectType,
    title: `Correct ${count} invalid ${what} in ${label(t.objectType)}`,
    explanation: `${count} of ${t.flags.all} ${label(t.objectType)} have ${what} that cannot be used: messages and calls to them fail.`,
    recordsAffected: count,
    totalRecords: t.flags.all,
    properties: [property],
    figures: {},
    healthPoints: null,
    duplicatesRemoved: null,
    severity: count / Math.max(1, t.flags.all) >= 0.05 ? 'high' : 'medium',
    action: () => ({ kind: 'records', label: `Show the ${what}`, href: `/objects/${t.objectType}?flag=${flag}` }),
  };
}

function staleRecords(t: TypeFindings): Draft | null {
  if (!t.flags || t.flags.all === 0 || t.flags.stale / t.flags.all < STALE_SHARE) return null;
  return {
    rule: 'stale-records',
    objectType: t.objectType,
    title: `Review ${t.flags.stale} ${label(t.objectType)} untouched for over a year`,
    explanation: `${t.flags.stale} of ${t.flags.all} ${label(t.objectType)} have not changed in more than 365 days. Update or archive them so the rest can be trusted.`,
    recordsAffected: t.flags.stale,
    totalRecords: t.flags.all,
    properties: ['hs_lastmodifieddate'],
    figures: { staleAfterDays: 365 },
    healthPoints: null,
    duplicatesRemoved: null,
    severity: t.flags.stale / t.flags.all >= 0.5 ? 'medium' : 'low',
    action: (key) => ({ kind: 'csv', label: 'Download them as CSV', href: csvHref(key) }),
  };
}

function healthDropped(t: TypeFindings): Draft | null {
  if (!t.latest || t.previousHealthScore === null) return null;
  const drop = round1(t.previousHealthScore - t.latest.healthScore);
  if (drop < HEALTH_DROP_POINTS) return null;
  return {
    rule: 'health-dropped',
    objectType: t.objectType,
    title: `${OBJECT_TYPE_LABELS[t.objectType]} health fell ${drop} points`,
    explanation: `The ${label(t.objectType)} health score went from ${t.previousHealthScore} to ${t.latest.healthScore} since the previous scan.`,
    recordsAffected: t.latest.totalRecords,
    totalRecords: t.latest.totalRecords,
    properties: [],
    figures: { previousHealthScore: t.previousHealthScore, healthScore: t.latest.healthScore, drop },
    healthPoints: drop,
    duplicatesRemoved: null,
    severity: drop >= 2 * HEALTH_DROP_POINTS ? 'high' : 'medium',
    action: () => ({ kind: 'records', label: `Show ${label(t.objectType)} with problems`, href: `/objects/${t.objectType}?flag=missing-fields` }),
  };
}

function samplingHides(t: TypeFindings): Draft | null {
  const selection = t.latest?.selection;
  if (!selection || selection.limitedBy !== 'sampling' || selection.scanned >= selection.inMirror) return null;
  const unseen = selection.inMirror - selection.scanned;
  return {
    rule: 'sampling-hides-duplicates',
    objectType: t.objectType,
    title: `Scan all ${label(t.objectType)}: ${unseen} were left out by sampling`,
    explanation: `The last scan read ${selection.scanned} of ${selection.inMirror} ${label(t.objectType)} (sampling at ${selection.samplingRate}%). Duplicates among the others stay hidden.`,
    recordsAffected: unseen,
    totalRecords: selection.inMirror,
    properties: [`${t.objectType}SamplingRate`],
    figures: { scanned: selection.scanned, samplingRate: selection.samplingRate },
    healthPoints: null,
    duplicatesRemoved: null,
    severity: selection.samplingRate < 50 ? 'medium' : 'low',
    action: () => ({ kind: 'settings', label: 'Raise the sampling rate', href: '/settings#scanning' }),
  };
}

function matchingOff(input: RuleInput): Draft | null {
  const off = [!input.settings.enableFuzzyMatching && 'enableFuzzyMatching', !input.settings.enablePhoneticMatching && 'enablePhoneticMatching'].filter((s): s is string => Boolean(s));
  if (off.length === 0) return null;
  const scanned = input.types.reduce((sum, t) => sum + (t.latest?.totalRecords ?? 0), 0);
  const names = off.map((s) => (s === 'enableFuzzyMatching' ? 'fuzzy' : 'phonetic')).join(' and ');
  return {
    rule: 'matching-off',
    objectType: null,
    title: `Turn on ${names} matching to find misspelt duplicates`,
    explanation: `With ${names} matching off, names spelt differently (Jon and John, Smyth and Smith) are never compared across the ${scanned} records scanned.`,
    recordsAffected: scanned,
    totalRecords: scanned,
    properties: off,
    figures: {},
    healthPoints: null,
    duplicatesRemoved: null,
    severity: 'low',
    action: () => ({ kind: 'settings', label: 'Open duplicate detection settings', href: '/settings#duplicates' }),
  };
}

function schedule(input: RuleInput): Draft | null {
  const scanned = input.types.filter((t) => t.latest);
  if (input.settings.analysisFrequency === 'manual') {
    return {
      rule: 'scans-not-scheduled',
      objectType: null,
      title: 'Schedule scans so new problems are caught',
      explanation: 'Scans run only when started by hand: duplicates and gaps added since go unseen until the next one.',
      recordsAffected: 0,
      totalRecords: scanned.reduce((sum, t) => sum + t.latest!.totalRecords, 0),
      properties: ['analysisFrequency'],
      figures: {},
      healthPoints: null,
      duplicatesRemoved: null,
      severity: 'medium',
      action: () => ({ kind: 'settings', label: 'Choose a scan schedule', href: '/settings#scanning' }),
    };
  }
  const newest = scanned.reduce<number | null>((latest, t) => Math.max(latest ?? 0, Date.parse(t.latest!.timestamp)), null);
  if (newest === null) return null;
  const days = Math.floor((input.now.getTime() - newest) / DAY_MS);
  if (days < OUTDATED_SCAN_DAYS) return null;
  return {
    rule: 'scan-outdated',
    objectType: null,
    title: `The last scan is ${days} days old`,
    explanation: `These results are ${days} days old although scans are scheduled: check the HubSpot connection and run a scan.`,
    recordsAffected: 0,
    totalRecords: scanned.reduce((sum, t) => sum + t.latest!.totalRecords, 0),
    properties: ['analysisFrequency'],
    figures: { days },
    healthPoints: null,
    duplicatesRemoved: null,
    severity: 'medium',
    action: () => ({ kind: 'settings', label: 'Check scanning settings', href: '/settings#scanning' }),
  };
}

function neverScanned(t: TypeFindings, settings: RuleSettings): Draft | null {
  if (t.latest) return null;
  const inMirror = t.flags?.all ?? 0;
  if (inMirror === 0 && !settings.objectsToAnalyze.includes(t.objectType)) return null;
  const chosen = settings.objectsToAnalyze.includes(t.objectType);
  return {
    rule: 'never-scanned',
    objectType: t.objectType,
    title: `Scan your ${label(t.objectType)}`,
    explanation: `${OBJECT_TYPE_LABELS[t.objectType]} have never been scanned${inMirror > 0 ? `, though ${inMirror} are in the mirror` : ''}: their duplicates and gaps are unknown.`,
    recordsAffected: inMirror,
    totalRecords: inMirror,
    properties: chosen ? [] : ['objectsToAnalyze'],
    figures: {},
    healthPoints: null,
    duplicatesRemoved: null,
    severity: inMirror > 0 ? 'medium' : 'low',
    action: () => ({ kind: 'settings', label: chosen ? 'Start a scan' : `Add ${label(t.objectType)} to the scan`, href: chosen ? '/dashboard' : '/settings#scanning' }),
  };
}

const SEVERITY_RANK: Record<RecommendationSeverity, number> = { high: 0, medium: 1, low: 2 };

/** Every recommendation the findings call for, most useful first. Pure: the clock is an input. */
export function evaluateRules(input: RuleInput): Recommendation[] {
  const drafts: (Draft | null)[] = [
    ...input.types.flatMap((t) => [
      pendingDuplicates(t),
      ...lowFill(t),
      invalidValues(t, 'invalid-email'),
      invalidValues(t, 'invalid-phone'),
      staleRecords(t),
      healthDropped(t),
      samplingHides(t),
      neverScanned(t, input.settings),
    ]),
    automaticCleanup(input),
    matchingOff(input),
    schedule(input),
  ];
  return drafts
    .filter((d): d is Draft => d !== null)
    .map(build)
    .sort(
      (a, b) =>
        SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
        (b.expectedGain.healthPoints ?? 0) - (a.expectedGain.healthPoints ?? 0) ||
        b.evidence.recordsAffected - a.evidence.recordsAffected ||
        a.key.localeCompare(b.key),
    );
}

/** The quality flag whose records a rule is about: its CSV lists them. */
export function csvFlagOf(rule: string): 'invalid-email' | 'invalid-phone' | 'stale' | 'missing-fields' | null {
  if (rule === 'invalid-emails') return 'invalid-email';
  if (rule === 'invalid-phones') return 'invalid-phone';
  if (rule === 'stale-records') return 'stale';
  if (rule.startsWith('low-fill-')) return 'missing-fields';
  return null;
}
