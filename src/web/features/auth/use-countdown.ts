import { useCallback, useEffect, useState } from 'react';

/** Whole seconds counting down to 0, one tick a second. */
export function useCountdown(initialSeconds = 0) {
  const [remaining, setRemaining] = useState(initialSeconds);
  const running = remaining > 0;

  // One interval per run, not a timeout per tick: ticks keep their pace while React renders.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setRemaining((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const start = useCallback((seconds: number) => setRemaining(Math.max(0, Math.ceil(seconds))), []);
  return { remaining, running, start };
}
