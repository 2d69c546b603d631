import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { HelpIcon, MailIcon } from '../../components/ui/icons';
import { tour } from '../tour/tour-state';

const INCLUDE = ['What you were doing, and what you expected to happen', 'The time of the scan or action, if it is about one', 'Your HubSpot Hub ID, from Settings, if it is about your data'] as const;

/** Help, Contact: where to write, what to say, and the tour for a refresher. */
export function HelpContact() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <MailIcon />
        </span>
        <h3 className="mt-3 text-base font-semibold text-slate-900">Contact support</h3>
        <p className="mt-1 text-sm text-slate-600">Write to us from the Support page. So that we can help quickly, tell us:</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {INCLUDE.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <Link
          to="/support"
          className="mt-4 inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Open the Support page
        </Link>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <HelpIcon />
        </span>
        <h3 className="mt-3 text-base font-semibold text-slate-900">Take the tour again</h3>
        <p className="mt-1 text-sm text-slate-600">A two-minute walk through the dashboard, duplicates, reports and settings.</p>
        <Button variant="secondary" className="mt-4" onClick={() => tour.start('main')}>
          Start the product tour
        </Button>
      </div>
    </div>
  );
}
