import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`: enough for countdowns without re-rendering every frame. */
export function useClock(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }, [intervalMs]);
  return now;
}
