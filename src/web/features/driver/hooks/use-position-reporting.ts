import { useEffect } from 'react';
import { sendLocation } from '../api/send-location';
import { lastFix, locationBody } from '../lib/phone-position';

/** The most often a position is sent (issue 34: every 15 s). */
export const LOCATION_INTERVAL_MS = 15_000;
/** How often the watch's latest fix is looked at, to send it once the interval has passed. */
const CHECK_MS = 1_000;

/**
 * While `active` (on duty, or a job between On the way and Complete), watches the phone's
 * position and sends the latest fix at most every LOCATION_INTERVAL_MS, and only a fix not yet
 * sent. Browsers stop the watch when the app leaves the screen: the page says so.
 */
export function usePositionReporting(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('geolocation' in navigator)) return;
    let sentAt = Number.NEGATIVE_INFINITY;
    let sentFix: GeolocationPosition | null = null;
    const sendIfDue = () => {
      const fix = lastFix.get();
      if (!fix || fix === sentFix || Date.now() - sentAt < LOCATION_INTERVAL_MS) return;
      if (!navigator.onLine) return;
      sentFix = fix;
      sentAt = Date.now();
      void sendLocation(locationBody(fix)).catch((error: unknown) =>
        console.warn('Could not send the position', error),
      );
    };
    const watch = navigator.geolocation.watchPosition(
      (fix) => {
        lastFix.set(fix);
        sendIfDue();
      },
      (error) => console.warn('No position from the phone', error.message),
      { enableHighAccuracy: true, maximumAge: 5_000 },
    );
    const timer = window.setInterval(sendIfDue, CHECK_MS);
    return () => {
      navigator.geolocation.clearWatch(watch);
      window.clearInterval(timer);
    };
  }, [active]);
}
