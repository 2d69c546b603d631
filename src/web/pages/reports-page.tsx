import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { DuplicationByField, HealthResults, HistoricalTrends } from '../../shared/contracts/results';
import { OBJECT_TYPES, type ObjectType } from '../../shared/object-types';
import { Button, ButtonLink } from '../components/ui/button';
import { ReportsIcon } from '../components/ui/icons';
import { toast } from '../components/ui/toast-store';
import { useDuplicationByField } from '../features/dashboard/api/get-duplication-by-field';
import { useHistoricalTrends } from '../features/dashboard/api/get-historical-trends';
import { useHubspotStatus } from '../features/dashboard/api/get-hubspot-status';
import { useResults } from '../features/dashboard/api/get-results';
import { DashboardPanel, SectionError } from '../features/dashboard/dashboard-panel';
import { DuplicationByFieldChart } from '../features/dashboard/duplication-by-field-chart';
import { plural } from '../features/dashboard/format-numbers';
import { TREND_PERIODS } from '../features/dashboard/health-trends-panel';
import { formatExactTime } from '../features/dashboard/time-ago';
import { saveFile } from '../features/legal/save-file';
import { CompletenessByProperty } from '../features/reports/completeness-by-property';
import { HealthByTypeChart } from '../features/reports/health-by-type-chart';
import { ObjectTrendCards } from '../features/reports/object-trend-cards';
import { ReportPrintStyles } from '../features/reports/report-print-styles';
import { scanHistoryCsv, scanHistoryFileName, scanHistoryRows, type ScanHistoryRow } from '../features/reports/scan-history';
import { ScanHistoryTable } from '../features/reports/scan-history-table';
import { ScorePartsChart } from '../features/reports/score-parts-chart';
import { SegmentedControl } from '../features/reports/segmented-control';
import { OBJECT_TYPE_LABELS } from '../features/scans/object-type-labels';
import { DEMO_BASE_PATH, isDemoMode } from '../lib/demo-mode';
import { portalDisplayName } from '../../shared/portal-name';

type TypeChoice = ObjectType | 'all';

const TYPE_OPTIONS: readonly { value: TypeChoice; label: string }[] = [{ value: 'all', label: 'All types' }, ...OBJECT_TYPES.map((type) => ({ value: type, label: OBJECT_TYPE_LABELS[type] }))];
const PERIOD_OPTIONS = TREND_PERIODS.map((period) => ({ value: period.days, label: period.label }));
const DEFAULT_DAYS = 90;

/** The object type and period live in the address, so a report can be bookmarked, shared and printed as seen. */
function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type: TypeChoice = (OBJECT_TYPES as readonly string[]).includes(typeParam ?? '') ? (typeParam as ObjectType) : 'all';
  const daysParam = Number(params.get('days'));
  const days = PERIOD_OPTIONS.some((p) => p.value === daysParam) ? daysParam : DEFAULT_DAYS;
  const update = (changes: { type?: TypeChoice; days?: number }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (changes.type !== undefined) {
          if (changes.type === 'all') next.delete('type');
          else next.set('type', changes.type);
        }
        if (changes.days !== undefined) {
          if (changes.days === DEFAULT_DAYS) next.delete('days');
          else next.set('days', String(changes.days));
        }
        return next;
      },
      { replace: true },
    );
  return { type, days, update };
}

function periodLabel(days: number): string {
  return PERIOD_OPTIONS.find((p) => p.value === days)?.label ?? `${days} days`;
}

function exportCsv(rows: readonly ScanHistoryRow[], type: TypeChoice, days: number) {
  const filename = scanHistoryFileName(type === 'all' ? null : type, days, new Date());
  saveFile({ blob: new Blob([scanHistoryCsv(rows)], { type: 'text/csv;charset=utf-8' }), filename });
  toast({ title: 'Scan history exported', description: `${plural(rows.length, 'scan', 'scans')} saved as ${filename}.`, variant: 'success' });
}

function ReportsSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading your reports…</span>
      <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-44 animate-pulse rounded-2xl bg-slate-200/70" />
        ))}
      </div>
      <div aria-hidden="true" className="h-80 animate-pulse rounded-2xl bg-slate-200/70" />
      <div aria-hidden="true" className="h-64 animate-pulse rounded-2xl bg-slate-200/70" />
    </div>
  );
}

function EmptyReports({ connected, basePath }: { connected: boolean; basePath: string }) {
  return (
    <section aria-labelledby="no-reports-heading" className="rounded-3xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm sm:px-12">
      <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <ReportsIcon className="h-7 w-7" />
      </span>
      <h2 id="no-reports-heading" className="mt-5 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
        No reports yet
      </h2>
      <p className="mx-auto mt-3 max-w-lg text-slate-600">
        Reports are built from your scans: how each object type&apos;s health moves, which properties are often empty, and the full scan history to export or print.
        {connected ? ' Run your first scan to start them.' : ' Connect HubSpot and run a scan to start them.'}
      </p>
      <ButtonLink to={connected ? `${basePath}/dashboard` : `${basePath}/settings`} size="lg" className="mt-7 print:hidden">
        {connected ? 'Run a scan on the dashboard' : 'Connect HubSpot in Settings'}
      </ButtonLink>
    </section>
  );
}

function NoScansInPeriod({ days, type, onLonger }: { days: number; type: TypeChoice; onLonger: (() => void) | null }) {
  const what = type === 'all' ? 'completed scans' : `completed ${OBJECT_TYPE_LABELS[type].toLowerCase()} scans`;
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600">
      <p>
        No {what} in the last {periodLabel(days).replace(/^1 year$/, 'year')}.
      </p>
      {onLonger && (
        <Button variant="secondary" size="sm" className="mt-3 print:hidden" onClick={onLonger}>
          Show the last year
        </Button>
      )}
    </div>
  );
}

function DuplicationSection({ query, type }: { query: ReturnType<typeof useDuplicationByField>; type: TypeChoice }) {
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" className="h-40 animate-pulse rounded-xl bg-slate-100">
        <span className="sr-only">Loading duplication by field…</span>
      </div>
    );
  } else if (query.isError) {
    body = <SectionError message="Duplication by field could not be loaded." onRetry={() => void query.refetch()} />;
  } else {
    const data: DuplicationByField = { objects: query.data.objects.filter((o) => type === 'all' || o.objectType === type) };
    body = <DuplicationByFieldChart data={data} />;
  }
  return (
    <DashboardPanel id="report-duplication-heading" title="Duplication by field" description="Share of scanned records whose value another record has too, from each object type's latest scan.">
      <div data-print-keep>{body}</div>
    </DashboardPanel>
  );
}

function ReportBody({
  results,
  trends,
  trendsQuery,
  duplication,
  type,
  days,
  onType,
  onDays,
}: {
  results: HealthResults;
  trends: HistoricalTrends | undefined;
  trendsQuery: ReturnType<typeof useHistoricalTrends>;
  duplication: ReturnType<typeof useDuplicationByField>;
  type: TypeChoice;
  days: number;
  onType: (type: ObjectType) => void;
  onDays: (days: number) => void;
}) {
  const series = (trends?.series ?? []).filter((s) => type === 'all' || s.objectType === type);
  const withPoints = series.filter((s) => s.points.length > 0);
  const rows = trends ? scanHistoryRows(trends, type === 'all' ? null : type) : [];
  const objects = results.objects.filter((o) => type === 'all' || o.objectType === type);
  const noScans = <NoScansInPeriod days={days} type={type} onLonger={days < 365 ? () => onDays(365) : null} />;
  const trendsBusy = trendsQuery.isPlaceholderData;

  const trendsSection = (body: ReactNode) => (trendsQuery.isError ? <SectionError message="The scan history could not be loaded." onRetry={() => void trendsQuery.refetch()} /> : body);

  return (
    <>
      <section aria-labelledby="glance-heading" data-print-keep>
        <h2 id="glance-heading" className="text-base font-semibold text-slate-900">
          At a glance
        </h2>
        <div className="mt-3" aria-busy={trendsBusy}>
          {trendsSection(withPoints.length > 0 ? <ObjectTrendCards series={withPoints} onSelect={type === 'all' ? onType : undefined} /> : noScans)}
        </div>
      </section>

      <DashboardPanel
        id="report-trends-heading"
        title={type === 'all' ? 'Health over time' : `${OBJECT_TYPE_LABELS[type]}: health and its parts over time`}
        description={type === 'all' ? 'The health score of every completed scan, per object type.' : 'The health score with completeness, freshness, duplicates and update frequency, scan by scan.'}
      >
        <div data-print-keep aria-busy={trendsBusy} className={trendsBusy ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          {trendsSection(
            withPoints.length === 0 ? noScans : type === 'all' ? <HealthByTypeChart series={withPoints} days={days} /> : <ScorePartsChart series={withPoints[0]!} days={days} />,
          )}
        </div>
      </DashboardPanel>

      <DashboardPanel id="report-completeness-heading" title="Completeness by property" description="How often each key property is filled, from each object type's latest scan; the emptiest first. Heavier properties count more in the completeness score.">
        <CompletenessByProperty objects={objects} />
      </DashboardPanel>

      <DuplicationSection query={duplication} type={type} />

      <DashboardPanel
        id="report-history-heading"
        title="Scan history"
        description={`Every completed scan in the last ${periodLabel(days).replace(/^1 year$/, 'year')}, newest first.`}
        actions={
          rows.length > 0 && (
            <Button variant="secondary" size="sm" className="self-start print:hidden" disabled={trendsBusy} onClick={() => exportCsv(rows, type, days)}>
              Export CSV
            </Button>
          )
        }
      >
        <div aria-busy={trendsBusy}>
          {trendsSection(rows.length > 0 ? <ScanHistoryTable key={`${type}-${days}`} rows={rows} caption={`Scan history, ${type === 'all' ? 'all object types' : OBJECT_TYPE_LABELS[type]}, last ${periodLabel(days)}`} /> : noScans)}
        </div>
      </DashboardPanel>
    </>
  );
}

/** /reports (and /demo/reports): scan history per object type as charts and a table, property completeness, CSV export and a print-ready view. */
export function ReportsPage() {
  const demo = isDemoMode(useLocation().pathname);
  const basePath = demo ? DEMO_BASE_PATH : '';
  const { type, days, update } = useReportFilters();
  const status = useHubspotStatus();
  const results = useResults();
  const trends = useHistoricalTrends(days);
  const duplication = useDuplicationByField();

  const portal = status.data?.connected ? portalDisplayName(status.data) : null;
  const hasTrendPoints = trends.data?.series.some((s) => s.points.length > 0) ?? false;
  const rows = trends.data ? scanHistoryRows(trends.data, type === 'all' ? null : type) : [];
  const hasData = (results.data?.objects.length ?? 0) > 0 || hasTrendPoints;

  let body: ReactNode;
  if (results.isPending || (trends.isPending && !trends.data)) {
    body = <ReportsSkeleton />;
  } else if (results.isError) {
    body = (
      <SectionError
        role="status"
        message="Your reports could not be loaded. Check your connection and try again."
        onRetry={() => {
          void results.refetch();
          if (trends.isError) void trends.refetch();
        }}
      />
    );
  } else if (!hasData && !trends.isError) {
    body = <EmptyReports connected={status.data?.connected ?? false} basePath={basePath} />;
  } else {
    body = (
      <ReportBody
        results={results.data}
        trends={trends.data}
        trendsQuery={trends}
        duplication={duplication}
        type={type}
        days={days}
        onType={(next) => update({ type: next })}
        onDays={(next) => update({ days: next })}
      />
    );
  }

  const ready = !results.isPending && !results.isError && hasData;
  return (
    <div data-print-root className="mx-auto max-w-7xl space-y-6">
      <ReportPrintStyles />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Reports</h1>
          <p className="mt-1 text-slate-600">
            How your CRM&apos;s data quality moves from scan to scan
            {portal && (
              <>
                {' '}
                in <span className="font-medium text-slate-800">{portal}</span>
              </>
            )}
            .
          </p>
          <p className="hidden text-sm text-slate-600 print:block">
            {type === 'all' ? 'All object types' : OBJECT_TYPE_LABELS[type]}, last {periodLabel(days)}. Generated by DataCleaner on {formatExactTime(new Date())}.
          </p>
        </div>
        {ready && (
          <div className="flex shrink-0 gap-2 print:hidden">
            <Button variant="secondary" onClick={() => exportCsv(rows, type, days)} disabled={rows.length === 0 || trends.isPlaceholderData}>
              Export CSV
            </Button>
            <Button onClick={() => window.print()}>Print report</Button>
          </div>
        )}
      </div>

      {ready && (
        <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm md:flex-row md:items-center md:justify-between print:hidden">
          <SegmentedControl label="Object type" options={TYPE_OPTIONS} value={type} onChange={(next) => update({ type: next })} />
          <SegmentedControl label="Period" options={PERIOD_OPTIONS} value={days} onChange={(next) => update({ days: next })} />
        </div>
      )}

      {body}
    </div>
  );
}
