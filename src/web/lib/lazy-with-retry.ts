import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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

/** A code-split component from a module's named export. */
export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  retry: ImportRetry = { retries: 0, delayMs: 0 },
): LazyExoticComponent<M[K] & ComponentType> {
  return lazy(async () => ({ default: (await importWithRetry(load, retry))[name] as M[K] & ComponentType }));
}
