import { cloneElement, createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';

/** SPEC.md section 9: a tooltip opens after 700 ms; within 300 ms of another closing it opens at once. */
export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_DELAY = 300;

interface TooltipTiming {
  delayDuration: number;
  skipDelayDuration: number;
  /** When the last tooltip closed, shared so moving along a toolbar feels instant. */
  lastClosedAt: { current: number };
}

const TooltipContext = createContext<TooltipTiming | null>(null);

export function TooltipProvider({ children, delayDuration = TOOLTIP_DELAY, skipDelayDuration = TOOLTIP_SKIP_DELAY }: { children: ReactNode; delayDuration?: number; skipDelayDuration?: number }) {
  const lastClosedAt = useRef(Number.NEGATIVE_INFINITY);
  const value = useMemo(() => ({ delayDuration, skipDelayDuration, lastClosedAt }), [delayDuration, skipDelayDuration]);
  return <TooltipContext.Provider value={value}>{children}</TooltipContext.Provider>;
}

const fallbackTiming: TooltipTiming = { delayDuration: TOOLTIP_DELAY, skipDelayDuration: TOOLTIP_SKIP_DELAY, lastClosedAt: { current: Number.NEGATIVE_INFINITY } };

type TriggerProps = { 'aria-describedby'?: string | undefined };

/** A text label shown on hover (after the delay) and on keyboard focus (at once). */
export function Tooltip({ content, children, side = 'bottom' }: { content: string; children: ReactElement<TriggerProps>; side?: 'top' | 'bottom' }) {
  const timing = useContext(TooltipContext) ?? fallbackTiming;
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  const clear = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };

  const show = (immediately: boolean) => {
    clear();
    const skip = Date.now() - timing.lastClosedAt.current < timing.skipDelayDuration;
    if (immediately || skip) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), timing.delayDuration);
  };

  const hide = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
    setOpen((wasOpen) => {
      if (wasOpen) timing.lastClosedAt.current = Date.now();
      return false;
    });
  }, [timing]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, hide]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <span
      className="relative inline-flex"
      onPointerEnter={() => show(false)}
      onPointerLeave={hide}
      onFocus={() => show(true)}
      onBlur={hide}
    >
      {cloneElement(children, { 'aria-describedby': open ? id : undefined })}
      {open && (
        <span
          role="tooltip"
          id={id}
          className={`pointer-events-none absolute left-1/2 z-50 -translate-x-1/2 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-lg ${
            side === 'top' ? 'bottom-full mb-2' : 'top-full mt-2'
          }`}
        >
          {content}
        </span>
      )}
    </span>
  );
}
