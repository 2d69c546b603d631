import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toastStore } from '../components/ui/toast-store';
import { tour } from '../features/tour/tour-state';

// Lazy pages compile on first use; on a busy 2-core machine that can take several seconds.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lays nothing out, so it has no scrolling to do.
Element.prototype.scrollIntoView = () => undefined;
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  toastStore.reset();
  window.localStorage.clear();
  tour.reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
