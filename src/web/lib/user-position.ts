import type { LatLng } from '../../domain/booking-form';

/**
 * Where the visitor is, for biasing address suggestions. The browser is asked only when the
 * visitor taps the current-location marker or has already allowed it: a permission prompt on
 * page load would be unwelcome. Until then the bias point is central London (spec section 8).
 */
export const LONDON: LatLng = { lat: 51.5074, lng: -0.1278 };

/** The spec's geolocation options: 10 s, high accuracy, no cached position (section 9). */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  timeout: 10_000,
  enableHighAccuracy: true,
  maximumAge: 0,
};

let known: LatLng | undefined;
let asked = false;

/** Asks the browser for the visitor's position; rejects when it is unsupported or denied. */
export function locateUser(): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      reject(new Error('Geolocation is not supported by this browser'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        known = { lat: coords.latitude, lng: coords.longitude };
        resolve(known);
      },
      (error) => reject(new Error(`Geolocation failed: ${error.message || error.code}`)),
      GEOLOCATION_OPTIONS,
    );
  });
}

/**
 * The bias point for suggestions: the visitor's position when known or already permitted,
 * else central London. Failures are logged only (spec section 8).
 */
export async function biasPoint(): Promise<LatLng> {
  if (known) return known;
  if (!asked) {
    asked = true;
    try {
      const permission = await navigator.permissions?.query({ name: 'geolocation' });
      if (permission?.state === 'granted') return await locateUser();
    } catch (error) {
      console.error('Could not read the current location; using central London.', error);
    }
  }
  return known ?? LONDON;
}
