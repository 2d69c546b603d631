import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Recommendation, RecommendationList, RecommendationStatus } from '../../../shared/contracts/recommendations';
import { SETTINGS_DEFAULTS } from '../../../shared/defaults';
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { duplicateGroups, recommendationStates, scanHistory, userSettings, type User } from '../../db/schema';
import { allowsAutomaticCleanup } from '../accounts';
import { typeQualitySummary } from '../objects';
import { latestResults } from '../scans';
import { evaluateRules, HIGH_CONFIDENCE, type PendingGroups, type RuleInput, type RuleSettings, type TypeFindings } from './rules';

/** Rewords and orders recommendations (the AI helper's); it may not change a figure. */
export type RecommendationRewrite = (recommendations: readonly Recommendation[]) => Promise<readonly Pick<Recommendation, 'key' | 'title' | 'explanation'>[]>;

export interface RecommendationOptions {
  rewrite?: RecommendationRewrite;
  now?: Date;
}

async function pendingGroupsOf(db: Db, userId: number): Promise<Map<string, PendingGroups>> {
  const rows = await db
    .select({
      objectType: duplicateGroups.objectType,
      groups: sql<number>`count(*)::int`,
      records: sql<number>`coalesce(sum(case when jsonb_typeof(${duplicateGroups.records}) = 'array' then jsonb_array_length(${duplicateGroups.records}) else 0 end), 0)::int`,
      highConfidenceGroups: sql<number>`(count(*) filter (where ${duplicateGroups.confidence} >= ${HIGH_CONFIDENCE}))::int`,
    })
    .from(duplicateGroups)
    .where(and(eq(duplicateGroups.userId, userId), eq(duplicateGroups.status, 'pending')))
    .groupBy(duplicateGroups.objectType);
  return new Map(rows.map((r) => [r.objectType, { groups: Number(r.groups), records: Number(r.records), highConfidenceGroups: Number(r.highConfidenceGroups) }]));
}

/** The health score of each type's second newest completed scan. */
async function previousScores(db: Db, userId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ objectType: scanHistory.objectType, healthScore: scanHistory.healthScore, rank: sql<number>`row_number() over (partition by ${scanHistory.objectType} order by ${scanHistory.timestamp} desc, ${scanHistory.id} desc)` })
    .from(scanHistory)
    .where(and(eq(scanHistory.userId, userId), eq(scanHistory.status, 'completed')));
  return new Map(rows.filter((r) => Number(r.rank) === 2).map((r) => [r.objectType, r.healthScore]));
}

async function ruleSettings(db: Db, user: User, now: Date): Promise<RuleSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, user.id)).limit(1);
  const s = { ...SETTINGS_DEFAULTS, ...row };
  return {
    objectsToAnalyze: s.objectsToAnalyze.filter((t): t is ObjectType => (OBJECT_TYPES as readonly string[]).includes(t)),
    analysisFrequency: s.analysisFrequency,
    enableFuzzyMatching: s.enableFuzzyMatching,
    enablePhoneticMatching: s.enablePhoneticMatching,
    automaticCleanupEnabled: row?.automaticCleanupEnabled ?? false,
    automaticCleanupAllowed: allowsAutomaticCleanup(user, now),
  };
}

/** What the rules read: the latest results per type, the pending groups, the mirror's flag counts and the settings. */
export async function ruleInputFor(db: Db, user: User, now: Date): Promise<{ input: RuleInput; basedOnScanAt: string | null }> {
  const [results, pending, previous, settings] = await Promise.all([latestResults(db, user.id), pendingGroupsOf(db, user.id), previousScores(db, user.id), ruleSettings(db, user, now)]);
  const types: TypeFindings[] = [];
  for (const objectType of OBJECT_TYPES) {
    const summary = await typeQualitySummary(db, user.id, objectType, now).catch(() => null);
    types.push({
      objectType,
      latest: results.objects.find((o) => o.objectType === objectType) ?? null,
      previousHealthScore: previous.get(objectType) ?? null,
      pending: pending.get(objectType) ?? { groups: 0, records: 0, highConfidenceGroups: 0 },
      flags: summary ? { all: summary.counts.all, 'invalid-email': summary.counts['invalid-email'], 'invalid-phone': summary.counts['invalid-phone'], stale: summary.counts.stale } : null,
    });
  }
  return { input: { now, types, settings }, basedOnScanAt: results.lastScanAt };
}

const numbersIn = (text: string) => text.match(/\d+(?:[.,]\d+)*/g)?.map((n) => Number(n.replace(/,/g, ''))) ?? [];

/** Whether every number in the text is one of the recommendation's own (or a plain count word like "1"). */
export function usesOnlyItsFigures(text: string, recommendation: Recommendation): boolean {
  const own = new Set<number>([
    ...Object.values(recommendation.evidence.figures),
    ...numbersIn(recommendation.title),
    ...numbersIn(recommendation.explanation),
    ...(recommendation.expectedGain.healthPoints !== null ? [recommendation.expectedGain.healthPoints] : []),
    ...(recommendation.expectedGain.duplicatesRemoved !== null ? [recommendation.expectedGain.duplicatesRemoved] : []),
  ]);
  return numbersIn(text).every((n) => own.has(n));
}

/** The rewrite's order and words where they are sound; the rules' words (and order, for any left out) otherwise. */
async function applyRewrite(list: Recommendation[], rewrite: RecommendationRewrite): Promise<{ list: Recommendation[]; rewritten: boolean }> {
  let proposed: Awaited<ReturnType<RecommendationRewrite>>;
  try {
    proposed = await rewrite(list);
  } catch {
    return { list, rewritten: false };
  }
  const byKey = new Map(list.map((r) => [r.key, r]));
  const ordered: Recommendation[] = [];
  for (const p of proposed) {
    const original = byKey.get(p.key);
    if (!original) continue;
    byKey.delete(p.key);
    const sound = (text: unknown) => typeof text === 'string' && text.trim() !== '' && usesOnlyItsFigures(text, original);
    ordered.push({ ...original, title: sound(p.title) ? p.title.trim() : original.title, explanation: sound(p.explanation) ? p.explanation.trim() : original.explanation });
  }
  return { list: [...ordered, ...list.filter((r) => byKey.has(r.key))], rewritten: ordered.length > 0 };
}

/**
 * The user's recommendations, without those dismissed or done while their finding holds.
 * States of findings that no longer hold are dropped, so a problem that returns is shown again.
 */
export async function recommendationsFor(db: Db, user: User, options: RecommendationOptions = {}): Promise<RecommendationList> {
  const now = options.now ?? new Date();
  const { input, basedOnScanAt } = await ruleInputFor(db, user, now);
  const all = evaluateRules(input);
  const keys = all.map((r) => r.key);
  await db
    .delete(recommendationStates)
    .where(and(eq(recommendationStates.userId, user.id), keys.length > 0 ? notInArray(recommendationStates.recommendationKey, keys) : undefined));
  const states = keys.length > 0 ? await db.select().from(recommendationStates).where(and(eq(recommendationStates.userId, user.id), inArray(recommendationStates.recommendationKey, keys))) : [];
  const hidden = new Set(states.map((s) => s.recommendationKey));
  const shown = all.filter((r) => !hidden.has(r.key));
  const { list, rewritten } = options.rewrite && shown.length > 0 ? await applyRewrite(shown, options.rewrite) : { list: shown, rewritten: false };
  return { recommendations: list, basedOnScanAt, aiRewritten: rewritten, hidden: hidden.size };
}

/** Whether the finding holds now, so it can be dismissed or marked done. */
export async function currentRecommendation(db: Db, user: User, key: string, now = new Date()): Promise<Recommendation | null> {
  const { input } = await ruleInputFor(db, user, now);
  return evaluateRules(input).find((r) => r.key === key) ?? null;
}

export async function setRecommendationState(db: Db, userId: number, key: string, status: RecommendationStatus): Promise<void> {
  await db
    .insert(recommendationStates)
    .values({ userId, recommendationKey: key, status })
    .onConflictDoUpdate({ target: [recommendationStates.userId, recommendationStates.recommendationKey], set: { status, updatedAt: new Date() } });
}

