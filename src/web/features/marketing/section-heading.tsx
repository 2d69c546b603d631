import type { ReactNode } from 'react';

interface SectionHeadingProps {
  /** The h2's id, which the section names itself by (aria-labelledby). */
  id: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
}

/** The heading block every landing section opens with: a small label, the h2, a lead paragraph. */
export function SectionHeading({ id, eyebrow, title, children }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-lg text-pretty text-slate-600">{children}</p>}
    </div>
  );
}
