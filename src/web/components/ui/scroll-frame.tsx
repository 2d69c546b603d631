import type { ReactNode } from 'react';

/**
 * The frame of a table that may be wider than the room it has: it scrolls sideways, shows a
 * shadow at each edge that has more (the scroll-shadows utility), and takes keyboard focus so
 * it can be scrolled without a mouse. `data-scroll-cue` marks it as deliberate for the browser
 * tests' layout check (e2e/support/layout.ts); nothing else on a page may scroll sideways.
 */
export function ScrollFrame({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div data-scroll-cue tabIndex={0} role="group" aria-label={label} className={`scroll-shadows overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`}>
      {children}
    </div>
  );
}
