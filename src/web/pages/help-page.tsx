import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useResults } from '../features/dashboard/api/get-results';
import { HealthScoreHelp } from '../features/help/health-score-help';
import { HelpContact } from '../features/help/help-contact';
import { HelpFaq } from '../features/help/help-faq';
import { MatchingHelp } from '../features/help/matching-help';
import { useScrollToHash } from '../features/legal/use-scroll-to-hash';
import { DEMO_BASE_PATH, isDemoMode } from '../lib/demo-mode';

const TOPICS = [
  { id: 'scores', label: 'How scores are computed' },
  { id: 'matching', label: 'How duplicate matching works' },
  { id: 'faq', label: 'Frequently asked questions' },
  { id: 'contact', label: 'Contact' },
] as const;

function Topic({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <p className="mt-1 max-w-3xl text-slate-600">{intro}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** /help (and /demo/help): how every score is computed, how matching works, answers, and how to reach us. */
export function HelpPage() {
  const demo = isDemoMode(useLocation().pathname);
  const basePath = demo ? DEMO_BASE_PATH : '';
  // The user's own latest scan fills in the property weights and a worked example; without one the page reads the same.
  const results = useResults();
  useScrollToHash();

  return (
    <div className="mx-auto max-w-5xl space-y-12">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Help</h1>
        <p className="mt-1 max-w-2xl text-slate-600">How DataCleaner scores your data and finds duplicates, answers to common questions, and how to reach us.</p>
        <nav aria-label="Help topics" className="mt-5">
          <ul className="flex flex-wrap gap-2">
            {TOPICS.map((topic) => (
              <li key={topic.id}>
                <a
                  href={`#${topic.id}`}
                  className="inline-block rounded-full border border-slate-200 bg-white px-3.5 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {topic.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <Topic
        id="scores"
        title="How scores are computed"
        intro="Every scan scores each object type from 0 to 100 on four parts, and combines them into its health score. Higher is better everywhere."
      >
        <HealthScoreHelp results={results.data} />
      </Topic>

      <Topic
        id="matching"
        title="How duplicate matching works"
        intro="DataCleaner learns what a duplicate looks like in your own portal, and proposes a group only with the reason for every match."
      >
        <MatchingHelp basePath={basePath} />
      </Topic>

      <Topic id="faq" title="Frequently asked questions" intro="Click a question to see its answer.">
        <HelpFaq basePath={basePath} />
      </Topic>

      <Topic id="contact" title="Contact" intro="Something not working, or a question this page does not answer?">
        <HelpContact />
      </Topic>
    </div>
  );
}
