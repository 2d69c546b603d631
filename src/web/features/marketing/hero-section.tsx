import { signUpLabel, useAppFlags } from '../../app/app-flags';
import { ButtonLink } from '../../components/ui/button';
import { CheckIcon } from '../../components/ui/icons';
import { ArrowRightIcon, PlayIcon } from './marketing-icons';
import { ProductPreview } from './product-preview';

const OBJECT_TYPES = ['Contacts', 'Companies', 'Deals', 'Tickets'];

export function HeroSection() {
  const flags = useAppFlags();
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      {/* Soft colour and a faint grid behind the headline; decoration only. */}
      <div aria-hidden="true" className="absolute inset-x-0 -top-40 -z-10 flex justify-center">
        <div className="h-[32rem] w-[64rem] max-w-none rounded-full bg-gradient-to-tr from-brand-100 via-sky-100 to-indigo-100 opacity-60 blur-3xl" />
      </div>
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 [background-image:linear-gradient(to_right,rgb(15_23_42/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(15_23_42/0.04)_1px,transparent_1px)] [background-size:48px_48px] [mask-image:linear-gradient(to_bottom,black,transparent_75%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-16 pb-20 sm:px-6 sm:pt-24 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)] lg:gap-10 lg:pb-28">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white/80 px-3 py-1 text-sm font-medium text-brand-900 shadow-sm">
            <span className="h-2 w-2 rounded-full bg-brand-600" aria-hidden="true" />
            For HubSpot admins, marketers and sales ops
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl/tight font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl/tight xl:text-[3.5rem]/[1.1]">
            A clean HubSpot CRM, with{' '}
            <span className="bg-gradient-to-r from-brand-700 to-sky-700 bg-clip-text text-transparent">AI-powered data quality</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-slate-600 lg:mx-0">
            DataCleaner finds duplicate records and shows why each pair matched, field by field. It scores the health of
            your data, watches it on a schedule and merges safely, with a backup of every change.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <ButtonLink to="/auth?tab=register" size="lg" className="shadow-md shadow-brand-700/20">
              {signUpLabel(flags, 'Start Free Trial')}
              <ArrowRightIcon className="h-5 w-5" />
            </ButtonLink>
            <ButtonLink to="/demo" variant="secondary" size="lg">
              <PlayIcon className="h-5 w-5 text-brand-700" />
              View Demo
            </ButtonLink>
          </div>
          <p className="mt-4 flex items-center justify-center gap-2 text-sm font-medium text-slate-600 lg:justify-start">
            <CheckIcon className="h-4 w-4 text-brand-700" />
            <span>Try Free for 14 Days</span>
            <span aria-hidden="true" className="text-slate-400">·</span>
            <span>No credit card needed</span>
          </p>
          <div className="mt-10 border-t border-slate-200/80 pt-6">
            <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">Cleans every HubSpot object that matters</p>
            <ul className="mt-3 flex flex-wrap justify-center gap-2 lg:justify-start">
              {OBJECT_TYPES.map((type) => (
                <li key={type} className="rounded-md border border-slate-200 bg-white px-3 py-1 text-sm font-medium text-slate-700">
                  {type}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <ProductPreview />
      </div>
    </section>
  );
}
