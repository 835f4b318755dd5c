import { useEffect, useState } from 'react';

/**
 * The time now (ms since epoch), renewed every `everyMs` while the component is mounted: for
 * what goes stale by the clock alone, as a car's position "last seen" when no update comes.
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
