import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button';
import { CheckIcon, DuplicatesIcon, ReportsIcon, SparklesIcon } from '../../components/ui/icons';

const PROMISES = [
  { icon: DuplicatesIcon, title: 'Find duplicates', text: 'Contacts, companies, deals and tickets that are the same, with the reason each pair matched.' },
  { icon: SparklesIcon, title: 'Score data health', text: 'How complete, fresh and up to date your records are, as a score from 0 to 100.' },
  { icon: ReportsIcon, title: 'Track it over time', text: 'Every scan adds to the trend, so you can see your clean-up pay off.' },
] as const;

function EmptyStateFrame({ headingId, children }: { headingId: string; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="relative overflow-hidden rounded-3xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:px-12 sm:py-14">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-40 bg-gradient-to-b from-brand-50 to-transparent" />
      <div className="relative mx-auto max-w-2xl">{children}</div>
    </section>
  );
}

/** HubSpot is not connected: what DataCleaner does, and the way to Settings to connect it. */
export function NotConnectedState({ basePath, problem }: { basePath: string; problem: string | null }) {
  return (
    <EmptyStateFrame headingId="connect-heading">
      <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/30">
        <SparklesIcon className="h-7 w-7" />
      </span>
      <h2 id="connect-heading" className="mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {problem ? 'Reconnect HubSpot' : 'Connect HubSpot to get started'}
      </h2>
      <p className="mt-3 text-slate-600">
        DataCleaner reads your HubSpot CRM, finds duplicate records and incomplete or stale data, and gives each object type a health score. Nothing in HubSpot changes
        until you choose to merge.
      </p>
      {problem && <p className="mx-auto mt-4 max-w-lg rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">{problem}</p>}
      <ul className="mt-8 grid gap-4 text-left sm:grid-cols-3">
        {PROMISES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-slate-100 bg-slate-50/70 p-4">
            <Icon className="h-5 w-5 text-brand-700" />
            <h3 className="mt-2 text-sm font-semibold text-slate-900">{title}</h3>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {!problem && basePath === '' && (
          <ButtonLink to="/onboarding" size="lg">
            Set up in three steps
          </ButtonLink>
        )}
        <ButtonLink to={`${basePath}/settings`} size="lg" variant={problem || basePath !== '' ? 'primary' : 'secondary'}>
          {problem ? 'Reconnect HubSpot in Settings' : 'Connect HubSpot in Settings'}
        </ButtonLink>
      </div>
      <p className="mt-3 text-xs text-slate-500">Takes about a minute: sign in to HubSpot, or paste a private app token.</p>
    </EmptyStateFrame>
  );
}

const SCAN_STEPS = [
  'Copies your contacts, companies, deals and tickets from HubSpot (read-only)',
  'Compares records to find duplicates, and explains each match',
  'Scores completeness, freshness, duplicates and update frequency',
] as const;

/** Connected, never scanned: what a scan does, and Scan now (or its progress, which the page passes as children). */
export function FirstScanState({ portal, children }: { portal: string | null; children: ReactNode }) {
  return (
    <EmptyStateFrame headingId="first-scan-heading">
      <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-600/20">
        <CheckIcon className="h-3.5 w-3.5" />
        {portal ? `Connected to ${portal}` : 'HubSpot connected'}
      </span>
      <h2 id="first-scan-heading" className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Run your first scan
      </h2>
      <p className="mt-3 text-slate-600">A scan takes a few minutes for most portals. You can leave this page while it runs; the results appear here when it is done.</p>
      <ol className="mx-auto mt-6 max-w-md space-y-2 text-left">
        {SCAN_STEPS.map((step, index) => (
          <li key={step} className="flex gap-3 text-sm text-slate-700">
            <span aria-hidden="true" className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
      <div className="mt-8 text-left">{children}</div>
    </EmptyStateFrame>
  );
}
