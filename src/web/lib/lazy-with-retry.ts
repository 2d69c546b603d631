import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { retryingWhenOnline } from '../features/offline/offline-page';

export interface ImportRetry {
  retries: number;
  delayMs: number;
}

/** Loads a module, trying again after a pause if the first load fails (a flaky network, a redeploy). */
export async function importWithRetry<T>(load: () => Promise<T>, { retries, delayMs }: ImportRetry): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

/** A code-split page whose code can be fetched before it renders (see preloadRoutes). */
export type PreloadableComponent<C extends ComponentType> = LazyExoticComponent<C> & { preload: () => Promise<void> };

/**
 * A code-split component from a module's named export. Code that cannot be fetched while the
 * browser is offline is not a crash: the page waits in place and loads when the connection returns.
 * Once preload() has fetched it, it renders at once instead of showing its Suspense fallback:
 * React.lazy takes a module it is handed synchronously as loaded (a thenable that calls back
 * at once), so a prerendered page's markup is never replaced by 'Loading...'.
 */
export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  retry: ImportRetry = { retries: 0, delayMs: 0 },
): PreloadableComponent<M[K] & ComponentType> {
  type Loaded = M[K] & ComponentType;
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;
  // A preload's failure, for the render that follows it to report: not fetched again (and
  // retried again) straight away.
  let failedPreload: Promise<Loaded> | undefined;
  const component = () => {
    if (failedPreload) {
      const failed = failedPreload;
      failedPreload = undefined;
      return failed;
    }
    // One fetch however many ask: a preload and the first render share it.
    loading ??= importWithRetry(load, retry).then(
      (module) => (loaded = module[name] as Loaded),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const page = lazy(() => {
    if (loaded) {
      const module = { default: loaded };
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>;
    }
    return (async () => {
      try {
        return { default: await component() };
      } catch (error) {
        if (navigator.onLine) throw error;
        return { default: retryingWhenOnline(component) as Loaded };
      }
    })();
  });
  const preload = () =>
    component().then(
      () => undefined,
      (error: unknown) => {
        failedPreload = Promise.reject(error);
        failedPreload.catch(() => undefined);
        throw error;
      },
    );
  return Object.assign(page, { preload });
}
