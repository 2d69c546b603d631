import { useId } from 'react';
import { formatScore } from '../dashboard/format-numbers';
import { formatExactTime, formatShortDate } from '../dashboard/time-ago';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  /** Drawn thicker, above the others. */
  emphasis?: boolean;
  points: readonly { id: number; time: number; value: number }[];
}

const Y_STEPS = [0, 0.25, 0.5, 0.75, 1];
const X_TICKS = 4;
const HALF_DAY = 43_200_000;
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Scores (0-100) over time as lines, like the dashboard's trend chart: SVG on a 100 × 100
 * plane for the lines, HTML for labels and dots so text stays readable at any width. The
 * picture is one image for assistive technology, described by `summary`. Values other than
 * scores (counts in the assistant's answers) pass their own top of scale and formatting.
 */
export function TrendLineChart({ series, summary, yMax = 100, formatValue = formatScore }: { series: readonly ChartSeries[]; summary: string; yMax?: number; formatValue?: (value: number) => string }) {
  const titleId = useId();
  const yTicks = Y_STEPS.map((step) => step * yMax);
  const times = series.flatMap((s) => s.points.map((p) => p.time));
  let start = Math.min(...times);
  let end = Math.max(...times);
  if (end - start < 1) {
    start -= HALF_DAY;
    end += HALF_DAY;
  }
  const x = (time: number) => round2(((time - start) / (end - start)) * 100);
  const y = (value: number) => round2(100 - Math.min(100, Math.max(0, (value / yMax) * 100)));
  const ordered = [...series].sort((a, b) => Number(a.emphasis ?? false) - Number(b.emphasis ?? false));
  const xTicks = Array.from({ length: X_TICKS }, (_, i) => start + ((end - start) * i) / (X_TICKS - 1));

  return (
    <div role="img" aria-labelledby={titleId} className="pb-7 pl-9 pr-2">
      <span id={titleId} className="sr-only">
        {summary}
      </span>
      <div className="relative h-56 sm:h-64">
        {yTicks.map((tick) => (
          <span key={tick} aria-hidden="true" className="absolute right-full mr-2 -translate-y-1/2 whitespace-nowrap text-xs tabular-nums text-slate-500" style={{ top: `${y(tick)}%` }}>
            {formatValue(tick)}
          </span>
        ))}
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="absolute inset-0 h-full w-full overflow-visible" aria-hidden="true">
          {yTicks.map((tick) => (
            <line key={tick} x1="0" x2="100" y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" strokeWidth="1" strokeDasharray={tick === 0 ? undefined : '4 4'} vectorEffect="non-scaling-stroke" />
          ))}
          {ordered.map((s) => (
            <polyline
              key={s.key}
              data-series={s.key}
              points={s.points.map((p) => `${x(p.time)},${y(p.value)}`).join(' ')}
              fill="none"
              stroke={s.color}
              strokeWidth={s.emphasis ? 3 : 2}
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
        {ordered.flatMap((s) =>
          s.points.map((p) => (
            <span
              key={`${s.key}-${p.id}`}
              aria-hidden="true"
              title={`${s.label}, ${formatExactTime(new Date(p.time))}: ${formatValue(p.value)}`}
              className={`absolute -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-sm ${s.emphasis ? 'h-3 w-3' : 'h-2 w-2'}`}
              style={{ left: `${x(p.time)}%`, top: `${y(p.value)}%`, backgroundColor: s.color }}
            />
          )),
        )}
        {xTicks.map((time, i) => (
          <span
            key={i}
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

/** The colour key under a chart: a line sample and its name, read as a list. */
export function ChartLegend({ series }: { series: readonly Pick<ChartSeries, 'key' | 'label' | 'color' | 'emphasis'>[] }) {
  return (
    <ul aria-label="Lines on the chart" className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
      {series.map((s) => (
        <li key={s.key} className="inline-flex items-center gap-2">
          <span aria-hidden="true" className={`inline-block w-5 rounded-full ${s.emphasis ? 'h-1' : 'h-0.5'}`} style={{ backgroundColor: s.color }} />
          <span className={s.emphasis ? 'font-semibold text-slate-900' : ''}>{s.label}</span>
        </li>
      ))}
    </ul>
  );
}
