import { useEffect, useState } from 'react';
import { serviceNow } from '@/api/service-clock';

/** The current time on the service's clock (see service-clock.ts), refreshed every `intervalMs`: enough for countdowns without re-rendering every frame. */
export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(serviceNow);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(serviceNow());
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }, [intervalMs]);
  return now;
}
