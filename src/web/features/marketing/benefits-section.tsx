import type { ComponentType, SVGProps } from 'react';
import { ReportsIcon } from '../../components/ui/icons';
import { ClockIcon, LockIcon, ShieldIcon } from './marketing-icons';
import { SectionHeading } from './section-heading';

const BENEFITS: { title: string; text: string; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  {
    title: 'Hours back every week',
    text: 'No more exports, VLOOKUPs and hand-built dedupe lists. Scans run on their own and bring you only what needs a decision.',
    icon: ClockIcon,
  },
  {
    title: 'Merges you can trust',
    text: 'Every suggestion comes with its reasons, and every merge with a backup. You stay in control of what changes in HubSpot.',
    icon: ShieldIcon,
  },
  {
    title: 'Reports people believe',
    text: 'Fewer duplicates and fuller records mean accurate attribution, cleaner segments and pipeline numbers sales will stand behind.',
    icon: ReportsIcon,
  },
  {
    title: 'Your data stays yours',
    text: 'HubSpot, Slack and OpenAI credentials are encrypted at rest, and you can export or delete your account data at any time.',
    icon: LockIcon,
  },
];

export function BenefitsSection() {
  return (
    <section aria-labelledby="benefits-title" className="border-y border-slate-200 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="benefits-title" eyebrow="Key benefits" title="Clean data, without the clean-up project">
          Built for the people who own the CRM: administrators, marketers and sales-operations teams.
        </SectionHeading>
        <ul className="mt-14 grid gap-x-10 gap-y-10 sm:grid-cols-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="flex gap-5">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
                <benefit.icon className="h-6 w-6" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{benefit.title}</h3>
                <p className="mt-2 text-slate-600">{benefit.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
