import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toastStore } from '../components/ui/toast-store';
import { tour } from '../features/tour/tour-state';

// jsdom lays nothing out, so it has no scrolling to do.
Element.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  cleanup();
  toastStore.reset();
  window.localStorage.clear();
  tour.reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
