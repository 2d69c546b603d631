import { Link } from 'react-router';
import { CheckIcon } from '../../components/ui/icons';

const BULLETS = [
  'Find duplicate contacts, companies, deals and tickets, each with the reason it matched',
  'Track one health score for completeness, freshness and duplicates',
  'Scheduled scans with email and Slack notifications',
  'Merge safely: every change keeps a backup',
];

/** The marketing side of /auth (SPEC.md section 2). */
export function AuthSidePanel() {
  return (
    <aside className="relative order-last flex flex-col justify-between gap-10 overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600 p-8 text-white sm:p-10 lg:order-first xl:p-14">
      <div aria-hidden="true" className="absolute -right-24 -top-24 h-72 w-72 rounded-full bg-white/10 blur-2xl" />
      <div aria-hidden="true" className="absolute -bottom-32 -left-16 h-80 w-80 rounded-full bg-brand-100/10 blur-3xl" />
      <Link to="/" className="relative flex items-center gap-2 text-lg font-semibold">
        <img src="/favicon.svg" alt="" className="h-8 w-8 rounded-md bg-white/90 p-0.5" />
        DataCleaner
      </Link>
      <div className="relative">
        <h2 className="text-3xl font-bold leading-tight tracking-tight xl:text-4xl">Clean HubSpot data, without the spreadsheet work</h2>
        <p className="mt-4 max-w-md text-brand-100">AI-powered data quality management for HubSpot CRM.</p>
        <ul className="mt-8 space-y-4">
          {BULLETS.map((bullet) => (
            <li key={bullet} className="flex gap-3">
              <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-white/15">
                <CheckIcon className="h-4 w-4" />
              </span>
              <span className="text-brand-50">{bullet}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="relative text-sm text-brand-100">Try Free for 14 Days</p>
    </aside>
  );
}
