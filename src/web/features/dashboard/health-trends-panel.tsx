import { useState } from 'react';
import { useHistoricalTrends } from './api/get-historical-trends';
import { DashboardPanel, SectionError } from './dashboard-panel';
import { HealthTrendsChart } from './health-trends-chart';

export const TREND_PERIODS = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
] as const;

/** The trends chart with its period, loading and error states. */
export function HealthTrendsPanel() {
  const [days, setDays] = useState<number>(90);
  const trends = useHistoricalTrends(days);
  const hasPoints = trends.data?.series.some((s) => s.points.length > 0) ?? false;

  return (
    <DashboardPanel
      id="health-trends-heading"
      title="Health over time"
      description="The health score of every completed scan, per object type."
      actions={
        <div role="group" aria-label="Period" className="inline-flex self-start rounded-lg bg-slate-100 p-1">
          {TREND_PERIODS.map((period) => (
            <button
              key={period.days}
              type="button"
              aria-pressed={days === period.days}
              onClick={() => setDays(period.days)}
              className={`rounded-md px-3 py-1 text-xs font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 ${
                days === period.days ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              {period.label}
            </button>
          ))}
        </div>
      }
    >
      {trends.isPending ? (
        <div role="status" className="h-64 animate-pulse rounded-xl bg-slate-100">
          <span className="sr-only">Loading the trends…</span>
        </div>
      ) : trends.isError ? (
        <SectionError message="The trends could not be loaded." onRetry={() => void trends.refetch()} />
      ) : !hasPoints ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-500">No completed scans in the last {days} days. Each scan adds a point here.</p>
      ) : (
        <div aria-busy={trends.isPlaceholderData} className={trends.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <HealthTrendsChart trends={trends.data} />
        </div>
      )}
    </DashboardPanel>
  );
}
