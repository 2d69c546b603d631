import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, queryClient } from './app/app';
import { preloadPage } from './app/preload-page';
import { router } from './app/router';
import { prefetchPageData } from './app/route-prefetch';
import { installUnhandledRejectionHandler } from './lib/unhandled-rejections';
import './styles.css';

installUnhandledRejectionHandler();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** A page's code and its first data, requested together (a failed fetch is the page's to report). */
function preload(location: { pathname: string; search: string }): Promise<void> {
  void prefetchPageData(queryClient, location);
  return preloadPage(router.routes, location.pathname).catch(() => undefined);
}

// On every navigation, as soon as the router has the new address and before React renders it.
let shown = router.state.location;
router.subscribe(({ location }) => {
  if (location === shown) return;
  shown = location;
  void preload(location);
});

// The first page's code first, so the first render is the page: the served markup stays in
// view until then, instead of 'Loading...' in its place.
void preload(window.location).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
