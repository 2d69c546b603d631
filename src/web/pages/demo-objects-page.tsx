import { signUpLabel, useAppFlags } from '../app/app-flags';
import { ButtonLink } from '../components/ui/button';

/** SPEC.md sections 2 and 6: the demo hides record pages. */
export function DemoObjectsPage() {
  const flags = useAppFlags();
  return (
    <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Objects are disabled in the demo</h1>
      <p className="mt-3 text-slate-600">
        Browsing individual CRM records is not available in the demo. Sign up to explore your own contacts, companies, deals and tickets.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <ButtonLink to="/demo/dashboard" variant="secondary">
          Back to the demo dashboard
        </ButtonLink>
        <ButtonLink to="/auth?tab=register">{signUpLabel(flags, 'Start Free Trial')}</ButtonLink>
      </div>
    </div>
  );
}
