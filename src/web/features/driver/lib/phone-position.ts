import type { DriverLocationRequest } from '../../../../contract/driver';
import { createValueStore } from '../../../lib/value-store';

/** A fix younger than this stands for "now" at a press. */
export const FRESH_FIX_MS = 30_000;
/** How long a press waits for a fix of its own when there is no fresh one. */
export const PRESS_FIX_TIMEOUT_MS = 3_000;

/** The latest fix the position watch had (use-position-reporting.ts); null before any. */
export const lastFix = createValueStore<GeolocationPosition | null>(null);

/** A number the contract takes, or null (browsers give NaN or null for an unknown heading). */
function measure(value: number | null, max = Number.POSITIVE_INFINITY): number | null {
  return value !== null && Number.isFinite(value) && value >= 0 && value <= max ? value : null;
}

/** A fix as POST /driver/location takes it. */
export function locationBody(fix: GeolocationPosition): DriverLocationRequest {
  const { latitude, longitude, accuracy, heading, speed } = fix.coords;
  return {
    lat: latitude,
    lng: longitude,
    accuracy: measure(accuracy),
    heading: measure(heading, 360),
    speed: measure(speed),
    at: new Date(fix.timestamp).toISOString(),
  };
}

/** Where a press was made: the phone's position then, or nulls when it is not known. */
export type PressPosition = { lat: number | null; lng: number | null; accuracy: number | null };

const UNKNOWN: PressPosition = { lat: null, lng: null, accuracy: null };

function pressPositionOf(fix: GeolocationPosition): PressPosition {
  return {
    lat: fix.coords.latitude,
    lng: fix.coords.longitude,
    accuracy: measure(fix.coords.accuracy),
  };
}

/**
 * The phone's position for a press: the watch's fix when fresh, else one asked for now with a
 * short timeout. Never fails: no permission, no fix in time or no geolocation give nulls, and
 * the press goes without a position rather than not at all.
 */
export function positionForPress(now: number = Date.now()): Promise<PressPosition> {
  const fix = lastFix.get();
  if (fix && now - fix.timestamp <= FRESH_FIX_MS) return Promise.resolve(pressPositionOf(fix));
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
    return Promise.resolve(UNKNOWN);
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve(pressPositionOf(position)),
      () => resolve(UNKNOWN),
      { enableHighAccuracy: true, timeout: PRESS_FIX_TIMEOUT_MS, maximumAge: FRESH_FIX_MS },
    );
  });
}
