import { useMutation } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ComponentType, type SVGProps } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { OBJECT_TYPES } from '../../shared/object-types';
import { Button, ButtonLink } from '../components/ui/button';
import { CloseIcon, CodeIcon, DashboardIcon, DuplicatesIcon, HelpIcon, LogoutIcon, MenuIcon, RecordsIcon, ReportsIcon, SettingsIcon, SparklesIcon } from '../components/ui/icons';
import { toast } from '../components/ui/toast-store';
import { Tooltip } from '../components/ui/tooltip';
import { logout } from '../features/auth/api/auth-requests';
import { displayNameOf, useCurrentUser } from '../features/auth/api/current-user';
import { useSignInState } from '../features/auth/use-sign-in-state';
import { PaymentFailedBanner } from '../features/billing/payment-failed-banner';
import { ProductTour } from '../features/tour/product-tour';
import { tour } from '../features/tour/tour-state';
import { useTourAfterFirstScan } from '../features/tour/use-tour-after-first-scan';
import { DEMO_BASE_PATH } from '../lib/demo-mode';
import { signUpLabel, useAppFlags } from './app-flags';
import { PageLoading } from './page-loading';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;
type NavItem = { label: string; path: string; icon: Icon };

/** Paths relative to the base path (/demo in the demo); the assistant is /ai in the app and /assistant in the demo. */
function navItems(demo: boolean): NavItem[] {
  return [
    { label: 'Dashboard', path: '/dashboard', icon: DashboardIcon },
    { label: 'Duplicates', path: '/duplicates', icon: DuplicatesIcon },
    { label: 'Reports', path: '/reports', icon: ReportsIcon },
    { label: 'AI Assistant', path: demo ? '/assistant' : '/ai', icon: SparklesIcon },
    { label: 'Enterprise API', path: '/enterprise-api', icon: CodeIcon },
    { label: 'Settings', path: '/settings', icon: SettingsIcon },
    { label: 'Help', path: '/help', icon: HelpIcon },
  ];
}

const OBJECT_LABELS: Record<(typeof OBJECT_TYPES)[number], string> = { contacts: 'Contacts', companies: 'Companies', deals: 'Deals', tickets: 'Tickets' };

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 ${
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`;

function SidebarNav({ basePath, demo }: { basePath: string; demo: boolean }) {
  return (
    <nav aria-label="App" className="flex flex-1 flex-col gap-6 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {navItems(demo).map(({ label, path, icon: ItemIcon }) => (
          <li key={path}>
            <NavLink to={`${basePath}${path}`} className={itemClass} data-tour={`nav-${path.slice(1)}`}>
              <ItemIcon className="h-5 w-5 shrink-0" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div>
        <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Records</h2>
        <ul className="mt-2 space-y-1">
          {OBJECT_TYPES.map((type) => (
            <li key={type}>
              <NavLink to={`${basePath}/objects/${type}`} className={itemClass}>
                <RecordsIcon className="h-5 w-5 shrink-0" />
                {OBJECT_LABELS[type]}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

function Brand({ to }: { to: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 px-5 py-4 text-lg font-semibold text-slate-900">
      <img src="/favicon.svg" alt="" className="h-7 w-7" />
      DataCleaner
    </Link>
  );
}

function LogoutButton() {
  const navigate = useNavigate();
  const { signedOut } = useSignInState();
  const mutation = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      signedOut();
      toast({ title: 'Logged out', description: "You've been successfully logged out", variant: 'success' });
      navigate('/auth', { replace: true });
    },
    onError: (error) => toast({ title: 'Logout failed', description: error.message, variant: 'destructive' }),
  });
  return (
    <Tooltip content="Log out of DataCleaner">
      <Button variant="ghost" size="sm" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
        <LogoutIcon className="h-5 w-5" />
        <span>Log out</span>
      </Button>
    </Tooltip>
  );
}

function UserBadge() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const name = displayNameOf(user);
  return (
    <div className="hidden items-center gap-2 sm:flex">
      <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700">
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span className="max-w-48 truncate text-sm font-medium text-slate-700">{name}</span>
    </div>
  );
}

function TourButton() {
  return (
    <Tooltip content="Take the product tour">
      <Button variant="ghost" size="sm" onClick={() => tour.start('main')} data-tour="tour-button" aria-label="Tour">
        <HelpIcon className="h-5 w-5" />
        <span className="hidden sm:inline">Tour</span>
      </Button>
    </Tooltip>
  );
}

/** The frame of every signed-in page, and of the demo under /demo. */
export function AppShell({ demo = false }: { demo?: boolean }) {
  const flags = useAppFlags();
  useTourAfterFirstScan();
  const location = useLocation();
  const basePath = demo ? DEMO_BASE_PATH : '';
  // The drawer belongs to the page it was opened on: navigating closes it.
  const [drawerOn, setDrawerOn] = useState<string | null>(null);
  const drawerOpen = drawerOn === location.key;

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOn(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <div className="min-h-screen bg-slate-50">
      {demo && (
        <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 bg-brand-900 px-4 py-2 text-center text-sm text-brand-50">
          <span>You are exploring the demo with sample data. Nothing you do here changes a real CRM.</span>
          <Link to="/auth?tab=register" className="font-semibold text-white underline underline-offset-2 hover:no-underline">
            {signUpLabel(flags, 'Start Free Trial')}
          </Link>
        </div>
      )}
      <div className="flex">
        {/* The column carries the background down a long page; the menu in it stays in view. */}
        <div className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
          <aside className="sticky top-[var(--offline-banner-height,0px)] flex h-[calc(100vh-var(--offline-banner-height,0px))] flex-col">
            <Brand to={`${basePath}/dashboard`} />
            <SidebarNav basePath={basePath} demo={demo} />
          </aside>
        </div>

        {drawerOpen && (
          <div className="fixed inset-0 z-40 lg:hidden">
            <div aria-hidden="true" className="absolute inset-0 bg-slate-900/40" onClick={() => setDrawerOn(null)} />
            <aside id="app-drawer" className="relative flex h-full w-72 max-w-[85%] flex-col bg-white shadow-xl">
              <div className="flex items-center justify-between pr-3">
                <Brand to={`${basePath}/dashboard`} />
                <Button variant="ghost" size="sm" onClick={() => setDrawerOn(null)} aria-label="Close navigation">
                  <CloseIcon />
                </Button>
              </div>
              <SidebarNav basePath={basePath} demo={demo} />
            </aside>
          </div>
        )}

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-[var(--offline-banner-height,0px)] z-30 flex items-center justify-between gap-3 border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur sm:px-6">
            <button
              type="button"
              className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 lg:hidden"
              aria-expanded={drawerOpen}
              aria-controls="app-drawer"
              onClick={() => setDrawerOn(location.key)}
            >
              <MenuIcon className="h-6 w-6" />
              <span className="sr-only">Open navigation</span>
            </button>
            <span className="text-sm font-semibold text-slate-500 lg:hidden">DataCleaner</span>
            <div className="ml-auto flex items-center gap-3">
              <TourButton />
              {demo ? (
                <>
                  <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-800">Demo</span>
                  {/* On phones the demo banner above carries the same link. */}
                  <span className="hidden sm:block">
                    <ButtonLink to="/auth?tab=register" size="sm">
                      {signUpLabel(flags, 'Start Free Trial')}
                    </ButtonLink>
                  </span>
                </>
              ) : (
                <>
                  <UserBadge />
                  <LogoutButton />
                </>
              )}
            </div>
          </header>
          {!demo && <PaymentFailedBanner />}
          <ProductTour />
          <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            <Suspense fallback={<PageLoading demo={demo} />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </div>
  );
}
