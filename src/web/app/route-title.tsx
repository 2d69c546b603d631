import { Outlet, useLocation } from 'react-router';
import { matchAppRoute, pageTitle } from '../../shared/app-routes';

/**
 * The browser tab's title for every page, from the same table the server fills the served
 * page's head from (src/shared/app-routes.ts), so it changes on client navigation too.
 * A blog article names itself (BlogPostPage).
 */
export function RouteTitle() {
  const { pathname } = useLocation();
  const match = matchAppRoute(pathname);
  return (
    <>
      {match?.route.pattern !== '/blog/:slug' && <title>{pageTitle(match?.route)}</title>}
      <Outlet />
    </>
  );
}
