import type { ReactNode } from 'react';
import type { Plan } from '../../../shared/plans';
import { CheckIcon } from '../../components/ui/icons';
import { recordLimitLabel } from './billing-words';

/** One plan on /subscribe: price, record limit, features, and what the reader can do about it. */
export function PlanCard({ plan, marked, current, choice, children }: { plan: Plan; marked: boolean; current: boolean; choice: boolean; children: ReactNode }) {
  const headingId = `subscribe-plan-${plan.id}`;
  const limit = recordLimitLabel(plan);
  // The record limit has its own line, so a feature that only repeats it is left out.
  const features = plan.features.filter((feature) => feature !== limit);
  return (
    <article
      aria-labelledby={headingId}
      aria-current={current || choice ? 'true' : undefined}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${marked ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'}`}
    >
      {plan.mostPopular && (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold tracking-wide whitespace-nowrap text-white">MOST POPULAR</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h2>
        {current ? (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-600/20">Current plan</span>
        ) : (
          choice && <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-600/20">Your choice</span>
        )}
      </div>
      <p className="mt-1 min-h-10 text-sm text-slate-600">{plan.description}</p>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">${plan.pricePerMonth}</span>
        <span className="text-base font-medium text-slate-600">/month</span>
      </p>
      <p className="mt-1 text-sm font-semibold text-brand-700">{limit}</p>
      <div className="mt-5">{children}</div>
      <ul className="mt-6 space-y-2 border-t border-slate-100 pt-5 text-sm text-slate-700">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="h-5 w-5 shrink-0 text-brand-600" />
            {feature}
          </li>
        ))}
      </ul>
    </article>
  );
}
