import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { Button } from '../../components/ui/button';
import { OfflineIcon } from '../../components/ui/icons';
import { browser } from '../../lib/browser';

/** Shown in the content area where a page's code could not be fetched because the browser is offline. */
export function OfflinePagePlaceholder({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="status" className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-2xl border border-dashed border-amber-300 bg-amber-50/60 px-6 py-10 text-center">
      <OfflineIcon className="h-8 w-8 text-amber-700" />
      <p className="text-sm text-amber-950">This page could not load while offline; it will load when you are back online.</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * A page whose code failed to load while the browser was offline: it shows the offline placeholder
 * inside the app (the shell and the offline banner stay) and loads the code again when the
 * connection returns, or when asked. Browsers may remember a failed module fetch for the rest of the
 * page's life, so a load that still fails once online reloads the page: a fresh page fetches the code
 * again, and a failure there is a real one, for the error screen.
 */
export function retryingWhenOnline<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  let reloading = false;
  const attempt = () =>
    (pending ??= load().then(
      (page) => (loaded = page),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));

  function PageWhenOnline(props: P) {
    const [Page, setPage] = useState<{ page: ComponentType<P> } | null>(() => (loaded ? { page: loaded } : null));

    const retry = useCallback(() => {
      attempt().then(
        (page) => setPage({ page }),
        () => {
          if (!navigator.onLine || reloading) return;
          reloading = true;
          browser.reload();
        },
      );
    }, []);

    useEffect(() => {
      if (Page) return;
      // Back online before this mounted: try at once.
      if (navigator.onLine) retry();
      window.addEventListener('online', retry);
      return () => window.removeEventListener('online', retry);
    }, [Page, retry]);

    if (Page) return <Page.page {...props} />;
    return <OfflinePagePlaceholder onRetry={retry} />;
  }
  return PageWhenOnline;
}
