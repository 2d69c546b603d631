import type { ComponentType, SVGProps } from 'react';
import { MailIcon } from '../../components/ui/icons';
import { ChatIcon, HubIcon, KeyIcon } from './marketing-icons';
import { SectionHeading } from './section-heading';

const INTEGRATIONS: { name: string; kind: string; text: string; icon: ComponentType<SVGProps<SVGSVGElement>>; tint: string }[] = [
  {
    name: 'HubSpot CRM',
    kind: 'CRM',
    text: 'Connect in a click with OAuth, or with a private app token. Contacts, companies, deals and tickets stay in sync.',
    icon: HubIcon,
    tint: 'bg-orange-50 text-orange-700 ring-orange-100',
  },
  {
    name: 'Google sign-in',
    kind: 'Sign-in',
    text: 'Sign in with your Google account, or with an email and password if you prefer.',
    icon: KeyIcon,
    tint: 'bg-sky-50 text-sky-700 ring-sky-100',
  },
  {
    name: 'Email notifications',
    kind: 'Notifications',
    text: 'Hear when a scan finishes, duplicates turn up or a health score changes, straight away or as a digest.',
    icon: MailIcon,
    tint: 'bg-brand-50 text-brand-700 ring-brand-100',
  },
  {
    name: 'Slack notifications',
    kind: 'Chat',
    text: 'Post scan results and a weekly report to the channel your team already watches.',
    icon: ChatIcon,
    tint: 'bg-indigo-50 text-indigo-700 ring-indigo-100',
  },
];

export function IntegrationsSection() {
  return (
    <section aria-labelledby="integrations-title" className="py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="integrations-title" eyebrow="Integrations" title="Works with the tools you already use">
          DataCleaner connects to your CRM, your sign-in and the places your team reads updates.
        </SectionHeading>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {INTEGRATIONS.map((integration) => (
            <li key={integration.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center justify-between gap-3">
                <span className={`flex h-11 w-11 items-center justify-center rounded-xl ring-1 ${integration.tint}`}>
                  <integration.icon className="h-6 w-6" />
                </span>
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-600">{integration.kind}</span>
              </div>
              <h3 className="mt-5 font-semibold text-slate-900">{integration.name}</h3>
              <p className="mt-2 text-sm text-slate-600">{integration.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
