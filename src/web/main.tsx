import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/preload-page';
import { router } from './app/router';
import { installUnhandledRejectionHandler } from './lib/unhandled-rejections';
import './styles.css';

installUnhandledRejectionHandler();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The page's code first, so the first render is the page (the served markup stays in view until
// then). A failed fetch is the page's to report, as it would be without this.
void preloadPage(router.routes, window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
