import { useId, useState } from 'react';
import type { HistoricalTrends } from '../../../shared/contracts/results';
import type { ObjectType } from '../../../shared/object-types';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { formatCount, formatScore } from './format-numbers';
import { OBJECT_TYPE_COLORS } from './object-type-colors';
import { formatExactTime, formatShortDate } from './time-ago';

type Series = HistoricalTrends['series'][number];

const Y_TICKS = [0, 25, 50, 75, 100];
const X_TICKS = 4;
const HALF_DAY = 43_200_000;

/** Two decimals of a 100-unit plane are finer than any screen, and keep the markup short. */
const round2 = (value: number) => Math.round(value * 100) / 100;

interface Plotted {
  objectType: ObjectType;
  points: { x: number; y: number; time: number; point: Series['points'][number] }[];
}

/** Places the points on a 100 × 100 plane: time across (the data's own span), score up. */
function plot(series: readonly Series[]): { plotted: Plotted[]; start: number; end: number } {
  const times = series.flatMap((s) => s.points.map((p) => Date.parse(p.timestamp)));
  let start = Math.min(...times);
  let end = Math.max(...times);
  // One moment only: centre it rather than divide by zero.
  if (end - start < 1) {
    start -= HALF_DAY;
    end += HALF_DAY;
  }
  const plotted = series.map((s) => ({
    objectType: s.objectType,
    points: s.points.map((point) => {
      const time = Date.parse(point.timestamp);
      return { x: round2(((time - start) / (end - start)) * 100), y: round2(100 - Math.min(100, Math.max(0, point.healthScore))), time, point };
    }),
  }));
  return { plotted, start, end };
}

/** What the picture shows, in a sentence per object type, for screen readers. */
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

/** Health score over time per object type: an SVG line chart, a legend that hides series, and the same data as a table. */
export function HealthTrendsChart({ trends }: { trends: HistoricalTrends }) {
  const titleId = useId();
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
        <Plot series={shown} days={trends.days} titleId={titleId} />
      )}

      <details className="group mt-4">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600">Show the data as a table</summary>
        <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
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
        </div>
      </details>
    </div>
  );
}

/**
 * The drawing stretches to any width: lines are SVG on a 100 × 100 plane (strokes do not
 * scale), while labels and dots are HTML placed by percentage, so text stays readable on a phone.
 */
function Plot({ series, days, titleId }: { series: readonly Series[]; days: number; titleId: string }) {
  const { plotted, start, end } = plot(series);
  const xTicks = Array.from({ length: X_TICKS }, (_, i) => start + ((end - start) * i) / (X_TICKS - 1));
  return (
    <div role="img" aria-labelledby={titleId} className="mt-5 pb-7 pl-9 pr-2">
      <span id={titleId} className="sr-only">
        {summarize(series, days)}
      </span>
      <div className="relative h-56 sm:h-64">
        {Y_TICKS.map((tick) => (
          <span key={tick} aria-hidden="true" className="absolute right-full mr-2 -translate-y-1/2 text-xs tabular-nums text-slate-500" style={{ top: `${100 - tick}%` }}>
            {tick}
          </span>
        ))}
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="absolute inset-0 h-full w-full overflow-visible" aria-hidden="true">
          <title>Health score over time</title>
          {Y_TICKS.map((tick) => (
            <line key={tick} x1="0" x2="100" y1={100 - tick} y2={100 - tick} stroke="#e2e8f0" strokeWidth="1" strokeDasharray={tick === 0 ? undefined : '4 4'} vectorEffect="non-scaling-stroke" />
          ))}
          {plotted.map((s) => (
            <polyline
              key={s.objectType}
              data-series={s.objectType}
              points={s.points.map((p) => `${p.x},${p.y}`).join(' ')}
              fill="none"
              stroke={OBJECT_TYPE_COLORS[s.objectType]}
              strokeWidth="2.5"
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
        {plotted.flatMap((s) =>
          s.points.map((p) => (
            <span
              key={`${s.objectType}-${p.point.scanId}`}
              aria-hidden="true"
              title={`${OBJECT_TYPE_LABELS[s.objectType]}, ${formatExactTime(new Date(p.time))}: ${formatScore(p.point.healthScore)}`}
              className="absolute h-2.5 w-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-sm transition-transform hover:scale-150"
              style={{ left: `${p.x}%`, top: `${p.y}%`, backgroundColor: OBJECT_TYPE_COLORS[s.objectType] }}
            />
          )),
        )}
        {xTicks.map((time, i) => (
          <span
            key={time}
            aria-hidden="true"
            className={`absolute top-full mt-2 whitespace-nowrap text-xs text-slate-500 ${i === 0 ? '' : i === X_TICKS - 1 ? '-translate-x-full' : '-translate-x-1/2'}`}
            style={{ left: `${(i / (X_TICKS - 1)) * 100}%` }}
          >
            {formatShortDate(new Date(time))}
          </span>
        ))}
      </div>
    </div>
  );
}
