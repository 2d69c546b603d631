import type { HistoricalTrends } from '../../../shared/contracts/results';
import { formatScore } from '../dashboard/format-numbers';
import { OBJECT_TYPE_COLORS } from '../dashboard/object-type-colors';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { ChartLegend, TrendLineChart, type ChartSeries } from './trend-line-chart';

type Series = HistoricalTrends['series'][number];

/** What the picture shows, a sentence per object type, as the dashboard's trend chart says it. */
function summarize(series: readonly Series[], days: number): string {
  const parts = series.map((s) => {
    const first = s.points[0]!;
    const last = s.points[s.points.length - 1]!;
    const scans = `${s.points.length} ${s.points.length === 1 ? 'scan' : 'scans'}`;
    if (s.points.length === 1) return `${OBJECT_TYPE_LABELS[s.objectType]}: ${formatScore(last.healthScore)} (${scans}).`;
    return `${OBJECT_TYPE_LABELS[s.objectType]}: from ${formatScore(first.healthScore)} to ${formatScore(last.healthScore)} (${scans}).`;
  });
  return [`Health score over the last ${days} days, 0 to 100.`, ...parts].join(' ');
}

/** Every object type's health score over the period, in the object types' colours. */
export function HealthByTypeChart({ series, days }: { series: readonly Series[]; days: number }) {
  const lines: ChartSeries[] = series.map((s) => ({
    key: s.objectType,
    label: `${OBJECT_TYPE_LABELS[s.objectType]} ${formatScore(s.points[s.points.length - 1]!.healthScore)}`,
    color: OBJECT_TYPE_COLORS[s.objectType],
    points: s.points.map((point) => ({ id: point.scanId, time: Date.parse(point.timestamp), value: point.healthScore })),
  }));
  return (
    <div>
      <TrendLineChart series={lines} summary={summarize(series, days)} />
      <ChartLegend series={lines} />
    </div>
  );
}
