import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { tour, useTour } from './tour-state';
import { TOURS } from './tour-steps';

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const CARD_WIDTH = 320;
const GAP = 12;

/** Where the step's target is on screen, or null when it is hidden (the sidebar on a phone). */
function targetBox(target: string): Box | null {
  const element = document.querySelector<HTMLElement>(`[data-tour="${target}"]`);
  if (!element) return null;
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return null;
  return { top: rect.top, left: rect.left, width: rect.width, height: rect.height };
}

/**
 * The guided tour: a card beside the element each step is about, with the element ringed.
 * Escape skips; the last step's button ends the tour and marks it completed.
 */
export function ProductTour() {
  const { open, tourName, stepIndex } = useTour();
  const steps = TOURS[tourName] ?? [];
  const step = steps[stepIndex];
  const [box, setBox] = useState<Box | null>(null);
  const titleId = useId();
  const card = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (!open || !step) return;
    const place = () => setBox(targetBox(step.target));
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, step]);

  useEffect(() => {
    if (!open) return;
    card.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') tour.skip();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, stepIndex]);

  if (!open || !step) return null;
  const last = stepIndex === steps.length - 1;
  const position = box
    ? {
        top: Math.min(window.innerHeight - 220, Math.max(GAP, box.top)),
        left: box.left + box.width + GAP + CARD_WIDTH <= window.innerWidth ? box.left + box.width + GAP : Math.max(GAP, box.left - CARD_WIDTH - GAP),
      }
    : null;

  return (
    <>
      {box && (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed z-50 rounded-lg ring-4 ring-brand-500/70 transition-all"
          style={{ top: box.top - 4, left: box.left - 4, width: box.width + 8, height: box.height + 8 }}
        />
      )}
      <div
        ref={card}
        role="dialog"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`fixed z-50 w-[min(20rem,calc(100vw-1.5rem))] rounded-xl border border-slate-200 bg-white p-5 shadow-2xl outline-none ${position ? '' : 'left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2'}`}
        style={position ?? undefined}
      >
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          Step {stepIndex + 1} of {steps.length}
        </p>
        <h2 id={titleId} className="mt-1 text-base font-semibold text-slate-900">
          {step.title}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.body}</p>
        <div className="mt-4 flex items-center justify-between gap-2">
          <Button variant="ghost" size="sm" onClick={() => tour.skip()}>
            Skip tour
          </Button>
          <div className="flex gap-2">
            {stepIndex > 0 && (
              <Button variant="secondary" size="sm" onClick={() => tour.back()}>
                Back
              </Button>
            )}
            <Button size="sm" onClick={() => (last ? tour.end() : tour.next(steps.length))}>
              {last ? 'Finish' : 'Next'}
            </Button>
          </div>
        </div>
      </div>
    </>
  );
}
