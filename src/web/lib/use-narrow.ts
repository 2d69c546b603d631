import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether an element has less room than `minWidth` CSS pixels, kept up to date as it resizes:
 * for a layout that depends on the space a component is given (a column beside a list, a
 * phone) rather than on the screen. Measured before the first paint, so nothing jumps.
 * An element not laid out (width 0, as in tests without a layout engine) counts as wide.
 */
export function useNarrow<T extends HTMLElement>(minWidth: number) {
  const ref = useRef<T>(null);
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setNarrow(element.clientWidth > 0 && element.clientWidth < minWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [minWidth]);
  return { ref, narrow };
}
