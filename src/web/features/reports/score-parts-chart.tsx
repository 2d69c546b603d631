import type { HistoricalTrends } from '../../../shared/contracts/results';
import { formatScore } from '../dashboard/format-numbers';
import { FIRST_SCAN_NOTE } from '../dashboard/health-trends-chart';
import { HEALTH_PARTS } from '../dashboard/object-health-card';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { ChartLegend, TrendLineChart, type ChartSeries } from '../../components/charts/trend-line-chart';

type Series = HistoricalTrends['series'][number];
type Point = Series['points'][number];

/** Colours at least 3:1 against white, apart from the object types' own. */
const PART_COLORS: Readonly<Record<(typeof HEALTH_PARTS)[number]['key'], string>> = {
  completenessScore: '#0284c7',
  freshnessScore: '#059669',
  duplicateScore: '#7c3aed',
  updateFrequencyScore: '#c2410c',
};

const LINES: readonly { key: keyof Point & string; label: string; color: string; emphasis?: boolean }[] = [
  { key: 'healthScore', label: 'Health score', color: '#0f172a', emphasis: true },
  ...HEALTH_PARTS.map((part) => ({ key: part.key, label: part.label, color: PART_COLORS[part.key] })),
];

/** One object type's health score and its four parts over the period. */
export function ScorePartsChart({ series, days }: { series: Series; days: number }) {
  const lines: ChartSeries[] = LINES.map((line) => ({
    key: line.key,
    label: line.label,
    color: line.color,
    emphasis: line.emphasis ?? false,
    points: series.points.map((point) => ({ id: point.scanId, time: Date.parse(point.timestamp), value: Number(point[line.key]) })),
  }));
  const first = series.points[0]!;
  const last = series.points[series.points.length - 1]!;
  const moves = LINES.map((line) =>
    series.points.length === 1 ? `${line.label} ${formatScore(Number(last[line.key]))}` : `${line.label} from ${formatScore(Number(first[line.key]))} to ${formatScore(Number(last[line.key]))}`,
  );
  const summary = `${OBJECT_TYPE_LABELS[series.objectType]} over the last ${days} days, 0 to 100, ${series.points.length} ${series.points.length === 1 ? 'scan' : 'scans'}: ${moves.join('; ')}.`;
  return (
    <div>
      <TrendLineChart series={lines} summary={summary} singleMomentNote={FIRST_SCAN_NOTE} />
      <ChartLegend series={lines} />
    </div>
  );
}
