import { useSyncExternalStore } from 'react';

/**
 * The guided tour's state (SPEC.md sections 3 and 4): the current tour (default 'main'), its
 * step, the tours completed and whether this browser has seen a first visit. Completed
 * tours and the first-visit marker live in local storage; the rest only while the page does.
 */
export interface TourState {
  tourName: string;
  stepIndex: number;
  open: boolean;
  completed: readonly string[];
}

export const TOUR_STORAGE_KEYS = {
  completed: 'datacleaner.tour.completed',
  firstVisit: 'datacleaner.tour.firstVisit',
} as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private window): the tour just forgets.
  }
}

function storedCompleted(): string[] {
  try {
    const parsed: unknown = JSON.parse(read(TOUR_STORAGE_KEYS.completed) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

let state: TourState = { tourName: 'main', stepIndex: 0, open: false, completed: storedCompleted() };
const listeners = new Set<() => void>();

function set(next: Partial<TourState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const tour = {
  /** Sets the tour, goes back to its first step and shows it. */
  start(tourName = 'main'): void {
    set({ tourName, stepIndex: 0, open: true });
  },
  next(stepCount: number): void {
    if (state.stepIndex < stepCount - 1) set({ stepIndex: state.stepIndex + 1 });
  },
  back(): void {
    if (state.stepIndex > 0) set({ stepIndex: state.stepIndex - 1 });
  },
  /** The last step done: the tour is completed, for good. */
  end(): void {
    const completed = state.completed.includes(state.tourName) ? state.completed : [...state.completed, state.tourName];
    write(TOUR_STORAGE_KEYS.completed, JSON.stringify(completed));
    set({ open: false, completed });
  },
  /** Closed early: not completed, so it may be offered again. */
  skip(): void {
    set({ open: false });
  },
  /** Starts the main tour on this browser's first visit to the app, once. */
  startOnFirstVisit(): void {
    if (read(TOUR_STORAGE_KEYS.firstVisit) !== null) return;
    write(TOUR_STORAGE_KEYS.firstVisit, new Date().toISOString());
    if (!state.completed.includes('main')) tour.start('main');
  },
  /** Tests start from a clean slate. */
  reset(): void {
    state = { tourName: 'main', stepIndex: 0, open: false, completed: storedCompleted() };
    for (const listener of listeners) listener();
  },
};

export function useTour(): TourState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
