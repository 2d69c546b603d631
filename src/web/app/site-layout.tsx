import { Link, Outlet } from 'react-router';

export const TAGLINE = 'AI-powered data quality management for HubSpot CRM';

export function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur">
        <nav className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3 sm:px-6" aria-label="Main">
          <Link to="/" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <img src="/favicon.svg" alt="" className="h-7 w-7" />
            DataCleaner
          </Link>
          <div className="flex items-center gap-5 text-sm font-medium text-slate-600">
            <a href="/#features" className="hidden hover:text-slate-900 sm:inline">
              Features
            </a>
            <a href="/#pricing" className="hidden hover:text-slate-900 sm:inline">
              Pricing
            </a>
          </div>
        </nav>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:justify-between sm:px-6">
          <p>{TAGLINE}</p>
          <p>© {new Date().getFullYear()} DataCleaner. All rights reserved.</p>
        </div>
      </footer>
    </div>
  );
}
