import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

interface Preloadable {
  preload: () => Promise<void>;
}

/** The code-split pages (lazyNamed) an element shows, looking through wrappers such as Suspense. */
function lazyPagesIn(node: ReactNode): Preloadable[] {
  if (!isValidElement(node)) return [];
  const type = node.type as Partial<Preloadable>;
  if (typeof type.preload === 'function') return [type as Preloadable];
  return lazyPagesIn((node.props as { children?: ReactNode }).children);
}

/**
 * Fetches the code of every lazy page the path shows. Awaited before the first render (main.tsx,
 * prerender.tsx), those pages render at once: a prerendered page's markup is replaced by the
 * same markup, not by 'Loading...' and then the page again (a layout shift).
 */
export async function preloadPage(routes: RouteObject[], pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? []).flatMap((match) => lazyPagesIn(match.route.element));
  await Promise.all(pages.map((page) => page.preload()));
}
