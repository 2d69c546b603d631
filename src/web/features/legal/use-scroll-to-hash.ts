import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element the URL's #id names. Pages whose code loads lazily render after
 * the browser looked for that element, so a link to /privacy-policy#retention would
 * otherwise open at the top.
 */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [hash]);
}
