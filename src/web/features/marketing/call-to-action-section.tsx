import { signUpLabel, useAppFlags } from '../../app/app-flags';
import { ButtonLink } from '../../components/ui/button';
import { ArrowRightIcon } from './marketing-icons';

export function CallToActionSection() {
  const flags = useAppFlags();
  return (
    <section aria-labelledby="cta-title" className="px-4 py-20 sm:px-6 sm:py-24">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl border border-brand-100 bg-gradient-to-br from-brand-50 via-white to-sky-50 px-6 py-14 text-center shadow-sm sm:px-12 sm:py-16">
        <div aria-hidden="true" className="absolute -top-24 -right-24 -z-10 h-64 w-64 rounded-full bg-brand-100 opacity-70 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-24 -left-24 -z-10 h-64 w-64 rounded-full bg-sky-100 opacity-70 blur-3xl" />
        <h2 id="cta-title" className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          See what is hiding in your HubSpot data
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-slate-600">
          Connect your portal and get your first health score and duplicate report in minutes. Try Free for 14 Days, or
          look around the demo first.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/auth?tab=register" size="lg" className="shadow-md shadow-brand-700/20">
            {signUpLabel(flags, 'Start Free Trial')}
            <ArrowRightIcon className="h-5 w-5" />
          </ButtonLink>
          <ButtonLink to="/demo" variant="secondary" size="lg">
            View Demo
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
