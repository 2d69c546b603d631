/**
 * The web app's routes (SPEC.md section 2), one list for the server and the web app: the
 * server answers 404 for any other path (with the app, which shows 'Page Not Found'), builds
 * robots.txt and sitemap.xml from it, and gives each public page its own head tags from
 * PAGE_META. The web router's test checks that its routes are these. Imports nothing.
 */

/** public: anyone, indexed; demo: anyone, the demo app; signed-in: behind the route guard; utility: anyone, not indexed. */
export type AppRouteKind = 'public' | 'utility' | 'demo' | 'signed-in';

export interface AppRoute {
  /** React Router syntax: literal segments and ':name' parameters. */
  pattern: string;
  kind: AppRouteKind;
}

const route = (kind: AppRouteKind) => (pattern: string): AppRoute => ({ pattern, kind });

export const APP_ROUTES: readonly AppRoute[] = [
  ...['/', '/about-us', '/privacy-policy', '/terms-of-service', '/cookie-policy', '/gdpr', '/blog', '/blog/:slug', '/auth', '/subscribe'].map(route('public')),
  ...['/login', '/register', '/verify', '/reset-password', '/support'].map(route('utility')),
  ...[
    '/demo',
    '/demo/dashboard',
    '/demo/reports',
    '/demo/assistant',
    '/demo/ai',
    '/demo/settings',
    '/demo/help',
    '/demo/duplicates',
    '/demo/enterprise-api',
    '/demo/objects/:objectType',
    '/demo/objects/:objectType/:id',
  ].map(route('demo')),
  ...[
    '/dashboard',
    '/reports',
    '/settings',
    '/onboarding',
    '/help',
    '/ai',
    '/enterprise-api',
    '/duplicates',
    '/objects/:objectType',
    '/objects/:objectType/:id',
    '/profile/setup',
  ].map(route('signed-in')),
];

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The route a path shows, as React Router matches it: segments compared without regard to
 * case, one trailing slash allowed, parameters are one non-empty segment each.
 */
export function matchAppRoute(pathname: string): RouteMatch | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const segments = trimmed.split('/').slice(1);
  for (const candidate of APP_ROUTES) {
    const parts = candidate.pattern.split('/').slice(1);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, index) => {
      const segment = segments[index]!;
      if (part.startsWith(':')) {
        const value = decodeSegment(segment);
        if (!value) return false;
        params[part.slice(1)] = value;
        return true;
      }
      return part.toLowerCase() === segment.toLowerCase();
    });
    if (matches) return { route: candidate, params };
  }
  return undefined;
}

export const SITE_NAME = 'DataCleaner';

export interface PageMeta {
  title: string;
  description: string;
}

/** The site's default, also index.html's own. */
export const DEFAULT_PAGE_META: PageMeta = {
  title: 'DataCleaner – data quality for HubSpot CRM',
  description: 'AI-powered data quality management for HubSpot CRM: find duplicates, score data health and merge safely.',
};

/** Each public page's title and description (blog articles use their own title and summary). */
export const PAGE_META: Readonly<Record<string, PageMeta>> = {
  '/': DEFAULT_PAGE_META,
  '/about-us': {
    title: 'About Us – DataCleaner',
    description: 'Who builds DataCleaner and the principles behind it: explainable duplicate detection, safety with your data, and plain language.',
  },
  '/privacy-policy': {
    title: 'Privacy Policy – DataCleaner',
    description: 'What data DataCleaner collects from you and your HubSpot portal, why, how long it is kept, and your rights.',
  },
  '/terms-of-service': {
    title: 'Terms of Service – DataCleaner',
    description: 'The terms for using DataCleaner: accounts, trials and subscriptions, acceptable use, and liability.',
  },
  '/cookie-policy': {
    title: 'Cookie Policy – DataCleaner',
    description: 'The cookies and local storage DataCleaner uses, what each one is for, and how to control them.',
  },
  '/gdpr': {
    title: 'GDPR – DataCleaner',
    description: 'Your GDPR rights with DataCleaner: download everything stored about your account, or delete it yourself, at any time.',
  },
  '/blog': {
    title: 'Blog – DataCleaner',
    description: 'Articles on CRM data quality, duplicate management and getting more out of HubSpot.',
  },
  '/demo': {
    title: 'Live demo – DataCleaner',
    description: 'Try DataCleaner on a sample HubSpot portal without signing up: health scores, duplicate groups, reports and the AI assistant.',
  },
  '/auth': {
    title: 'Sign in or register – DataCleaner',
    description: 'Sign in to DataCleaner or create an account to start your free trial of data quality management for HubSpot CRM.',
  },
  '/subscribe': {
    title: 'Plans and pricing – DataCleaner',
    description: 'Choose the DataCleaner plan that fits your HubSpot portal: duplicate detection, health scores, automated monitoring and safe merges.',
  },
};

/** Names of the pages that are not in PAGE_META, by their path without '/demo'. */
const PAGE_NAMES: Readonly<Record<string, string>> = {
  '/login': 'Sign in',
  '/register': 'Register',
  '/verify': 'Verify your email',
  '/reset-password': 'Reset your password',
  '/support': 'Support',
  '/dashboard': 'Dashboard',
  '/reports': 'Reports',
  '/assistant': 'AI assistant',
  '/ai': 'AI assistant',
  '/settings': 'Settings',
  '/onboarding': 'Get started',
  '/help': 'Help',
  '/duplicates': 'Duplicates',
  '/enterprise-api': 'Enterprise API',
  '/objects/:objectType': 'Records',
  '/objects/:objectType/:id': 'Record',
  '/profile/setup': 'Set up your profile',
};

export const NOT_FOUND_TITLE = `Page Not Found – ${SITE_NAME}`;

/**
 * The browser tab's title for a route (undefined: no route, 'Page Not Found'). Blog articles
 * name themselves: see articleTitle.
 */
export function pageTitle(route: AppRoute | undefined): string {
  if (!route) return NOT_FOUND_TITLE;
  const meta = PAGE_META[route.pattern];
  if (meta) return meta.title;
  if (route.kind === 'demo') {
    const name = PAGE_NAMES[route.pattern.slice('/demo'.length)];
    return name ? `${name} – ${SITE_NAME} demo` : PAGE_META['/demo']!.title;
  }
  const name = PAGE_NAMES[route.pattern];
  return name ? `${name} – ${SITE_NAME}` : DEFAULT_PAGE_META.title;
}

/** The title the browser tab shows for a blog article. */
export function articleTitle(title: string): string {
  return `${title} – DataCleaner blog`;
}

/**
 * Public pages npm run build:web prerenders (src/web/prerender.tsx), each blog article too:
 * the markup React first renders into #root, written to dist/web/{PRERENDER_DIR}/{file}.
 * Not /auth: its ?tab= picks the form, and the served page is one whatever the query.
 */
export const PRERENDERED_PAGES: readonly string[] = ['/', '/about-us', '/privacy-policy', '/terms-of-service', '/cookie-policy', '/gdpr', '/blog', '/subscribe'];
export const PRERENDER_DIR = '.prerendered';

/**
 * The file holding a page's prerendered markup, by the page's path (an article's slug as
 * encodeURIComponent writes it, so it holds no slash); undefined for pages not prerendered.
 */
export function prerenderFile(pagePath: string): string | undefined {
  if (pagePath === '/') return 'landing.html';
  if (PRERENDERED_PAGES.includes(pagePath)) return `${pagePath.slice(1)}.html`;
  const slug = /^\/blog\/([^/]+)$/.exec(pagePath)?.[1];
  return slug && slug !== '.' && slug !== '..' ? `blog--${slug}.html` : undefined;
}
