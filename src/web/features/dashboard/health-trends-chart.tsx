import { useState } from 'react';
import type { HistoricalTrends } from '../../../shared/contracts/results';
import { TrendLineChart, type ChartSeries } from '../../components/charts/trend-line-chart';
import { ScrollFrame } from '../../components/ui/scroll-frame';
import type { ObjectType } from '../../../shared/object-types';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { formatCount, formatScore } from './format-numbers';
import { OBJECT_TYPE_COLORS } from './object-type-colors';
import { formatExactTime } from './time-ago';

type Series = HistoricalTrends['series'][number];

/** What a health chart shows, in a sentence per object type, for screen readers. */
export function summarizeHealth(series: readonly Series[], days: number): string {
  const parts = series.map((s) => {
    const first = s.points[0]!;
    const last = s.points[s.points.length - 1]!;
    const scans = `${s.points.length} ${s.points.length === 1 ? 'scan' : 'scans'}`;
    if (s.points.length === 1) return `${OBJECT_TYPE_LABELS[s.objectType]}: ${formatScore(last.healthScore)} (${scans}).`;
    return `${OBJECT_TYPE_LABELS[s.objectType]}: from ${formatScore(first.healthScore)} to ${formatScore(last.healthScore)} (${scans}).`;
  });
  return [`Health score over the last ${days} days, 0 to 100.`, ...parts].join(' ');
}

/** Said under a health chart after the first scan, when each line is still a single point. */
export const FIRST_SCAN_NOTE = 'One scan so far: the lines start with the next scan.';

/** Each object type's health scores as a line in its colour. */
export function healthLines(series: readonly Series[]): ChartSeries[] {
  return series.map((s) => ({
    key: s.objectType,
    label: OBJECT_TYPE_LABELS[s.objectType],
    color: OBJECT_TYPE_COLORS[s.objectType],
    points: s.points.map((point) => ({ id: point.scanId, time: Date.parse(point.timestamp), value: point.healthScore })),
  }));
}

/** Health score over time per object type: an SVG line chart, a legend that hides series, and the same data as a table. */
export function HealthTrendsChart({ trends }: { trends: HistoricalTrends }) {
  const [hidden, setHidden] = useState<ReadonlySet<ObjectType>>(new Set());
  const withData = trends.series.filter((s) => s.points.length > 0);
  const shown = withData.filter((s) => !hidden.has(s.objectType));

  const toggle = (type: ObjectType) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(type)) next.add(type);
      return next;
    });

  return (
    <div>
      <ul className="flex flex-wrap gap-2" aria-label="Object types on the chart">
        {withData.map((s) => {
          const latest = s.points[s.points.length - 1]!;
          const on = !hidden.has(s.objectType);
          return (
            <li key={s.objectType}>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => toggle(s.objectType)}
                className={`inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  on ? 'border-slate-200 bg-white text-slate-800 hover:bg-slate-50' : 'border-dashed border-slate-300 bg-slate-50 text-slate-500'
                }`}
              >
                <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: on ? OBJECT_TYPE_COLORS[s.objectType] : '#cbd5e1' }} />
                {OBJECT_TYPE_LABELS[s.objectType]}
                <span className="tabular-nums text-slate-500">{formatScore(latest.healthScore)}</span>
              </button>
            </li>
          );
        })}
      </ul>

      {shown.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-500">Choose an object type above to draw its line.</p>
      ) : (
        <div className="mt-5">
          <TrendLineChart series={healthLines(shown)} summary={summarizeHealth(shown, trends.days)} singleMomentNote={FIRST_SCAN_NOTE} />
        </div>
      )}

      <details className="group mt-4">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600">Show the data as a table</summary>
        {/* Wider than the panel beside the sidebar: it scrolls sideways, with shadows at the edges that have more. */}
        <ScrollFrame label="Health scores by scan" className="mt-3 rounded-lg border border-slate-200">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Health score of each completed scan in the last {trends.days} days</caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                {['Scanned', 'Object type', 'Health', 'Completeness', 'Freshness', 'Duplicates', 'Update frequency', 'Records'].map((heading) => (
                  <th key={heading} scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {withData
                .flatMap((s) => s.points.map((point) => ({ objectType: s.objectType, point })))
                .sort((a, b) => Date.parse(b.point.timestamp) - Date.parse(a.point.timestamp))
                .map(({ objectType, point }) => (
                  <tr key={`${objectType}-${point.scanId}`}>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-600">{formatExactTime(new Date(point.timestamp))}</td>
                    <th scope="row" className="whitespace-nowrap px-3 py-2 font-medium text-slate-900">
                      {OBJECT_TYPE_LABELS[objectType]}
                    </th>
                    <td className="px-3 py-2 font-semibold tabular-nums">{formatScore(point.healthScore)}</td>
                    <td className="px-3 py-2 tabular-nums">{formatScore(point.completenessScore)}</td>
                    <td className="px-3 py-2 tabular-nums">{formatScore(point.freshnessScore)}</td>
                    <td className="px-3 py-2 tabular-nums">{formatScore(point.duplicateScore)}</td>
                    <td className="px-3 py-2 tabular-nums">{formatScore(point.updateFrequencyScore)}</td>
                    <td className="px-3 py-2 tabular-nums">{formatCount(point.totalRecords)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </ScrollFrame>
      </details>
    </div>
  );
}
