import type { ReactNode } from 'react';

/** A public page's body: its heading, a sentence about it, and what it holds. */
export function SitePageSection({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{description}</p>
      {children}
    </section>
  );
}
