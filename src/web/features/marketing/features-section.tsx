import type { ComponentType, SVGProps } from 'react';
import { CheckIcon, DuplicatesIcon } from '../../components/ui/icons';
import { GaugeIcon, MergeIcon, RadarIcon } from './marketing-icons';
import { SectionHeading } from './section-heading';

interface Feature {
  title: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  tint: string;
  text: string;
  points: string[];
}

const FEATURES: Feature[] = [
  {
    title: 'Duplicate detection',
    icon: DuplicatesIcon,
    tint: 'bg-brand-50 text-brand-700 ring-brand-100',
    text: 'A matching model learns what a duplicate looks like in your portal, then compares names, emails, phones, domains and company names the way people write them.',
    points: [
      'Every pair explained field by field, with what each field added to the match',
      'Fuzzy, phonetic and normalised matching you can tune or switch off',
      'Dismiss a pair once and it is never proposed again',
    ],
  },
  {
    title: 'Health scores',
    icon: GaugeIcon,
    tint: 'bg-sky-50 text-sky-700 ring-sky-100',
    text: 'One score from 0 to 100 for each object type, built from completeness, freshness, duplicate rate and update frequency, so you know where to start.',
    points: [
      'Empty fields broken down property by property',
      'Trends after every scan, so progress is visible',
      'AI-assisted recommendations on what to fix first',
    ],
  },
  {
    title: 'Automated monitoring',
    icon: RadarIcon,
    tint: 'bg-indigo-50 text-indigo-700 ring-indigo-100',
    text: 'Scheduled scans keep watch daily, weekly or monthly. After the first sync only changed records are fetched, within HubSpot’s API limits.',
    points: [
      'Email and Slack alerts when duplicates appear or a score moves',
      'Alerts as they happen, or a digest',
      'A weekly health report for the whole team',
    ],
  },
];

const MERGE_STEPS = [
  { title: 'Review', text: 'See both records side by side with the reasons they matched.' },
  { title: 'Back up', text: 'Every record is saved before anything changes in HubSpot.' },
  { title: 'Merge', text: 'By hand, or automatically on Professional for the matches you trust.' },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="features-title" eyebrow="Features" title="Everything your CRM data needs">
          Find the duplicates, know how healthy your data is, and keep it that way without a clean-up project every quarter.
        </SectionHeading>

        <div className="mt-14 grid gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <article key={feature.title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md sm:p-7">
              <span className={`flex h-11 w-11 items-center justify-center rounded-xl ring-1 ${feature.tint}`}>
                <feature.icon className="h-6 w-6" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-3 text-slate-600">{feature.text}</p>
              <ul className="mt-5 space-y-2.5 border-t border-slate-100 pt-5 text-sm text-slate-700">
                {feature.points.map((point) => (
                  <li key={point} className="flex gap-2.5">
                    <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                    {point}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>

        <div className="mt-6 grid items-center gap-8 overflow-hidden rounded-2xl border border-slate-200 bg-gradient-to-br from-slate-50 to-brand-50/60 p-6 sm:p-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div>
            <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-white text-brand-700 ring-1 ring-slate-200">
              <MergeIcon className="h-6 w-6" />
            </span>
            <h3 className="mt-5 text-xl font-semibold text-slate-900">Safe merges, with a backup of every one</h3>
            <p className="mt-3 text-slate-600">
              Merging is where clean-ups go wrong. DataCleaner keeps a copy of every record it merges and logs every action,
              so nothing is lost and every change can be traced.
            </p>
          </div>
          <ol className="grid gap-3 sm:grid-cols-3">
            {MERGE_STEPS.map((step, index) => (
              <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white" aria-hidden="true">
                  {index + 1}
                </span>
                <p className="mt-3 font-semibold text-slate-900">{step.title}</p>
                <p className="mt-1 text-sm text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
