import { useEffect, useState } from 'react';

/** The time now (ms), renewed every `everyMs` while `active`: for countdowns and "from 14:47". */
export function useNow(everyMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs, active]);
  return now;
}
