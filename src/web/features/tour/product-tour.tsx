import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { tour, useTour } from './tour-state';
import { placeTourCard, type Box, type Size } from './tour-placement';
import { TOURS } from './tour-steps';

/** Until the card is measured: its width and a typical height. */
const CARD_ESTIMATE: Size = { width: 320, height: 220 };

/** Where the step's target is on screen, or null when it is hidden (the sidebar on a phone). */
function targetBox(target: string): Box | null {
  return boxOf(document.querySelector<HTMLElement>(`[data-tour="${target}"]`));
}

function boxOf(element: HTMLElement | null): Box | null {
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
  const [heading, setHeading] = useState<Box | null>(null);
  const [cardSize, setCardSize] = useState<Size>(CARD_ESTIMATE);
  const titleId = useId();
  const card = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (!open || !step) return;
    const place = () => {
      setBox(targetBox(step.target));
      // The page's heading stays readable where it can: the user should see where they are.
      setHeading(boxOf(document.querySelector<HTMLElement>('main h1, h1')));
      const element = card.current;
      // The real size, so a long step's card is not placed as if it were short.
      if (element && element.offsetWidth > 0) setCardSize((size) => (size.width === element.offsetWidth && size.height === element.offsetHeight ? size : { width: element.offsetWidth, height: element.offsetHeight }));
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    // The page may still be settling (a banner, data arriving): its target and heading move with it.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    observer?.observe(document.body);
    if (card.current) observer?.observe(card.current);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      observer?.disconnect();
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
  const position = placeTourCard(box, cardSize, { width: window.innerWidth, height: window.innerHeight }, heading ? [heading] : []);

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
        data-tour-card=""
        className="fixed z-50 w-[min(20rem,calc(100vw-1.5rem))] rounded-xl border border-slate-200 bg-white p-5 shadow-2xl outline-none"
        style={position}
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
