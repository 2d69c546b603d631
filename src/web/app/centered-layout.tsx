import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { PageLoading } from './page-loading';

/** Single-task pages (verification, password reset, profile setup): the logo and one card. */
export function CenteredLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 via-white to-white">
      <header className="px-4 py-5 sm:px-8">
        <Link to="/" className="inline-flex items-center gap-2 text-lg font-semibold text-slate-900">
          <img src="/favicon.svg" alt="" className="h-7 w-7" />
          DataCleaner
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-4 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-200/60 sm:p-8">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
