import type { DataBlock } from '../../../shared/contracts/assistant';
import { MeterBar } from '../dashboard/meter-bar';
import { ChartLegend, TrendLineChart, type ChartSeries } from '../../components/charts/trend-line-chart';
import { cellTime, formatCell, formatCompact, type ColumnFormat } from './format-cell';

/** Colours at least 3:1 against white, as the reports' charts use. */
const SERIES_COLORS = ['#0f172a', '#0284c7', '#059669', '#7c3aed', '#c2410c'];

type Chart = NonNullable<DataBlock['chart']>;

/** The top of the scale: 100 for scores and percents, otherwise a round number above the largest value. */
function scaleTop(values: readonly number[], formats: readonly ColumnFormat[]): number {
  const largest = Math.max(0, ...values);
  if (largest <= 100 && (formats.every((f) => f === 'percent') || largest > 10)) return 100;
  const magnitude = 10 ** Math.floor(Math.log10(largest || 1));
  return ([1, 2, 4, 5, 10].map((step) => step * magnitude).find((top) => top >= largest) ?? largest) || 1;
}

function numeric(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function LineChart({ block, chart }: { block: DataBlock; chart: Chart }) {
  const columns = chart.series.map((key) => block.columns.find((c) => c.key === key)).filter((c) => c !== undefined);
  const lines: ChartSeries[] = columns.map((column, i) => ({
    key: column.key,
    label: column.label,
    color: SERIES_COLORS[i % SERIES_COLORS.length]!,
    emphasis: i === 0 && columns.length > 1,
    points: block.rows.flatMap((row, id) => {
      const time = cellTime(row[chart.x] ?? null);
      const value = numeric(row[column.key]);
      return time === null || value === null ? [] : [{ id, time, value }];
    }),
  }));
  const drawn = lines.filter((line) => line.points.length > 0);
  if (drawn.length === 0) return null;
  const top = scaleTop(
    drawn.flatMap((line) => line.points.map((p) => p.value)),
    columns.map((c) => c.format),
  );
  const summary = `${block.title}: ${drawn.map((line) => `${line.label} from ${formatCell(line.points[0]!.value, 'number')} to ${formatCell(line.points.at(-1)!.value, 'number')}`).join('; ')}. The table below has every value.`;
  return (
    <div>
      <TrendLineChart series={drawn} summary={summary} yMax={top} formatValue={formatCompact} />
      {drawn.length > 1 && <ChartLegend series={drawn} />}
    </div>
  );
}

/** Horizontal bars, one row per label, the value as text beside each: like the dashboard's duplication chart. */
function BarChart({ block, chart }: { block: DataBlock; chart: Chart }) {
  const columns = chart.series.map((key) => block.columns.find((c) => c.key === key)).filter((c) => c !== undefined);
  const xColumn = block.columns.find((c) => c.key === chart.x);
  const values = block.rows.flatMap((row) => columns.map((c) => numeric(row[c.key]) ?? 0));
  // One scale for every bar, so a long bar means the same everywhere; percents keep their own 100.
  const top = columns.every((c) => c.format === 'percent') ? 100 : Math.max(0.0001, ...values);
  const single = columns.length === 1;
  return (
    <ul aria-label={`${block.title}, as bars`} className="space-y-3">
      {block.rows.map((row, i) => {
        const label = formatCell(row[chart.x] ?? null, xColumn?.format ?? 'text');
        return (
          <li key={i}>
            {!single && <p className="text-sm font-medium text-slate-800">{label}</p>}
            {columns.map((column, j) => {
              const value = numeric(row[column.key]);
              return (
                <div key={column.key} className={single ? '' : 'mt-1'}>
                  <p className={`flex items-baseline justify-between gap-3 ${single ? 'text-sm text-slate-800' : 'text-xs text-slate-500'}`}>
                    {/* One series: the row's label names the bar; several: each bar its series. */}
                    <span>{single ? label : column.label}</span>
                    <span className="shrink-0 font-semibold tabular-nums text-slate-900">{formatCell(value, column.format)}</span>
                  </p>
                  <MeterBar fraction={(value ?? 0) / top} color={SERIES_COLORS[(j + 1) % SERIES_COLORS.length]!} />
                </div>
              );
            })}
          </li>
        );
      })}
    </ul>
  );
}

/** A data block drawn as the server asked: a line over time or bars per label. */
export function BlockChart({ block }: { block: DataBlock }) {
  if (!block.chart || block.rows.length === 0) return null;
  return block.chart.kind === 'line' ? <LineChart block={block} chart={block.chart} /> : <BarChart block={block} chart={block.chart} />;
}
