import type { DataBlock } from '../../../shared/contracts/assistant';
import type { ObjectHealth, HistoricalTrends } from '../../../shared/contracts/results';
import type { ObjectType } from '../../../shared/object-types';
import { historicalTrends, latestResults } from '../scans';
import { figure, round1, screen, TYPE_LABELS, type ToolContext, type ToolResult } from './tool-context';

const DAY_MS = 86_400_000;
/** "Last month": the newest scan at least this old is what the score is compared with. */
export const MONTH_AGO_DAYS = 30;
/** Far enough back to find a scan from about a month ago on any schedule but manual. */
const TREND_DAYS = 120;
/** Points of each type's trend the model and the chart get. */
const TREND_POINTS = 12;

type TrendPoint = HistoricalTrends['series'][number]['points'][number];

const COMPONENTS = [
  { key: 'healthScore', label: 'Health score' },
  { key: 'completenessScore', label: 'Completeness' },
  { key: 'duplicateScore', label: 'Duplicates' },
  { key: 'freshnessScore', label: 'Freshness' },
  { key: 'updateFrequencyScore', label: 'Update frequency' },
] as const;
type ComponentKey = (typeof COMPONENTS)[number]['key'];
type Scores = Record<ComponentKey, number>;

export interface TypeHealth {
  objectType: ObjectType;
  scannedAt: string;
  totalRecords: number;
  duplicateRecords: number;
  scores: Scores;
  previousScan: { at: string; scores: Scores } | null;
  about30DaysAgo: { at: string; scores: Scores } | null;
  /** Health points since the scan before (null without one). */
  changeSincePreviousScan: number | null;
  changeSince30DaysAgo: number | null;
  trend: { at: string; healthScore: number }[];
  topIssues: ObjectHealth['topIssues'];
}

const scoresOf = (p: Pick<TrendPoint, ComponentKey>): Scores => Object.fromEntries(COMPONENTS.map(({ key }) => [key, p[key]])) as Scores;
const change = (now: number, then: number | undefined) => (then === undefined ? null : round1(now - then));

/** A type's latest scores beside the scan before and the newest scan at least a month old. */
export function typeHealth(latest: ObjectHealth, points: readonly TrendPoint[], now: Date): TypeHealth {
  const at = points.findIndex((p) => p.scanId === latest.scanId);
  // The latest result is the newest point; without the point (older than the window) nothing precedes it.
  const before = at > 0 ? points[at - 1] : at === -1 && points.length > 0 && points.at(-1)!.timestamp < latest.timestamp ? points.at(-1) : undefined;
  const monthAgo = [...points].reverse().find((p) => p.scanId !== latest.scanId && now.getTime() - Date.parse(p.timestamp) >= MONTH_AGO_DAYS * DAY_MS);
  const scores = scoresOf(latest);
  return {
    objectType: latest.objectType,
    scannedAt: latest.timestamp,
    totalRecords: latest.totalRecords,
    duplicateRecords: latest.duplicateRecords,
    scores,
    previousScan: before ? { at: before.timestamp, scores: scoresOf(before) } : null,
    about30DaysAgo: monthAgo ? { at: monthAgo.timestamp, scores: scoresOf(monthAgo) } : null,
    changeSincePreviousScan: change(scores.healthScore, before?.healthScore),
    changeSince30DaysAgo: change(scores.healthScore, monthAgo?.healthScore),
    trend: points.slice(-TREND_POINTS).map((p) => ({ at: p.timestamp, healthScore: p.healthScore })),
    topIssues: latest.topIssues.slice(0, 5),
  };
}

function overviewBlock(types: readonly TypeHealth[]): DataBlock {
  return {
    tool: 'health_summary',
    title: 'Health by object type',
    caption: 'From the latest completed scan of each type; changes in health points.',
    columns: [
      { key: 'objectType', label: 'Object type', format: 'text' },
      { key: 'healthScore', label: 'Health score', format: 'number' },
      { key: 'changeSincePreviousScan', label: 'Since previous scan', format: 'number' },
      { key: 'changeSince30DaysAgo', label: 'Since about 30 days ago', format: 'number' },
      { key: 'completenessScore', label: 'Completeness', format: 'number' },
      { key: 'duplicateScore', label: 'Duplicates', format: 'number' },
      { key: 'freshnessScore', label: 'Freshness', format: 'number' },
      { key: 'updateFrequencyScore', label: 'Update frequency', format: 'number' },
      { key: 'totalRecords', label: 'Records scanned', format: 'number' },
      { key: 'scannedAt', label: 'Scanned', format: 'datetime' },
    ],
    rows: types.map((t) => ({
      objectType: TYPE_LABELS[t.objectType],
      ...t.scores,
      changeSincePreviousScan: t.changeSincePreviousScan,
      changeSince30DaysAgo: t.changeSince30DaysAgo,
      totalRecords: t.totalRecords,
      scannedAt: t.scannedAt,
    })),
    chart: { kind: 'bar', x: 'objectType', series: ['healthScore'] },
  };
}

/** One type: each component now, at the scan before and a month ago, so a drop shows where it came from. */
function componentBlocks(t: TypeHealth): DataBlock[] {
  const label = TYPE_LABELS[t.objectType];
  return [
    {
      tool: 'health_summary',
      title: `${label}: health score and its components`,
      caption: `Latest scan ${t.scannedAt.slice(0, 10)}; ${figure(t.totalRecords)} records scanned.`,
      columns: [
        { key: 'component', label: 'Score', format: 'text' },
        { key: 'latest', label: 'Latest scan', format: 'number' },
        { key: 'previous', label: 'Previous scan', format: 'number' },
        { key: 'monthAgo', label: 'About 30 days ago', format: 'number' },
        { key: 'changeSincePrevious', label: 'Change since previous', format: 'number' },
        { key: 'changeSinceMonthAgo', label: 'Change since 30 days ago', format: 'number' },
      ],
      rows: COMPONENTS.map(({ key, label: component }) => ({
        component,
        latest: t.scores[key],
        previous: t.previousScan?.scores[key] ?? null,
        monthAgo: t.about30DaysAgo?.scores[key] ?? null,
        changeSincePrevious: t.previousScan ? round1(t.scores[key] - t.previousScan.scores[key]) : null,
        changeSinceMonthAgo: t.about30DaysAgo ? round1(t.scores[key] - t.about30DaysAgo.scores[key]) : null,
      })),
      chart: null,
    },
    {
      tool: 'health_summary',
      title: `${label}: health score over time`,
      caption: `The last ${t.trend.length} completed scans.`,
      columns: [
        { key: 'at', label: 'Scan', format: 'datetime' },
        { key: 'healthScore', label: 'Health score', format: 'number' },
      ],
      rows: t.trend.map((p) => ({ at: p.at, healthScore: p.healthScore })),
      chart: { kind: 'line', x: 'at', series: ['healthScore'] },
    },
  ];
}

const changeWords = (points: number | null, since: string) => (points === null ? '' : points === 0 ? `, unchanged since ${since}` : `, ${points > 0 ? 'up' : 'down'} ${figure(Math.abs(points))} points since ${since}`);

/** Which component moved the score most since the comparison scan, in words ("" when none moved). */
export function biggestMove(t: TypeHealth): string {
  const then = t.about30DaysAgo ?? t.previousScan;
  if (!then) return '';
  const moves = COMPONENTS.filter((x) => x.key !== 'healthScore').map((x) => ({ ...x, by: round1(t.scores[x.key] - then.scores[x.key]) }));
  const biggest = moves.reduce((a, b) => (Math.abs(b.by) > Math.abs(a.by) ? b : a));
  if (biggest.by === 0) return '';
  return ` The biggest change is ${biggest.label.toLowerCase()}, ${biggest.by > 0 ? 'up' : 'down'} ${figure(Math.abs(biggest.by))} points (from ${figure(then.scores[biggest.key])} to ${figure(t.scores[biggest.key])}).`;
}

/** health_summary: per type, the score and its components, the change since the scan before and since about a month ago, and the trend. */
export async function healthSummary(ctx: ToolContext, args: { objectType?: ObjectType | undefined }): Promise<ToolResult> {
  const [results, trends] = await Promise.all([latestResults(ctx.db, ctx.user.id), historicalTrends(ctx.db, ctx.user.id, { ...(args.objectType ? { objectType: args.objectType } : {}), days: TREND_DAYS }, ctx.now)]);
  const objects = results.objects.filter((o) => !args.objectType || o.objectType === args.objectType);
  const types = objects.map((o) => typeHealth(o, trends.series.find((s) => s.objectType === o.objectType)?.points ?? [], ctx.now));
  const citations = [screen(ctx, 'Dashboard', '/dashboard'), screen(ctx, 'Reports', '/reports')];
  if (types.length === 0) {
    const what = args.objectType ? TYPE_LABELS[args.objectType].toLowerCase() : 'any object type';
    return {
      forModel: { scanned: false, message: `No completed scan of ${what} yet.` },
      blocks: [],
      citations,
      summary: `No scan of ${what} has finished yet, so there is no health score to show. Run a scan from the dashboard.`,
    };
  }
  const single = args.objectType !== undefined;
  const blocks = single ? componentBlocks(types[0]!) : [overviewBlock(types)];
  const sentences = types.map((t) => `${TYPE_LABELS[t.objectType]} score ${figure(t.scores.healthScore)}${changeWords(t.changeSincePreviousScan, 'the previous scan')}${changeWords(t.changeSince30DaysAgo, 'about 30 days ago')}.`);
  const overall = !single && results.overallHealthScore !== null ? `Overall health is ${figure(results.overallHealthScore)}. ` : '';
  return {
    forModel: { overallHealthScore: single ? undefined : results.overallHealthScore, lastScanAt: results.lastScanAt, types },
    blocks,
    citations,
    summary: `${overall}${sentences.join(' ')}${single ? biggestMove(types[0]!) : ''}`,
  };
}
