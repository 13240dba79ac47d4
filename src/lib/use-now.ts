import { useEffect, useState } from 'react';
import { serviceNow } from '@/api/service-clock';

/**
 * The current time, refreshed every `intervalMs`: enough for countdowns without re-rendering every frame. On the
 * service's clock by default (see service-clock.ts), for times the service stamped; what the browser stamped itself
 * (when data arrived, when a check began) is measured with `clock` = `Date.now`.
 */
export function useNow(intervalMs = 1_000, clock: () => number = serviceNow): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(clock());
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }, [intervalMs, clock]);
  return now;
}
