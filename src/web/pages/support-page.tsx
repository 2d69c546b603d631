import { Link } from 'react-router';
import { SitePageSection } from '../components/site-page-section';
import { SupportForm } from '../features/support/support-form';

const TOPICS = [
  { title: 'Verification emails', text: 'Check your spam or junk folder first. You can send the email again from the sign-in screen once 30 seconds have passed.', to: '/auth', link: 'Go to sign in' },
  { title: 'Forgotten password', text: 'Request a link to choose a new password. It works for one hour.', to: '/reset-password', link: 'Reset your password' },
  { title: 'Using DataCleaner', text: 'Guides on scans, health scores and duplicate matching are in the help section of the app.', to: '/help', link: 'Open help' },
];

/** /support: where 'Contact Support' and the password-changed email point. */
export function SupportPage() {
  return (
    <SitePageSection title="Support" description="Answers to the most common questions, and a way to reach us.">
      <ul className="mt-10 grid gap-4 sm:grid-cols-3">
        {TOPICS.map((topic) => (
          <li key={topic.title} className="flex flex-col rounded-xl border border-slate-200 p-5 shadow-sm">
            <h2 className="font-semibold text-slate-900">{topic.title}</h2>
            <p className="mt-2 flex-1 text-sm text-slate-600">{topic.text}</p>
            <Link to={topic.to} className="mt-4 text-sm font-semibold text-brand-700 hover:underline">
              {topic.link}
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="write-heading" className="mt-12 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="write-heading" className="text-xl font-semibold text-slate-900">
          Write to us
        </h2>
        <p className="mt-1 text-sm text-slate-600">A person reads every message and answers within one business day.</p>
        <div className="mt-6">
          <SupportForm />
        </div>
      </section>
    </SitePageSection>
  );
}
