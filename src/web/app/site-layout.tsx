import { Suspense, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ButtonLink } from '../components/ui/button';
import { CloseIcon, MenuIcon } from '../components/ui/icons';
import { useCurrentUser } from '../features/auth/api/current-user';
import { usePrerendering } from '../lib/prerendering';
import { hasSignedInHint } from '../lib/signed-in-hint';
import { signUpLabel, useAppFlags } from './app-flags';
import { PageLoading } from './page-loading';

export const TAGLINE = 'AI-powered data quality management for HubSpot CRM';

const SECTION_LINKS = [
  { href: '/#features', label: 'Features' },
  { href: '/#pricing', label: 'Pricing' },
  { href: '/#testimonials', label: 'Testimonials' },
];

const navLink = 'rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';

function NavLinks({ vertical = false }: { vertical?: boolean }) {
  const { pathname } = useLocation();
  const onBlog = pathname.startsWith('/blog');
  return (
    <ul className={vertical ? 'flex flex-col gap-1' : 'flex items-center gap-1'}>
      {SECTION_LINKS.map((link) => (
        <li key={link.href}>
          {/* A plain link: from another page the browser loads / and scrolls to the section. */}
          <a href={link.href} className={`block ${navLink}`}>
            {link.label}
          </a>
        </li>
      ))}
      <li>
        <Link to="/demo" className={`block ${navLink}`}>
          Demo
        </Link>
      </li>
      <li>
        <NavLink to="/blog" aria-current={onBlog ? 'page' : undefined} className={`block ${navLink} ${onBlog ? 'bg-brand-50 text-brand-700' : ''}`}>
          Blog
        </NavLink>
      </li>
    </ul>
  );
}

function SignedInLinks({ vertical }: { vertical: boolean }) {
  return (
    <div className={vertical ? 'flex flex-col gap-2' : 'flex items-center gap-2'}>
      <ButtonLink to="/dashboard" size="sm" className={vertical ? 'py-2.5' : ''}>
        Go to dashboard
      </ButtonLink>
    </div>
  );
}

function SignedOutLinks({ vertical }: { vertical: boolean }) {
  const flags = useAppFlags();
  return (
    <div className={vertical ? 'flex flex-col gap-2' : 'flex items-center gap-2'}>
      {!flags.interestOnly && (
        <Link to="/auth" className={navLink}>
          Login / Register
        </Link>
      )}
      <ButtonLink to="/auth?tab=register" size="sm" className={vertical ? 'py-2.5' : ''}>
        {signUpLabel(flags, 'Get Started')}
      </ButtonLink>
    </div>
  );
}

function AccountLinks({ vertical = false }: { vertical?: boolean }) {
  const prerendering = usePrerendering();
  // Where the page looks the user up (such as /subscribe) its answer decides; elsewhere the hint cookie does.
  const { data: user } = useCurrentUser();
  if (prerendering) {
    // Nobody is known at build time: both, and styles.css shows the one <html data-signed-in> calls for.
    return (
      <>
        <div className="account-when-signed-out">
          <SignedOutLinks vertical={vertical} />
        </div>
        <div className="account-when-signed-in">
          <SignedInLinks vertical={vertical} />
        </div>
      </>
    );
  }
  const signedIn = user !== undefined ? user !== null : hasSignedInHint();
  return signedIn ? <SignedInLinks vertical={vertical} /> : <SignedOutLinks vertical={vertical} />;
}

function Header() {
  const location = useLocation();
  // The menu belongs to the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  return (
    <header className="sticky top-[var(--offline-banner-height,0px)] z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <nav className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6" aria-label="Main">
        <Link to="/" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <img src="/favicon.svg" alt="" className="h-7 w-7" />
          DataCleaner
        </Link>
        <div className="hidden md:block">
          <NavLinks />
        </div>
        <div className="hidden md:block">
          <AccountLinks />
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpenOn(open ? null : location.key)}
        >
          {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
          <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
        </button>
      </nav>
      {open && (
        // A link to a section of this page (#pricing) navigates nowhere: close the menu on any link.
        <div
          id="mobile-menu"
          className="border-t border-slate-200 px-4 pb-4 pt-2 md:hidden"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) setOpenOn(null);
          }}
        >
          <NavLinks vertical />
          <div className="mt-3 border-t border-slate-200 pt-3">
            <AccountLinks vertical />
          </div>
        </div>
      )}
    </header>
  );
}

type FooterLink = { label: string; to?: string };

const FOOTER_GROUPS: { title: string; links: FooterLink[] }[] = [
  { title: 'Product', links: [{ label: 'Demo', to: '/demo' }, { label: 'API' }, { label: 'Documentation' }] },
  { title: 'Company', links: [{ label: 'About Us', to: '/about-us' }, { label: 'Blog', to: '/blog' }, { label: 'Careers' }, { label: 'Contact' }] },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Terms of Service', to: '/terms-of-service' },
      { label: 'Cookie Policy', to: '/cookie-policy' },
      { label: 'GDPR', to: '/gdpr' },
    ],
  },
];

function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <Link to="/" className="flex items-center gap-2 font-semibold text-slate-900">
            <img src="/favicon.svg" alt="" className="h-6 w-6" />
            DataCleaner
          </Link>
          <p className="mt-3 text-sm text-slate-600">{TAGLINE}</p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-slate-900">{group.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.label}>
                  {link.to ? (
                    <Link to={link.to} className="text-slate-600 hover:text-slate-900">
                      {link.label}
                    </Link>
                  ) : (
                    // SPEC.md section 2: these links have no target yet; an <a> without href is a placeholder link.
                    <a className="text-slate-600">{link.label}</a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-500 sm:px-6">© {new Date().getFullYear()} DataCleaner. All rights reserved.</p>
      </div>
    </footer>
  );
}

/** Public pages: header, footer, and the 'Loading...' placeholder while a page's code loads. */
export function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
