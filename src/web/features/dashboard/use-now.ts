import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`, so "3 hours ago" does not go stale on an open tab. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
