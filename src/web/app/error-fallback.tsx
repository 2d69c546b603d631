import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { AlertIcon } from '../components/ui/icons';
import { browser } from '../lib/browser';
import { isDemoMode } from '../lib/demo-mode';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.stack && !error.stack.includes(error.message) ? `${error.message}\n${error.stack}` : (error.stack ?? error.message);
  return String(error);
}

/** A page's code that could not be fetched (Chromium, Firefox and Safari word it differently). */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** SPEC.md section 2, "Error fallback screen": shown when a page fails to render. */
export function ErrorFallback() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const demo = isDemoMode(pathname);
  const chunkFailure = error instanceof Error && CHUNK_FAILURE.test(error.message);

  useEffect(() => {
    // Code that failed to load as the connection dropped loads on a fresh page once it is back.
    if (!chunkFailure) return;
    const online = () => browser.reload();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [chunkFailure]);

  const reload = () => {
    // Cached answers may be what broke the page.
    queryClient.clear();
    browser.assign(demo ? '/demo/dashboard' : '/dashboard');
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-16">
      <div role="alert" className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-xl sm:p-8">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-red-600">
          <AlertIcon className="h-7 w-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">Something went wrong</h1>
        <p className="mt-3 text-slate-600">The page failed to render. You can reload the {demo ? 'demo' : 'app'} or go back to the dashboard.</p>
        <pre className="mt-5 max-h-40 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-100 p-3 text-left font-mono text-xs text-slate-700" aria-label="Error details">
          {describe(error)}
        </pre>
        <div className="mt-6 flex flex-col-reverse justify-center gap-2 sm:flex-row">
          <Button variant="secondary" onClick={() => browser.back()}>
            Go Back
          </Button>
          <Button onClick={reload}>{demo ? 'Reload Demo' : 'Reload App'}</Button>
        </div>
      </div>
    </main>
  );
}
