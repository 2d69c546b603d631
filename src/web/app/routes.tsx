import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import type { AppFlags } from '../lib/app-flags';
import { DEMO_BASE_PATH } from '../lib/demo-mode';
import { lazyNamed } from '../lib/lazy-with-retry';
import { LandingPage } from '../pages/landing-page';
import { NotFoundPage } from '../pages/not-found-page';
import { AppShell } from './app-shell';
import { CenteredLayout } from './centered-layout';
import { ErrorFallback } from './error-fallback';
import { PageLoading } from './page-loading';
import { RequireUser } from './route-guard';
import { RouteTitle } from './route-title';
import { SiteLayout } from './site-layout';

/** SPEC.md section 9: a blog page that fails to load is tried once more after 500 ms. */
const BLOG_RETRY = { retries: 1, delayMs: 500 };

// Every page but the landing page (the usual first visit) and 'Page Not Found' is its own chunk.
const AuthPage = lazyNamed(() => import('../pages/auth-page'), 'AuthPage');
const VerifyPage = lazyNamed(() => import('../pages/verify-page'), 'VerifyPage');
const ResetPasswordPage = lazyNamed(() => import('../pages/reset-password-page'), 'ResetPasswordPage');
const ProfileSetupPage = lazyNamed(() => import('../pages/profile-setup-page'), 'ProfileSetupPage');
const SubscribePage = lazyNamed(() => import('../pages/subscribe-page'), 'SubscribePage');
const SupportPage = lazyNamed(() => import('../pages/support-page'), 'SupportPage');
const AboutUsPage = lazyNamed(() => import('../pages/about-us-page'), 'AboutUsPage');
const PrivacyPolicyPage = lazyNamed(() => import('../pages/privacy-policy-page'), 'PrivacyPolicyPage');
const TermsOfServicePage = lazyNamed(() => import('../pages/terms-of-service-page'), 'TermsOfServicePage');
const CookiePolicyPage = lazyNamed(() => import('../pages/cookie-policy-page'), 'CookiePolicyPage');
const GdprPage = lazyNamed(() => import('../pages/gdpr-page'), 'GdprPage');
const BlogPage = lazyNamed(() => import('../pages/blog-page'), 'BlogPage', BLOG_RETRY);
const BlogPostPage = lazyNamed(() => import('../pages/blog-post-page'), 'BlogPostPage', BLOG_RETRY);
const DashboardPage = lazyNamed(() => import('../pages/dashboard-page'), 'DashboardPage');
const ReportsPage = lazyNamed(() => import('../pages/reports-page'), 'ReportsPage');
const SettingsPage = lazyNamed(() => import('../pages/settings-page'), 'SettingsPage');
const OnboardingPage = lazyNamed(() => import('../pages/onboarding-page'), 'OnboardingPage');
const HelpPage = lazyNamed(() => import('../pages/help-page'), 'HelpPage');
const AssistantPage = lazyNamed(() => import('../pages/assistant-page'), 'AssistantPage');
const EnterpriseApiPage = lazyNamed(() => import('../pages/enterprise-api-page'), 'EnterpriseApiPage');
const DuplicatesPage = lazyNamed(() => import('../pages/duplicates-page'), 'DuplicatesPage');
const ObjectsPage = lazyNamed(() => import('../pages/objects-page'), 'ObjectsPage');
const DemoObjectsPage = lazyNamed(() => import('../pages/demo-objects-page'), 'DemoObjectsPage');

/** First path segments the demo has a page for. */
const DEMO_SECTIONS = new Set(['dashboard', 'reports', 'assistant', 'ai', 'settings', 'help', 'duplicates', 'enterprise-api', 'objects']);

/** In a forced-demo build the signed-in pages open as their demo counterparts. */
export function demoCounterpart(pathname: string): string {
  const section = pathname.split('/')[1] ?? '';
  return DEMO_SECTIONS.has(section) ? `${DEMO_BASE_PATH}${pathname}` : `${DEMO_BASE_PATH}/dashboard`;
}

function RedirectToDemo() {
  const { pathname, search } = useLocation();
  return <Navigate to={`${demoCounterpart(pathname)}${search}`} replace />;
}

/** Pages outside a layout still show the 'Loading...' placeholder while their code loads. */
function standalone(element: ReactNode) {
  return <Suspense fallback={<PageLoading />}>{element}</Suspense>;
}

/** Every route of SPEC.md section 2; the flags are the build's, or a test's. */
export function createRoutes(flags: AppFlags): RouteObject[] {
  const signedIn = (element: ReactNode) => (flags.forceDemo ? <RedirectToDemo /> : element);

  return [
    {
      element: <RouteTitle />,
      errorElement: <ErrorFallback />,
      children: [
        {
          element: <SiteLayout />,
          children: [
            { path: '/', element: <LandingPage /> },
            { path: '/subscribe', element: <SubscribePage /> },
            { path: '/support', element: <SupportPage /> },
            { path: '/about-us', element: <AboutUsPage /> },
            { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
            { path: '/terms-of-service', element: <TermsOfServicePage /> },
            { path: '/cookie-policy', element: <CookiePolicyPage /> },
            { path: '/gdpr', element: <GdprPage /> },
            { path: '/blog', element: <BlogPage /> },
            { path: '/blog/:slug', element: <BlogPostPage /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
        { path: '/auth', element: standalone(<AuthPage />) },
        { path: '/login', element: <Navigate to={flags.interestOnly ? '/auth?tab=register' : '/auth'} replace /> },
        { path: '/register', element: <Navigate to="/auth?tab=register" replace /> },
        {
          element: <CenteredLayout />,
          children: [
            { path: '/verify', element: <VerifyPage /> },
            { path: '/reset-password', element: <ResetPasswordPage /> },
            {
              path: '/profile/setup',
              element: signedIn(
                <RequireUser skipProfileCheck>
                  <ProfileSetupPage />
                </RequireUser>,
              ),
            },
          ],
        },
        {
          path: DEMO_BASE_PATH,
          element: <AppShell demo />,
          children: [
            { index: true, element: <DashboardPage /> },
            { path: 'dashboard', element: <DashboardPage /> },
            { path: 'reports', element: <ReportsPage /> },
            { path: 'assistant', element: <AssistantPage /> },
            { path: 'ai', element: <AssistantPage /> },
            { path: 'settings', element: <SettingsPage /> },
            { path: 'help', element: <HelpPage /> },
            { path: 'duplicates', element: <DuplicatesPage /> },
            { path: 'enterprise-api', element: <EnterpriseApiPage /> },
            { path: 'objects/:objectType', element: <DemoObjectsPage /> },
            { path: 'objects/:objectType/:id', element: <DemoObjectsPage /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
        {
          element: signedIn(
            <RequireUser>
              <AppShell />
            </RequireUser>,
          ),
          children: [
            { path: '/dashboard', element: <DashboardPage /> },
            { path: '/reports', element: <ReportsPage /> },
            { path: '/settings', element: <SettingsPage /> },
            { path: '/onboarding', element: <OnboardingPage /> },
            { path: '/help', element: <HelpPage /> },
            { path: '/ai', element: <AssistantPage /> },
            { path: '/enterprise-api', element: <EnterpriseApiPage /> },
            { path: '/duplicates', element: <DuplicatesPage /> },
            { path: '/objects/:objectType', element: <ObjectsPage /> },
            { path: '/objects/:objectType/:id', element: <ObjectsPage /> },
          ],
        },
      ],
    },
  ];
}
