import type { ReactNode } from 'react';

/** A page of the app shell whose content a later feature fills: its title, what it is for, and an empty state. */
export function AppPlaceholderPage({ title, description, note, children }: { title: string; description: string; note?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{description}</p>
      {children}
      {note && (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="mx-auto max-w-md text-sm text-slate-500">{note}</p>
        </div>
      )}
    </div>
  );
}

/** A public page whose content is written later: its heading and a sentence about it. */
export function SitePlaceholderPage({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{description}</p>
      {children}
    </section>
  );
}
