import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { topIssueSchema } from '../../../shared/contracts/results';
import { howToFillProperty, whyPropertyMatters } from '../../../shared/issue-advice';
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import { duplicateGroups, merges, recordActions, scanHistory } from '../../db/schema';
import type { WeeklyReport, WeeklyReportProblem, WeeklyReportType } from './notice-types';

/** Weeks of trend the report draws, the reported week last. */
export const TREND_WEEKS = 8;
const PROBLEMS = 3;

/** A zone Intl does not know (a hand-edited row) counts as UTC rather than stopping every report. */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: knownZone(timeZone), hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short' }).formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(field('year')),
    month: Number(field('month')),
    day: Number(field('day')),
    hour: Number(field('hour')),
    minute: Number(field('minute')),
    second: Number(field('second')),
    /** 0 for Monday ... 6 for Sunday. */
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(field('weekday')),
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const c = wallClock(new Date(instant), timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of 00:00 on a calendar day in a zone. The offset is taken twice: the first guess
 * may sit on the other side of a DST change. Where midnight does not exist, this is the hour after.
 */
function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}

/** The hour (0-23) the zone's clocks show at `now`: digests and reports go out at 8:00 there. */
export function localHour(now: Date, timeZone: string): number {
  return wallClock(now, timeZone).hour;
}

/**
 * The Monday-to-Monday week that ended last in the zone: weekEnd is the latest Monday 00:00 at
 * or before `now`, weekStart the Monday before it. A week with a DST change is 167 or 169 hours.
 */
export function weekBounds(now: Date, timeZone: string): { weekStart: Date; weekEnd: Date } {
  const c = wallClock(now, timeZone);
  // Calendar arithmetic on a UTC date: days are always 24 hours there.
  const monday = new Date(Date.UTC(c.year, c.month - 1, c.day - c.weekday));
  const weekEnd = localMidnight(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), timeZone);
  const before = new Date(monday.getTime() - 7 * 86_400_000);
  return { weekStart: localMidnight(before.getUTCFullYear(), before.getUTCMonth() + 1, before.getUTCDate(), timeZone), weekEnd };
}

/** The TREND_WEEKS weeks ending with the reported one, oldest first. */
function trendWeeks(weekStart: Date, weekEnd: Date, timeZone: string): { start: Date; end: Date }[] {
  const weeks = [{ start: weekStart, end: weekEnd }];
  while (weeks.length < TREND_WEEKS) {
    const { weekStart: start, weekEnd: end } = weekBounds(weeks[0]!.start, timeZone);
    weeks.unshift({ start, end });
  }
  return weeks;
}

const storedTopIssues = z.object({ topIssues: z.array(topIssueSchema).catch([]) });

function topIssuesOf(scanData: string | null) {
  try {
    const parsed = storedTopIssues.safeParse(JSON.parse(scanData ?? '{}'));
    return parsed.success ? parsed.data.topIssues : [];
  } catch {
    return [];
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The problems worth most attention, most records first. Duplicates are counted from the groups
 * still pending now (the scan's own count may have been merged away since); missing values come
 * from each type's newest scan.
 */
function biggestProblems(
  latest: Map<ObjectType, { totalRecords: number; scanData: string | null }>,
  pending: Map<ObjectType, { groups: number; records: number }>,
): WeeklyReportProblem[] {
  const problems: WeeklyReportProblem[] = [];
  for (const [objectType, scan] of latest) {
    const waiting = pending.get(objectType);
    if (waiting && waiting.groups > 0) {
      problems.push({
        objectType,
        kind: 'duplicates',
        label: `${plural(waiting.groups, 'group')} of duplicate records`,
        records: waiting.records,
        share: scan.totalRecords > 0 ? Math.min(1, waiting.records / scan.totalRecords) : 0,
        advice: `Review the ${plural(waiting.groups, 'group')} on the Duplicates page; merge the ones you agree with and dismiss the others, so they are not proposed again.`,
      });
    }
    for (const issue of topIssuesOf(scan.scanData)) {
      if (issue.kind !== 'missing-values' || issue.records <= 0) continue;
      problems.push({ objectType, kind: 'missing-values', label: issue.label, records: issue.records, share: issue.share, advice: `${whyPropertyMatters(issue.property)} ${howToFillProperty(objectType)}` });
    }
  }
  return problems.sort((a, b) => b.records - a.records || b.share - a.share).slice(0, PROBLEMS);
}

/**
 * One user's weekly health report for [weekStart, weekEnd): each type's newest score by the
 * week's end and its move since the week before, eight weeks of trend, the biggest problems and
 * the duplicate groups merged or dismissed during the week. Null when the user has no completed
 * scan before the week's end: there is nothing to report.
 */
export async function buildWeeklyReport(db: Db, userId: number, week: { weekStart: Date; weekEnd: Date; timeZone: string }): Promise<WeeklyReport | null> {
  const { weekStart, weekEnd, timeZone } = week;
  const completed = and(eq(scanHistory.userId, userId), eq(scanHistory.status, 'completed'));
  const newestPerType = (before: Date) =>
    db
      .selectDistinctOn([scanHistory.objectType], { objectType: scanHistory.objectType, healthScore: scanHistory.healthScore, totalRecords: scanHistory.totalRecords, scanData: scanHistory.scanData })
      .from(scanHistory)
      .where(and(completed, lt(scanHistory.timestamp, before)))
      .orderBy(scanHistory.objectType, desc(scanHistory.timestamp), desc(scanHistory.id));

  const latestRows = await newestPerType(weekEnd);
  if (latestRows.length === 0) return null;
  const weeks = trendWeeks(weekStart, weekEnd, timeZone);
  const [previousRows, trendRows, pendingRows, decidedRows, mergeRows] = await Promise.all([
    newestPerType(weekStart),
    db
      .select({ objectType: scanHistory.objectType, timestamp: scanHistory.timestamp, healthScore: scanHistory.healthScore })
      .from(scanHistory)
      .where(and(completed, gte(scanHistory.timestamp, weeks[0]!.start), lt(scanHistory.timestamp, weekEnd)))
      .orderBy(scanHistory.timestamp, scanHistory.id),
    db
      .select({ objectType: duplicateGroups.objectType, groups: count(), records: sql<number>`coalesce(sum(jsonb_array_length(${duplicateGroups.records})), 0)::int` })
      .from(duplicateGroups)
      .where(and(eq(duplicateGroups.userId, userId), eq(duplicateGroups.status, 'pending')))
      .groupBy(duplicateGroups.objectType),
    db
      .select({ status: duplicateGroups.status, groups: count() })
      .from(duplicateGroups)
      .where(and(eq(duplicateGroups.userId, userId), inArray(duplicateGroups.status, ['merged', 'dismissed']), gte(duplicateGroups.updatedAt, weekStart), lt(duplicateGroups.updatedAt, weekEnd)))
      .groupBy(duplicateGroups.status),
    db
      .select({ actionIds: merges.actionIds })
      .from(merges)
      .where(and(eq(merges.userId, userId), inArray(merges.status, ['completed', 'partial']), gte(merges.finishedAt, weekStart), lt(merges.finishedAt, weekEnd))),
  ]);

  const latest = new Map(latestRows.map((row) => [row.objectType as ObjectType, row]));
  const previous = new Map(previousRows.map((row) => [row.objectType as ObjectType, row.healthScore]));
  const pending = new Map(pendingRows.map((row) => [row.objectType as ObjectType, { groups: row.groups, records: Number(row.records) }]));
  const types = OBJECT_TYPES.map((objectType): WeeklyReportType => {
    const scan = latest.get(objectType);
    const before = previous.get(objectType);
    const scores = trendRows.filter((row) => row.objectType === objectType);
    return {
      objectType,
      healthScore: scan?.healthScore ?? null,
      change: scan && before !== undefined ? Math.round((scan.healthScore - before) * 10) / 10 : null,
      totalRecords: scan?.totalRecords ?? 0,
      pendingGroups: pending.get(objectType)?.groups ?? 0,
      // Rows come oldest first, so the last one inside a week is its newest.
      trend: weeks.map(({ start, end }) => ({ weekStart: start.toISOString(), healthScore: scores.filter((row) => row.timestamp >= start && row.timestamp < end).at(-1)?.healthScore ?? null })),
    };
  });

  const actionIds = mergeRows.flatMap((row) => row.actionIds);
  const [merged] = actionIds.length
    ? await db
        .select({ records: count() })
        .from(recordActions)
        .where(and(eq(recordActions.userId, userId), inArray(recordActions.id, actionIds), eq(recordActions.actionType, 'merge'), eq(recordActions.status, 'completed')))
    : [{ records: 0 }];
  const decided = (status: string) => decidedRows.find((row) => row.status === status)?.groups ?? 0;
  return {
    weekStart: weekStart.toISOString(),
    weekEnd: weekEnd.toISOString(),
    timeZone: knownZone(timeZone),
    types,
    problems: biggestProblems(latest, pending),
    mergedGroups: decided('merged'),
    mergedRecords: merged?.records ?? 0,
    dismissedGroups: decided('dismissed'),
  };
}
