import type { ReactNode } from 'react';
import { Prose } from './prose';
import { useScrollToHash } from './use-scroll-to-hash';

/** The date every policy page shows; change it with the text. */
export const LEGAL_LAST_UPDATED = { iso: '2026-11-25', label: 'November 25, 2026' } as const;

export interface LegalSection {
  /** The heading's id: the table of contents links to #id. */
  id: string;
  title: string;
  content: ReactNode;
}

/** Documents with this many sections or more get a table of contents. */
const TABLE_OF_CONTENTS_FROM = 5;

/** A policy or information page: title, date, introduction, and numbered sections with a table of contents when long. */
export function LegalDocument({ title, intro, sections, dated = true }: { title: string; intro: ReactNode; sections: readonly LegalSection[]; dated?: boolean }) {
  const withContents = sections.length >= TABLE_OF_CONTENTS_FROM;
  useScrollToHash();
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {dated && (
          <p className="mt-3 text-sm text-slate-600">
            Last updated: <time dateTime={LEGAL_LAST_UPDATED.iso}>{LEGAL_LAST_UPDATED.label}</time>
          </p>
        )}
        <div className="mt-6 space-y-4 text-lg leading-8 text-slate-600">{intro}</div>
      </header>

      {withContents && (
        <nav aria-labelledby="table-of-contents" className="mt-10 rounded-2xl border border-slate-200 bg-slate-50 p-6">
          <h2 id="table-of-contents" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            Contents
          </h2>
          <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm marker:text-slate-500">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-700 hover:text-brand-900 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}

      <Prose className="mt-4">
        {sections.map((section, index) => (
          <section key={section.id}>
            <h2 id={section.id}>{withContents ? `${index + 1}. ${section.title}` : section.title}</h2>
            {section.content}
          </section>
        ))}
      </Prose>
    </article>
  );
}
