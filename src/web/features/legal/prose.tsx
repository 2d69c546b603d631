import type { ReactNode } from 'react';

/**
 * Typography for long text (articles, policies), written by hand with descendant variants:
 * the elements inside stay plain semantic HTML, and the blog's Markdown needs no classes.
 * An element with classes of its own (a button link, a card) is left to them.
 */
const PROSE = [
  'text-base leading-7 text-slate-700',
  '[&>:first-child]:mt-0!',
  '[&_h2:not([class])]:mt-12 [&_h2:not([class])]:scroll-mt-24 [&_h2:not([class])]:text-2xl [&_h2:not([class])]:font-bold [&_h2:not([class])]:tracking-tight [&_h2:not([class])]:text-slate-900',
  '[&_h3:not([class])]:mt-8 [&_h3:not([class])]:scroll-mt-24 [&_h3:not([class])]:text-xl [&_h3:not([class])]:font-semibold [&_h3:not([class])]:text-slate-900',
  '[&_h4:not([class])]:mt-6 [&_h4:not([class])]:scroll-mt-24 [&_h4:not([class])]:font-semibold [&_h4:not([class])]:text-slate-900',
  '[&_p:not([class])]:mt-5',
  '[&_ul:not([class])]:mt-5 [&_ul:not([class])]:list-disc [&_ul:not([class])]:space-y-2 [&_ul:not([class])]:pl-6',
  '[&_ol:not([class])]:mt-5 [&_ol:not([class])]:list-decimal [&_ol:not([class])]:space-y-2 [&_ol:not([class])]:pl-6',
  '[&_li:not([class])]:pl-1 [&_li:not([class])]:marker:text-slate-500',
  '[&_li_p:not([class])]:mt-2',
  '[&_li_ul:not([class])]:mt-2',
  '[&_li_ol:not([class])]:mt-2',
  '[&_a:not([class])]:font-medium [&_a:not([class])]:text-brand-700 [&_a:not([class])]:underline [&_a:not([class])]:decoration-brand-600/40 [&_a:not([class])]:underline-offset-2',
  '[&_a:not([class]):hover]:text-brand-900 [&_a:not([class]):hover]:decoration-brand-900',
  '[&_strong:not([class])]:font-semibold [&_strong:not([class])]:text-slate-900',
  '[&_code:not([class])]:rounded [&_code:not([class])]:bg-slate-100 [&_code:not([class])]:px-1.5 [&_code:not([class])]:py-0.5 [&_code:not([class])]:font-mono [&_code:not([class])]:text-[0.875em] [&_code:not([class])]:text-slate-900',
  '[&_pre:not([class])]:mt-6 [&_pre:not([class])]:overflow-x-auto [&_pre:not([class])]:rounded-xl [&_pre:not([class])]:bg-slate-900 [&_pre:not([class])]:p-4 [&_pre:not([class])]:text-sm [&_pre:not([class])]:leading-6 [&_pre:not([class])]:text-slate-100',
  '[&_pre_code:not([class])]:bg-transparent [&_pre_code:not([class])]:p-0 [&_pre_code:not([class])]:text-inherit',
  '[&_blockquote:not([class])]:mt-6 [&_blockquote:not([class])]:border-l-4 [&_blockquote:not([class])]:border-brand-600 [&_blockquote:not([class])]:pl-4 [&_blockquote:not([class])]:text-slate-600',
  '[&_hr:not([class])]:my-10 [&_hr:not([class])]:border-slate-200',
  '[&_table:not([class])]:mt-6 [&_table:not([class])]:w-full [&_table:not([class])]:border-collapse [&_table:not([class])]:text-left [&_table:not([class])]:text-sm',
  '[&_th:not([class])]:border-b [&_th:not([class])]:border-slate-300 [&_th:not([class])]:px-3 [&_th:not([class])]:py-2 [&_thead_th:not([class])]:align-bottom [&_tbody_th:not([class])]:align-top [&_th:not([class])]:font-semibold [&_th:not([class])]:text-slate-900',
  '[&_td:not([class])]:border-b [&_td:not([class])]:border-slate-200 [&_td:not([class])]:px-3 [&_td:not([class])]:py-2 [&_td:not([class])]:align-top',
  '[&_img:not([class])]:mt-6 [&_img:not([class])]:rounded-xl',
].join(' ');

export function Prose({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`${PROSE} ${className}`.trim()}>{children}</div>;
}
