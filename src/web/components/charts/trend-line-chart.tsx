import { useId } from 'react';
import { formatScore } from '../../features/dashboard/format-numbers';
import { formatExactTime, formatShortDate } from '../../features/dashboard/time-ago';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  /** Drawn thicker, above the others. */
  emphasis?: boolean;
  points: readonly { id: number; time: number; value: number }[];
}

const Y_STEPS = [0, 0.25, 0.5, 0.75, 1];
const MAX_X_LABELS = 4;
const DAY = 86_400_000;
/** Labels closer than this share of the width would run into each other. */
const MIN_LABEL_GAP = 18;
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The stretch of time the chart spans: the data's own, but never less than a day, centred on
 * the data. Scans minutes apart then sit close together under one date, as they happened,
 * rather than spread across the whole width as if days apart.
 */
export function timeDomain(times: readonly number[]): { start: number; end: number } {
  const first = Math.min(...times);
  const last = Math.max(...times);
  if (last - first >= DAY) return { start: first, end: last };
  const middle = (first + last) / 2;
  return { start: middle - DAY / 2, end: middle + DAY / 2 };
}

/**
 * The dates under the chart, each once: the days that have scans when there are few (a label
 * under its scans), otherwise evenly spaced dates; any label that would crowd the one before it is left out.
 */
export function timeLabels(times: readonly number[], start: number, end: number, format: (time: number) => string = (time) => formatShortDate(new Date(time))): { x: number; label: string }[] {
  const x = (time: number) => round2(((time - start) / (end - start)) * 100);
  const byDay = new Map<string, number[]>();
  for (const time of [...times].sort((a, b) => a - b)) byDay.set(format(time), [...(byDay.get(format(time)) ?? []), time]);
  const candidates =
    byDay.size <= MAX_X_LABELS
      ? [...byDay].map(([label, dayTimes]) => ({ x: x((Math.min(...dayTimes) + Math.max(...dayTimes)) / 2), label }))
      : Array.from({ length: MAX_X_LABELS }, (_, i) => {
          const time = start + ((end - start) * i) / (MAX_X_LABELS - 1);
          return { x: x(time), label: format(time) };
        });
  const kept: { x: number; label: string }[] = [];
  for (const candidate of candidates) {
    const previous = kept.at(-1);
    if (previous && (previous.label === candidate.label || candidate.x - previous.x < MIN_LABEL_GAP)) continue;
    kept.push(candidate);
  }
  return kept;
}

/** Heights (0-100, down) for labels beside dots at one moment, moved apart so that none overlaps the next. */
export function spreadApart(heights: readonly number[], gap = 8): number[] {
  const order = heights.map((height, index) => ({ height, index })).sort((a, b) => a.height - b.height);
  const placed = new Array<number>(heights.length);
  let previous = -Infinity;
  for (const { height, index } of order) {
    previous = Math.max(height, previous + gap);
    placed[index] = previous;
  }
  return placed;
}

/** Where a label under the axis is anchored, so that the ones at the edges stay inside the chart. */
function anchor(x: number): string {
  if (x <= 8) return '';
  if (x >= 92) return '-translate-x-full';
  return '-translate-x-1/2';
}

/**
 * Values over time as lines: the one chart of the dashboard, the reports and the assistant.
 * SVG on a 100 × 100 plane for the lines, HTML for labels and dots so text stays readable at
 * any width. It reads from the first scan on: a lone point is a larger dot with its value
 * beside it, scans close together stay together, and no date appears twice on the axis. The
 * picture is one image for assistive technology, described by `summary`. Values other than
 * scores (counts in the assistant's answers) pass their own top of scale and formatting.
 */
export function TrendLineChart({
  series,
  summary,
  yMax = 100,
  formatValue = formatScore,
  singleMomentNote,
}: {
  series: readonly ChartSeries[];
  summary: string;
  yMax?: number;
  formatValue?: (value: number) => string;
  /** Said under the chart while every point is from one moment (the first scan). */
  singleMomentNote?: string;
}) {
  const titleId = useId();
  const yTicks = Y_STEPS.map((step) => step * yMax);
  const times = series.flatMap((s) => s.points.map((p) => p.time));
  const { start, end } = timeDomain(times);
  const x = (time: number) => round2(((time - start) / (end - start)) * 100);
  const y = (value: number) => round2(100 - Math.min(100, Math.max(0, (value / yMax) * 100)));
  const ordered = [...series].sort((a, b) => Number(a.emphasis ?? false) - Number(b.emphasis ?? false));
  const moments = new Set(times).size;
  const lone = ordered.flatMap((s) => s.points.map((p) => ({ key: `${s.key}-${p.id}`, time: p.time, value: p.value })));
  const loneHeights = spreadApart(lone.map((p) => y(p.value)));

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
              className={`absolute -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-sm ${moments === 1 ? 'h-3.5 w-3.5' : s.emphasis ? 'h-3 w-3' : 'h-2 w-2'}`}
              style={{ left: `${x(p.time)}%`, top: `${y(p.value)}%`, backgroundColor: s.color }}
            />
          )),
        )}
        {/* A single scan: each dot says its value, as a line would by its height against the next. */}
        {moments === 1 &&
          lone.map((p, i) => (
            <span
              key={`${p.key}-value`}
              data-point-value
              aria-hidden="true"
              className="absolute ml-3 -translate-y-1/2 whitespace-nowrap text-xs font-semibold tabular-nums text-slate-800"
              style={{ left: `${x(p.time)}%`, top: `${loneHeights[i]}%` }}
            >
              {formatValue(p.value)}
            </span>
          ))}
        {timeLabels(times, start, end).map(({ x: at, label }) => (
          <span key={label} data-axis-label aria-hidden="true" className={`absolute top-full mt-2 whitespace-nowrap text-xs text-slate-500 ${anchor(at)}`} style={{ left: `${at}%` }}>
            {label}
          </span>
        ))}
      </div>
      {moments === 1 && singleMomentNote && <p className="mt-9 text-xs text-slate-500">{singleMomentNote}</p>}
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
