import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { OfflineIcon, OnlineIcon } from '../../components/ui/icons';
import { browser } from '../../lib/browser';

type Connection = 'online' | 'offline' | 'restored';

/** SPEC.md section 2, "Offline banner": while offline, and once the connection is back. */
export function OfflineBanner() {
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<Connection>(() => (navigator.onLine ? 'online' : 'offline'));

  useEffect(() => {
    const offline = () => setConnection('offline');
    const online = () => setConnection((previous) => (previous === 'offline' ? 'restored' : previous));
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);

  // The banner sits above the page, not over it: its height is published for the app's sticky
  // header and menu, which then stop below it instead of under it.
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const style = document.documentElement.style;
    const publish = () => style.setProperty('--offline-banner-height', `${element.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      style.removeProperty('--offline-banner-height');
    };
  }, [connection]);

  const reloadData = () => {
    setConnection('online');
    void queryClient.invalidateQueries();
  };

  if (connection === 'online') return null;

  if (connection === 'offline') {
    return (
      <div ref={ref} role="alert" className="sticky top-0 z-[60] border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 shadow-md">
        <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center">
          <OfflineIcon className="hidden h-6 w-6 shrink-0 text-amber-700 sm:block" />
          <div className="flex-1">
            <p className="font-semibold">You are offline</p>
            <p className="text-sm">Check your internet connection. Some features may be unavailable while offline.</p>
          </div>
          <Button variant="secondary" size="sm" onClick={() => browser.reload()}>
            Try Again
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div ref={ref} role="status" className="sticky top-0 z-[60] border-b border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-950 shadow-md">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center">
        <OnlineIcon className="hidden h-6 w-6 shrink-0 text-emerald-700 sm:block" />
        <div className="flex-1">
          <p className="font-semibold">Back Online</p>
          <p className="text-sm">Your connection has been restored. All features are now available.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={() => setConnection('online')}>
            Dismiss
          </Button>
          <Button size="sm" onClick={reloadData}>
            Reload Data
          </Button>
        </div>
      </div>
    </div>
  );
}
