/**
 * Build-time prerendering (tools/build-web.ts): a public page's markup as the app first
 * renders it, signed out and before any data arrives, so the served HTML reads without
 * JavaScript. main.tsx fetches the page's code before its first render, which then puts the
 * same markup in its place: no 'Loading...' in between, no layout shift.
 * Which: PRERENDERED_PAGES and every blog article.
 */
import { StrictMode } from 'react';
// eslint-disable-next-line no-restricted-imports -- React's HTML renderer, not this repository's server layer
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { PRERENDERED_PAGES } from '../shared/app-routes';
import { AppFlagsProvider } from './app/app-flags';
import { preloadPage } from './app/preload-page';
import { createRoutes } from './app/routes';
import { TooltipProvider } from './components/ui/tooltip';
import { ARTICLES } from './features/blog/articles';
import { BUILD_FLAGS } from './lib/app-flags';
import { PrerenderingContext } from './lib/prerendering';
import { createQueryClient } from './lib/query-client';

/** The paths to prerender: the public pages, then each article. */
export function prerenderedPaths(): string[] {
  return [...PRERENDERED_PAGES, ...ARTICLES.map((article) => `/blog/${encodeURIComponent(article.slug)}`)];
}

/** The markup React renders into #root at `pathname`. */
export async function renderPage(pathname: string): Promise<string> {
  const routes = createRoutes(BUILD_FLAGS);
  // As in the browser: with its code loaded, a lazy page renders itself, not its fallback.
  await preloadPage(routes, pathname);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} redirects: nothing to prerender`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppFlagsProvider value={BUILD_FLAGS}>
          <TooltipProvider>
            <PrerenderingContext.Provider value={true}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </PrerenderingContext.Provider>
          </TooltipProvider>
        </AppFlagsProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  // Its queries' clean-up timers would keep the build's process alive for minutes.
  queryClient.clear();
  // React puts the page's <title> and preloads first; the served head has its own.
  return html.replace(/^(?:<link[^>]*>|<meta[^>]*>|<title>[\s\S]*?<\/title>)+/, '');
}
