import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { HubSpotStatus } from '../../shared/contracts/hubspot';
import type { HealthResults } from '../../shared/contracts/results';
import { Alert } from '../components/ui/alert';
import { Button, ButtonLink } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useHubspotStatus } from '../features/dashboard/api/get-hubspot-status';
import { useResults } from '../features/dashboard/api/get-results';
import { DashboardPanel, SectionError } from '../features/dashboard/dashboard-panel';
import { FirstScanState, NotConnectedState } from '../features/dashboard/dashboard-empty-states';
import { DashboardSkeleton } from '../features/dashboard/dashboard-skeleton';
import { DuplicationByFieldPanel } from '../features/dashboard/duplication-by-field-panel';
import { HealthTrendsPanel } from '../features/dashboard/health-trends-panel';
import { ObjectHealthCard } from '../features/dashboard/object-health-card';
import { OverallHealthCard } from '../features/dashboard/overall-health-card';
import { TopIssues } from '../features/dashboard/top-issues';
import { RecommendationList } from '../features/recommendations';
import { ScanProgressPanel } from '../features/scans/scan-progress-panel';
import { useScanControl, type ScanControl } from '../features/scans/use-scan-control';
import { DEMO_BASE_PATH, isDemoMode } from '../lib/demo-mode';
import { portalDisplayName } from '../../shared/portal-name';

function ScanNowButton({ scan, size = 'md' }: { scan: ScanControl; size?: 'md' | 'lg' }) {
  const busy = scan.starting || scan.active !== null;
  return (
    <Button size={size} onClick={scan.start} disabled={busy || !scan.ready}>
      {busy && <Spinner className="h-4 w-4" />}
      {scan.active ? 'Scan running…' : scan.starting ? 'Starting…' : 'Scan now'}
    </Button>
  );
}

/** What the scan is doing now, or how the last one ended, above everything else. */
function ScanStatus({ scan }: { scan: ScanControl }) {
  if (scan.active) return <ScanProgressPanel run={scan.active} transport={scan.transport} onCancel={scan.cancel} cancelling={scan.cancelling} />;
  if (scan.startError)
    return (
      <Alert tone="error" title="The scan could not start">
        {scan.startError}
      </Alert>
    );
  if (scan.failed)
    return (
      <Alert tone="error" title="The last scan failed">
        {scan.failed.errorMessage ?? 'Something went wrong during the scan. Please try again.'}
      </Alert>
    );
  return null;
}

function Header({ portal, actions }: { portal: string | null; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Dashboard</h1>
        <p className="mt-1 text-slate-600">
          Your CRM&apos;s health score, the duplicates found and how both change over time
          {portal && (
            <>
              {' '}
              in <span className="font-medium text-slate-800">{portal}</span>
            </>
          )}
          .
        </p>
      </div>
      {actions && <div className="flex shrink-0 items-center gap-3">{actions}</div>}
    </div>
  );
}

/** Wide screens fit up to four cards in a row; fewer cards share the row rather than leave gaps. */
const CARD_COLUMNS: Readonly<Record<number, string>> = { 1: '', 2: '', 3: 'lg:grid-cols-3' };

function Results({ results, basePath }: { results: HealthResults; basePath: string }) {
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-3">
        <OverallHealthCard results={results} />
        <DashboardPanel id="top-issues-heading" title="Top issues" description="What most hurts your data quality, and what to do about it." className="lg:col-span-2">
          <TopIssues objects={results.objects} basePath={basePath} />
        </DashboardPanel>
      </div>
      <DashboardPanel id="recommendations-heading" title="Recommendations" description="What to fix first, from your latest scans, with the gain each fix brings.">
        <RecommendationList limit={3} />
      </DashboardPanel>
      <section aria-labelledby="by-object-heading">
        <h2 id="by-object-heading" className="text-base font-semibold text-slate-900">
          By object type
        </h2>
        <div className={`mt-3 grid gap-4 sm:grid-cols-2 ${CARD_COLUMNS[results.objects.length] ?? 'xl:grid-cols-4'}`}>
          {results.objects.map((health) => (
            <ObjectHealthCard key={health.objectType} health={health} basePath={basePath} />
          ))}
        </div>
      </section>
      <HealthTrendsPanel />
      <DuplicationByFieldPanel />
    </>
  );
}

function portalName(status: HubSpotStatus | undefined): string | null {
  return status?.connected ? portalDisplayName(status) : null;
}

/** /dashboard (and /demo/dashboard): health scores, trends, duplication and top issues, and Scan now with live progress. */
export function DashboardPage() {
  const demo = isDemoMode(useLocation().pathname);
  const basePath = demo ? DEMO_BASE_PATH : '';
  const status = useHubspotStatus();
  const results = useResults();
  const scan = useScanControl();

  const connected = status.data?.connected === true;
  const hasResults = (results.data?.objects.length ?? 0) > 0;
  const portal = portalName(status.data);
  // The demo has no CRM of its own to scan.
  const canScan = connected && !demo;

  let body: ReactNode;
  if (status.isPending || (connected && results.isPending)) {
    body = <DashboardSkeleton />;
  } else if (status.isError || (connected && results.isError)) {
    body = (
      <SectionError
        role="status"
        message="Your dashboard could not be loaded. Check your connection and try again."
        onRetry={() => {
          if (status.isError) void status.refetch();
          if (results.isError) void results.refetch();
        }}
      />
    );
  } else if (!connected) {
    body = <NotConnectedState basePath={basePath} problem={status.data?.problem ?? null} />;
  } else if (!results.data || results.data.objects.length === 0) {
    body = (
      <>
        {!scan.active && <ScanStatus scan={scan} />}
        <FirstScanState portal={portal}>
          {scan.active ? (
            <ScanStatus scan={scan} />
          ) : canScan ? (
            <div className="flex justify-center">
              <ScanNowButton scan={scan} size="lg" />
            </div>
          ) : (
            <p className="text-center text-sm text-slate-500">Scans run on your own HubSpot portal once you sign up.</p>
          )}
        </FirstScanState>
      </>
    );
  } else {
    body = (
      <>
        {status.data?.problem && (
          <Alert tone="warning" title="HubSpot needs attention">
            {status.data.problem}{' '}
            <ButtonLink to={`${basePath}/settings`} variant="ghost" size="sm">
              Open Settings
            </ButtonLink>
          </Alert>
        )}
        <ScanStatus scan={scan} />
        <Results results={results.data} basePath={basePath} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <Header portal={portal} actions={canScan && hasResults ? <ScanNowButton scan={scan} /> : undefined} />
      {body}
    </div>
  );
}
