import { Link, useLocation } from 'react-router';
import { Alert } from '../components/ui/alert';
import { useCurrentUser } from '../features/auth/api/current-user';
import { FeatureUpgradeLink } from '../features/billing/upgrade-link';
import { DashboardPanel, SectionError } from '../features/dashboard/dashboard-panel';
import { capabilitiesOfUser } from '../features/enterprise-api/enterprise-api-words';
import { ExamplesSection } from '../features/enterprise-api/examples-section';
import { KeysSection } from '../features/enterprise-api/keys-section';
import { RequestLogSection } from '../features/enterprise-api/request-log-section';
import { SectionLoading } from '../features/enterprise-api/section-loading';
import { UsageSection } from '../features/enterprise-api/usage-section';
import { WebhooksSection } from '../features/enterprise-api/webhooks-section';
import { isDemoMode } from '../lib/demo-mode';
import { PLAN_CAPABILITIES } from '../../shared/plans';

const OFFERS = [
  'API keys you create, rotate and revoke yourself',
  'Start scans, read results and duplicate groups from your own systems',
  'Check a record for duplicates before you create it (real-time match)',
  'Signed webhooks when scans finish and duplicates are found',
  'A request log and usage against your daily and monthly quota',
];

/** What a plan without the API is missing, and the way to it. */
function NoApiAccess({ demo }: { demo: boolean }) {
  return (
    <DashboardPanel id="api-upgrade" title="The API is part of every paid plan" description="Reach DataCleaner from your own systems.">
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        {OFFERS.map((offer) => (
          <li key={offer}>{offer}</li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-700">
        Starter includes read-only access; Professional and Enterprise include the full API. <FeatureUpgradeLink feature="fullApi" demo={demo} />
      </p>
    </DashboardPanel>
  );
}

function WebhooksUpgrade({ demo }: { demo: boolean }) {
  return (
    <DashboardPanel id="api-webhooks" title="Webhooks" description="Signed notifications to your own endpoints when scans finish, duplicates are found or merges complete.">
      <p className="text-sm text-slate-700">
        Webhooks are not part of your plan. <FeatureUpgradeLink feature="webhooks" demo={demo} />
      </p>
    </DashboardPanel>
  );
}

/** /enterprise-api (and /demo/enterprise-api): keys, usage, request log, webhooks and examples. */
export function EnterpriseApiPage() {
  const demo = isDemoMode(useLocation().pathname);
  const user = useCurrentUser();
  // The demo shows the whole page as an Enterprise account sees it; its data is made up.
  const capabilities = demo ? PLAN_CAPABILITIES.enterprise : user.data ? capabilitiesOfUser(user.data) : null;
  const origin = window.location.origin;

  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Enterprise API</h1>
      <p className="mt-1 max-w-2xl text-slate-600">Keys, usage and webhooks for reaching DataCleaner from your own systems.</p>
      <div className="mt-6 space-y-6">
        {demo && (
          <Alert tone="info" title="This is the demo">
            The keys, calls and webhooks below are made up, and nothing here can be changed. <Link to="/auth?tab=register" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              Start your free trial
            </Link>
          </Alert>
        )}
        {!capabilities && (user.isError || user.data === null) ? (
          <SectionError message="Your account could not be loaded." onRetry={() => void user.refetch()} />
        ) : !capabilities ? (
          <SectionLoading label="Loading…" />
        ) : capabilities.apiAccess === 'none' ? (
          <>
            <NoApiAccess demo={demo} />
            <ExamplesSection origin={origin} />
          </>
        ) : (
          <>
            <KeysSection readOnly={capabilities.apiAccess === 'basic'} />
            <UsageSection />
            <RequestLogSection />
            {capabilities.webhooks ? <WebhooksSection /> : <WebhooksUpgrade demo={demo} />}
            <ExamplesSection origin={origin} />
          </>
        )}
      </div>
    </div>
  );
}
