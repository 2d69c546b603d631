import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PLANS } from '../../shared/plans';
import { Alert } from '../components/ui/alert';
import { CheckIcon } from '../components/ui/icons';

/** /subscribe: the plans (SPEC.md section 9); ?expiredTrial=true explains why the user is here, ?plan= marks a choice. */
export function SubscribePage() {
  const [search] = useSearchParams();
  const { hash } = useLocation();
  const expiredTrial = search.get('expiredTrial') === 'true';
  const chosen = search.get('plan');

  // The client router does not scroll to #plans by itself.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Choose your plan</h1>
        <p className="mt-4 text-lg text-slate-600">Keep your HubSpot data clean with the plan that fits your portal.</p>
      </div>
      {expiredTrial && (
        <div className="mx-auto mt-8 max-w-2xl">
          <Alert tone="warning" title="Your free trial has ended">
            Choose a plan to keep using DataCleaner. Your settings and scan history are kept.
          </Alert>
        </div>
      )}
      <div id="plans" className="mt-12 grid scroll-mt-24 gap-6 md:grid-cols-3">
        {PLANS.map((plan) => {
          const selected = plan.id === chosen;
          return (
            <article
              key={plan.id}
              aria-current={selected ? 'true' : undefined}
              className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
                selected || (!chosen && plan.mostPopular) ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'
              }`}
            >
              {plan.mostPopular && (
                <span className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">MOST POPULAR</span>
              )}
              <h2 className="text-lg font-semibold text-slate-900">{plan.name}</h2>
              {selected && <p className="mt-1 text-xs font-semibold uppercase tracking-wide text-brand-700">Your choice</p>}
              <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
              <p className="mt-4 text-4xl font-bold text-slate-900">
                ${plan.pricePerMonth}
                <span className="text-base font-medium text-slate-500">/month</span>
              </p>
              <ul className="mt-6 space-y-2 text-sm text-slate-700">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <CheckIcon className="h-5 w-5 shrink-0 text-brand-600" />
                    {feature}
                  </li>
                ))}
              </ul>
            </article>
          );
        })}
      </div>
    </section>
  );
}
