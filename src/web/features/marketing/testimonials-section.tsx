import { QuoteIcon } from './marketing-icons';
import { SectionHeading } from './section-heading';

interface Testimonial {
  quote: string;
  name: string;
  role: string;
  company: string;
  /** Avatar colours: there are no photos, the initials stand in. */
  avatar: string;
}

// Illustrative customers: the names and companies are invented (said so under the quotes).
const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'We had three records for half our customers. The first scan grouped them, and the field-by-field reasons meant I could approve merges in minutes instead of checking each one in HubSpot.',
    name: 'Priya Raman',
    role: 'Revenue Operations Lead',
    company: 'Northwind Logistics',
    avatar: 'bg-brand-100 text-brand-900',
  },
  {
    quote:
      'The health score gave marketing and sales one number to argue about instead of ten. Completeness went from the low sixties to 88 in a quarter, and our segments finally add up.',
    name: 'Marcus Feld',
    role: 'Marketing Operations Manager',
    company: 'Brightline Dental Group',
    avatar: 'bg-sky-100 text-sky-900',
  },
  {
    quote:
      'I was nervous about automatic merges until I saw that every one keeps a backup. Now the weekly scan runs on its own and Slack tells me when something needs a look.',
    name: 'Sofia Alvarez',
    role: 'HubSpot Administrator',
    company: 'Tidewater Analytics',
    avatar: 'bg-indigo-100 text-indigo-900',
  },
];

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('');
}

export function TestimonialsSection() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-20 bg-gradient-to-b from-white via-brand-50/50 to-white py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="Trusted by the people who own the CRM">
          RevOps leads, marketers and HubSpot admins use DataCleaner to keep their data worth trusting.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
                <QuoteIcon className="h-8 w-8 text-brand-600/30" />
                <blockquote className="mt-4 flex-1 text-slate-700">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
                  <span aria-hidden="true" className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${testimonial.avatar}`}>
                    {initials(testimonial.name)}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{testimonial.name}</span>
                    <span className="block text-sm text-slate-600">
                      {testimonial.role}, {testimonial.company}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-xs text-slate-500">Customer stories are illustrative; names and companies are fictional.</p>
      </div>
    </section>
  );
}
