import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { BillingSection } from '../features/billing/billing-section';
import { SectionError } from '../features/dashboard/dashboard-panel';
import { AiSection } from '../features/settings/ai-section';
import { useSettings } from '../features/settings/api/get-settings';
import { HubspotConnectionSection } from '../features/settings/hubspot-connection-section';
import { SettingsForm } from '../features/settings/settings-form';
import { isDemoMode } from '../lib/demo-mode';

const SECTIONS = [
  { id: 'hubspot', label: 'HubSpot connection' },
  { id: 'scanning', label: 'Objects and scanning' },
  { id: 'duplicates', label: 'Duplicate detection' },
  { id: 'cleanup', label: 'Automatic cleanup' },
  { id: 'email', label: 'Email notifications' },
  { id: 'slack', label: 'Slack' },
  { id: 'notification-history', label: 'Notification history' },
  { id: 'ai', label: 'AI' },
  { id: 'billing', label: 'Billing' },
] as const;

function SectionLinks() {
  return (
    <nav aria-label="Settings sections" className="lg:sticky lg:top-20 lg:self-start">
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:flex-nowrap lg:gap-0.5">
        {SECTIONS.map((section) => (
          <li key={section.id} className="shrink-0">
            <a
              href={`#${section.id}`}
              className="block whitespace-nowrap rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 lg:rounded-lg lg:border-0 lg:bg-transparent"
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FormSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading your settings…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
          <div className="h-4 w-40 animate-pulse rounded bg-slate-200" />
          <div className="h-10 w-full animate-pulse rounded-lg bg-slate-100" />
          <div className="h-10 w-2/3 animate-pulse rounded-lg bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

/** /settings (and /demo/settings): the HubSpot connection and every user setting, grouped, saved together. */
export function SettingsPage() {
  const { pathname, hash } = useLocation();
  const demo = isDemoMode(pathname);
  const settings = useSettings();
  const loaded = settings.isSuccess;
  const [aiUnsaved, setAiUnsaved] = useState(false);

  // A link to /settings#duplicates names a section that exists only once the settings have loaded.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (loaded && id) document.getElementById(id)?.scrollIntoView();
  }, [hash, loaded]);

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
      <p className="mt-1 max-w-2xl text-slate-600">Your HubSpot connection, what is scanned and how often, how duplicates are matched, and how you hear about it.</p>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
        <SectionLinks />
        <div className="min-w-0 space-y-6">
          <HubspotConnectionSection demo={demo} />
          {settings.isPending ? (
            <FormSkeleton />
          ) : settings.isError ? (
            <SectionError role="status" message="Your settings could not be loaded. Check your connection and try again." onRetry={() => void settings.refetch()} />
          ) : (
            <SettingsForm view={settings.data} demo={demo} otherUnsaved={aiUnsaved} />
          )}
          {/* A form of its own (PUT /api/settings/ai): a key may be held for the session only. */}
          <AiSection demo={demo} onUnsaved={setAiUnsaved} />
          <BillingSection demo={demo} />
        </div>
      </div>
    </div>
  );
}
