import type { HistoricalTrends } from '../../../shared/contracts/results';
import { ChartLegend, TrendLineChart } from '../../components/charts/trend-line-chart';
import { formatScore } from '../dashboard/format-numbers';
import { FIRST_SCAN_NOTE, healthLines, summarizeHealth } from '../dashboard/health-trends-chart';

type Series = HistoricalTrends['series'][number];

/** Every object type's health score over the period, in the object types' colours, as on the dashboard. */
export function HealthByTypeChart({ series, days }: { series: readonly Series[]; days: number }) {
  const lines = healthLines(series).map((line, i) => ({ ...line, label: `${line.label} ${formatScore(series[i]!.points.at(-1)!.healthScore)}` }));
  return (
    <div>
      <TrendLineChart series={lines} summary={summarizeHealth(series, days)} singleMomentNote={FIRST_SCAN_NOTE} />
      <ChartLegend series={lines} />
    </div>
  );
}
