import type { ApiUsage } from '../../../shared/contracts/enterprise-api';
import { DashboardPanel, SectionError } from '../dashboard/dashboard-panel';
import { formatToday } from '../dashboard/time-ago';
import { useApiUsage } from './api/enterprise-api-requests';
import { formatNumber } from './enterprise-api-words';
import { SectionLoading } from './section-loading';

function Gauge({ label, used, limit, resets }: { label: string; used: number; limit: number; resets: string }) {
  const share = limit > 0 ? Math.min(1, used / limit) : 0;
  const tone = share >= 0.9 ? 'bg-red-500' : share >= 0.75 ? 'bg-amber-500' : 'bg-brand-600';
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">
        {formatNumber(used)} <span className="text-sm font-normal text-slate-500">of {formatNumber(limit)} calls</span>
      </p>
      <div role="meter" aria-label={`${label}: calls used`} aria-valuemin={0} aria-valuemax={limit} aria-valuenow={used} className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-100">
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${share * 100}%` }} />
      </div>
      <p className="mt-2 text-xs text-slate-500">
        {Math.round(share * 100)}% used · {resets}
      </p>
    </div>
  );
}

const CHART = { width: 600, height: 160, gap: 2 } as const;

/** Calls per UTC day as bars, errors overlaid in red; inline SVG that scales with its box. */
function UsageChart({ days }: { days: ApiUsage['days'] }) {
  const max = Math.max(1, ...days.map((d) => d.calls));
  const barWidth = CHART.width / days.length - CHART.gap;
  const totalCalls = days.reduce((sum, d) => sum + d.calls, 0);
  const totalErrors = days.reduce((sum, d) => sum + d.errors, 0);
  const height = (n: number) => (n / max) * CHART.height;
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  return (
    <figure className="mt-6">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <span className="font-medium">Last {days.length} days</span>
        <span className="flex gap-4 text-xs">
          <span className="flex items-center gap-1.5">
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm bg-brand-600" />
            {formatNumber(totalCalls)} calls
          </span>
          <span className="flex items-center gap-1.5">
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm bg-red-500" />
            {formatNumber(totalErrors)} errors
          </span>
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} preserveAspectRatio="none" role="img" aria-label={`Calls and errors per day over the last ${days.length} days`} className="mt-3 h-40 w-full">
        {days.map((d, i) => {
          const x = i * (barWidth + CHART.gap);
          return (
            <g key={d.day}>
              <title>{`${d.day}: ${formatNumber(d.calls)} calls, ${formatNumber(d.errors)} errors`}</title>
              <rect x={x} y={CHART.height - height(d.calls)} width={barWidth} height={height(d.calls)} className="fill-brand-600" rx={1} />
              <rect x={x} y={CHART.height - height(d.errors)} width={barWidth} height={height(d.errors)} className="fill-red-500" rx={1} />
            </g>
          );
        })}
      </svg>
      {first && last && (
        <div className="mt-1 flex justify-between text-xs text-slate-500">
          <span>{new Date(`${first}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })}</span>
          <span>{formatToday()}</span>
        </div>
      )}
    </figure>
  );
}

/** Today's and this month's calls against the plan's limits, and the last 30 days. */
export function UsageSection() {
  const usage = useApiUsage();
  return (
    <DashboardPanel id="api-usage" title="Usage" description="Calls to /api/v1 count against your plan's limits. Counters start again at midnight UTC and on the 1st of the month.">
      {usage.isPending ? (
        <SectionLoading label="Loading your usage…" />
      ) : usage.isError ? (
        <SectionError message="Your usage could not be loaded." onRetry={() => void usage.refetch()} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Gauge label="Today" used={usage.data.today.used} limit={usage.data.today.limit} resets="resets at midnight UTC" />
            <Gauge label="This month" used={usage.data.month.used} limit={usage.data.month.limit} resets="resets on the 1st (UTC)" />
          </div>
          <UsageChart days={usage.data.days} />
        </>
      )}
    </DashboardPanel>
  );
}
