import type { HistoricalTrends } from '../../../shared/contracts/results';
import type { ObjectType } from '../../../shared/object-types';
import { formatCount, formatScore, plural } from '../dashboard/format-numbers';
import { healthBand } from '../dashboard/health-band';
import { OBJECT_TYPE_COLORS } from '../dashboard/object-type-colors';
import { formatShortDate } from '../dashboard/time-ago';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';

type Series = HistoricalTrends['series'][number];

/** The health line of the period, drawn small: the numbers beside it say what it shows. */
function Sparkline({ series }: { series: Series }) {
  const values = series.points.map((p) => p.healthScore);
  const low = Math.max(0, Math.min(...values) - 5);
  const high = Math.min(100, Math.max(...values) + 5);
  const span = Math.max(1, high - low);
  const step = values.length > 1 ? 100 / (values.length - 1) : 0;
  const points = values.map((value, i) => `${values.length > 1 ? i * step : 50},${30 - ((value - low) / span) * 30}`).join(' ');
  return (
    <svg viewBox="0 -2 100 34" preserveAspectRatio="none" aria-hidden="true" className="h-10 w-full overflow-visible">
      <polyline points={points} fill="none" stroke={OBJECT_TYPE_COLORS[series.objectType]} strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

function Change({ series }: { series: Series }) {
  const first = series.points[0]!;
  const last = series.points[series.points.length - 1]!;
  if (series.points.length < 2) return <p className="text-sm text-slate-600">One scan in this period</p>;
  const delta = Math.round(last.healthScore) - Math.round(first.healthScore);
  const since = formatShortDate(new Date(first.timestamp));
  if (delta === 0) return <p className="text-sm text-slate-600">No change since {since}</p>;
  const up = delta > 0;
  return (
    <p className={`text-sm font-medium ${up ? 'text-emerald-700' : 'text-red-700'}`}>
      <span aria-hidden="true">{up ? '▲' : '▼'} </span>
      <span className="sr-only">{up ? 'Up' : 'Down'} </span>
      {Math.abs(delta)} {Math.abs(delta) === 1 ? 'point' : 'points'} since {since}
    </p>
  );
}

/** Per object type: its health now, how it moved over the period, and its line. */
export function ObjectTrendCards({ series, onSelect }: { series: readonly Series[]; onSelect?: (type: ObjectType) => void }) {
  const withData = series.filter((s) => s.points.length > 0);
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 ${withData.length >= 3 ? 'xl:grid-cols-4' : ''}`}>
      {withData.map((s) => {
        const last = s.points[s.points.length - 1]!;
        const band = healthBand(last.healthScore);
        const label = OBJECT_TYPE_LABELS[s.objectType];
        return (
          <li key={s.objectType} data-print-keep className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${band.badge}`}>{band.label}</span>
            </div>
            <p className="mt-2 flex items-baseline gap-1.5">
              <span className="text-3xl font-bold tabular-nums text-slate-900">{formatScore(last.healthScore)}</span>
              <span className="text-sm text-slate-600">health score</span>
            </p>
            <Change series={s} />
            <div className="mt-3">
              <Sparkline series={s} />
            </div>
            <p className="mt-3 text-xs text-slate-600">
              {plural(s.points.length, 'scan', 'scans')} · {formatCount(last.totalRecords)} records · {formatCount(last.duplicateRecords)} duplicates
            </p>
            {onSelect && (
              <button
                type="button"
                onClick={() => onSelect(s.objectType)}
                className="mt-3 self-start text-sm font-semibold text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600 print:hidden"
              >
                {label} in detail<span aria-hidden="true">&nbsp;→</span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
