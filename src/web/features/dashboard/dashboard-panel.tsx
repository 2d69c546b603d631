import type { ReactNode } from 'react';

/** A titled white card: the frame of each dashboard section. */
export function DashboardPanel({ id, title, description, actions, children, className = '' }: { id: string; title: string; description?: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={id} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
        </div>
        {actions}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/**
 * A section that could not load, with a way to try again. A whole page that failed is the
 * page's content rather than an interruption, so it is announced politely ('status').
 */
export function SectionError({ message, onRetry, role = 'alert' }: { message: string; onRetry: () => void; role?: 'alert' | 'status' }) {
  return (
    <div role={role} className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between">
      <p>{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg border border-red-300 bg-white px-3 py-1.5 font-semibold text-red-800 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
      >
        Retry
      </button>
    </div>
  );
}
