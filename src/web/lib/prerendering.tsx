import { createContext, useContext } from 'react';

/** True while src/web/prerender.tsx renders a page at build time, when nobody is known yet. */
export const PrerenderingContext = createContext(false);

export function usePrerendering(): boolean {
  return useContext(PrerenderingContext);
}
