import { PLANS } from '../../shared/plans';

const FEATURES = [
  {
    title: 'Duplicate detection',
    text: 'Find every duplicate contact, company, deal and ticket, each with the reason it matched, field by field.',
  },
  {
    title: 'Health scores',
    text: 'See completeness, freshness, duplicate rate and update frequency as one score you can track over time.',
  },
  {
    title: 'Automated monitoring',
    text: 'Scheduled scans keep watch and tell you by email or Slack when something needs your attention.',
  },
];

export function LandingPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            A clean HubSpot CRM, without the spreadsheet work
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            DataCleaner finds duplicates you can trust, scores the health of your data and merges safely, with a
            backup of every change.
          </p>
        </div>
      </section>

      <section id="features" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 className="text-center text-3xl font-bold tracking-tight">Everything your CRM data needs</h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <article key={feature.title} className="rounded-xl border border-slate-200 p-6 shadow-sm">
              <h3 className="text-lg font-semibold">{feature.title}</h3>
              <p className="mt-2 text-slate-600">{feature.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section id="pricing" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 className="text-center text-3xl font-bold tracking-tight">Simple pricing</h2>
          <p className="mt-3 text-center text-slate-600">Try Free for 14 Days</p>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {PLANS.map((plan) => (
              <article
                key={plan.id}
                className={`relative rounded-xl border bg-white p-6 shadow-sm ${plan.mostPopular ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'}`}
              >
                {plan.mostPopular && (
                  <span className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
                    MOST POPULAR
                  </span>
                )}
                <h3 className="text-lg font-semibold">{plan.name}</h3>
                <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
                <p className="mt-4 text-4xl font-bold">
                  ${plan.pricePerMonth}
                  <span className="text-base font-medium text-slate-500">/month</span>
                </p>
                <ul className="mt-6 space-y-2 text-sm text-slate-700">
                  {plan.features.map((feature) => (
                    <li key={feature}>✓ {feature}</li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
