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

/**
 * A code-split component from a module's named export. Code that cannot be fetched while the
 * browser is offline is not a crash: the page waits in place and loads when the connection returns.
 */
export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  retry: ImportRetry = { retries: 0, delayMs: 0 },
): LazyExoticComponent<M[K] & ComponentType> {
  const component = async () => (await importWithRetry(load, retry))[name] as M[K] & ComponentType;
  return lazy(async () => {
    try {
      return { default: await component() };
    } catch (error) {
      if (navigator.onLine) throw error;
      return { default: retryingWhenOnline(component) as M[K] & ComponentType };
    }
  });
}
