import { PLANS, type Plan } from '../../../shared/plans';
import { signUpLabel, useAppFlags } from '../../app/app-flags';
import { ButtonLink } from '../../components/ui/button';
import { CheckIcon } from '../../components/ui/icons';
import { recordLimitLabel } from '../billing/billing-words';
import { SectionHeading } from './section-heading';

/** Register first, then /auth sends a signed-in user on to /subscribe?plan= (SPEC.md sections 2 and 4). */
function planSignUpPath(plan: Plan['id']): string {
  return `/auth?tab=register&redirect=subscribe&plan=${plan}`;
}

function PlanCard({ plan }: { plan: Plan }) {
  const flags = useAppFlags();
  const limit = recordLimitLabel(plan);
  // The record limit has its own line, so a feature that only repeats it is left out.
  const features = plan.features.filter((feature) => feature !== limit);
  const popular = plan.mostPopular;
  const label = signUpLabel(flags, 'Start Free Trial');
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className={`relative flex flex-col rounded-2xl bg-white p-7 ${
        popular ? 'shadow-xl shadow-brand-900/10 ring-2 ring-brand-700' : 'border border-slate-200 shadow-sm'
      }`}
    >
      {popular && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold tracking-wide whitespace-nowrap text-white shadow-sm">
          MOST POPULAR
        </p>
      )}
      <h3 id={`plan-${plan.id}`} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-2 min-h-12 text-sm text-slate-600">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-5xl font-bold tracking-tight text-slate-900">${plan.pricePerMonth}</span>
        <span className="text-base font-medium text-slate-600">/month</span>
      </p>
      <p className="mt-2 text-sm font-semibold text-brand-700">{limit}</p>
      <ButtonLink
        to={planSignUpPath(plan.id)}
        variant={popular ? 'primary' : 'secondary'}
        size="lg"
        className="mt-7 w-full"
        // Three links with the same text: the name says which plan each one is for.
        aria-label={`${label}, ${plan.name} plan`}
      >
        {label}
      </ButtonLink>
      <ul className="mt-8 space-y-3 border-t border-slate-100 pt-6 text-sm text-slate-700">
        {features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <CheckIcon className="h-5 w-5 shrink-0 text-brand-700" />
            {feature}
          </li>
        ))}
      </ul>
    </article>
  );
}

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 border-t border-slate-200 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple pricing that grows with your portal">
          Try Free for 14 Days with every Professional feature, then pick the plan that fits.
        </SectionHeading>
        <div className="mx-auto mt-16 grid max-w-md gap-8 lg:max-w-none lg:grid-cols-3 lg:gap-6">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
        <p className="mt-12 text-center text-sm text-slate-600">Prices in US dollars per month. Record limits apply to each scan.</p>
      </div>
    </section>
  );
}
