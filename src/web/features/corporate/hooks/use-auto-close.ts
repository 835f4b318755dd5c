import { useEffect, useEffectEvent } from 'react';

/** The spec's alert timer (section 9). */
export const ALERT_TIMER_MS = 3000;

/**
 * Closes a success alert after the spec's 3 seconds unless OK came first. Only successes close
 * by themselves: an error stays until it is dismissed, so nobody misses why something failed.
 */
export function useAutoClose(open: boolean, onClose: () => void, delay = ALERT_TIMER_MS): void {
  const close = useEffectEvent(onClose);
  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => close(), delay);
    return () => window.clearTimeout(timer);
  }, [open, delay]);
}
