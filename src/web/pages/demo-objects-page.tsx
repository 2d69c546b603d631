import { useParams } from 'react-router';
import { OBJECT_TYPES, type ObjectType } from '../../shared/object-types';
import { signUpLabel, useAppFlags } from '../app/app-flags';
import { ButtonLink } from '../components/ui/button';
import { CheckIcon } from '../components/ui/icons';
import { OBJECT_TYPE_LABELS } from '../features/scans/object-type-labels';

/** What the record pages offer with an account of one's own. */
function offers(records: string): string[] {
  return [
    `Search all your ${records} by name, email, phone or record ID`,
    'See at a glance which records miss key fields, have an email or phone number that cannot be used, or have not changed for a year',
    'Open any record to read its problems in plain words and the duplicates it may have',
  ];
}

/** SPEC.md sections 2 and 6: /demo/objects/{objectType} and /demo/objects/{objectType}/{id} both show this page. */
export function DemoObjectsPage() {
  const flags = useAppFlags();
  const { objectType } = useParams();
  const records = OBJECT_TYPES.includes(objectType as ObjectType) ? OBJECT_TYPE_LABELS[objectType as ObjectType].toLowerCase() : 'contacts, companies, deals and tickets';
  return (
    <section aria-labelledby="demo-objects-heading" className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <h1 id="demo-objects-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        Objects are disabled in the demo
      </h1>
      <p className="mt-3 text-slate-600">
        Browsing individual CRM records is not available in the demo. Sign up to explore your own contacts, companies, deals and tickets.
      </p>
      <ul className="mx-auto mt-6 max-w-md space-y-2 text-left text-sm text-slate-700">
        {offers(records).map((offer) => (
          <li key={offer} className="flex gap-2">
            <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
            {offer}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col justify-center gap-2 sm:flex-row">
        <ButtonLink to="/demo/dashboard" variant="secondary">
          Back to the demo dashboard
        </ButtonLink>
        <ButtonLink to="/auth?tab=register">{signUpLabel(flags, 'Start Free Trial')}</ButtonLink>
      </div>
    </section>
  );
}
