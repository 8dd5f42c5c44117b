// Re-renders every second while `ticking` (a countdown on screen); answers the current time.
import { useEffect, useState } from 'preact/hooks';

export function useNow(ticking: boolean): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return Date.now();
}
