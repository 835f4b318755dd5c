import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (a job under way), so the app stays open and keeps sending
 * the position. The browser lets the lock go whenever the page is hidden: it is asked for again
 * each time the page is visible. Without the Screen Wake Lock API, nothing happens.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let stopped = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        const granted = await navigator.wakeLock.request('screen');
        if (stopped) await granted.release();
        else lock = granted;
      } catch (error) {
        // Refused (low battery, a policy): the job goes on with the screen's own timeout.
        console.warn('The screen could not be kept on', error);
      }
    };
    const onVisibility = () => void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    void acquire();
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void lock?.release().catch(() => undefined);
    };
  }, [active]);
}
