/// <reference types="google.maps" />
import { useEffect, useSyncExternalStore } from 'react';

/**
 * The one loader of Google's Maps JavaScript API for the whole app (address suggestions, the
 * route map). The script, and the loader's own code, download only when the GOOGLE_API_KEY
 * setting holds a key and the device is online; with no key the app uses the server's
 * suggestions and shows no map. Google's loader refuses a second configuration, so every
 * screen goes through useGoogleMaps and these options.
 */

/** Places for autocomplete and details; the map, directions and geocoder are in the core script. */
export const GOOGLE_MAPS_LIBRARIES: ('places' | 'geometry')[] = ['places'];
export const GOOGLE_MAPS_SCRIPT_ID = 'google-maps-script';

export type GoogleMapsState = {
  /** True once `window.google.maps` (with Places) is ready to use. */
  isLoaded: boolean;
  /** Why the script could not load; callers fall back silently (the spec logs it only). */
  loadError: Error | undefined;
};

type LoaderState = GoogleMapsState & { apiKey: string | undefined };

let state: LoaderState = { apiKey: undefined, isLoaded: false, loadError: undefined };
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function emit(next: LoaderState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Loads Google's script once. The options match what @react-google-maps/api's useJsApiLoader
 * builds for `{ id, googleMapsApiKey, libraries, language: 'en-GB', region: 'GB' }`, so the two
 * can share the one script.
 */
export function loadGoogleMaps(apiKey: string): Promise<void> {
  if (loading) {
    if (state.apiKey !== apiKey) {
      // The script cannot be loaded twice in a page; a changed key takes effect on the next visit.
      console.error('Google Maps is already loaded with another key; keeping the first one.');
    }
    return loading;
  }
  emit({ apiKey, isLoaded: false, loadError: undefined });
  loading = import('@googlemaps/js-api-loader')
    .then(({ Loader }) =>
      new Loader({
        id: GOOGLE_MAPS_SCRIPT_ID,
        apiKey,
        version: 'weekly',
        libraries: GOOGLE_MAPS_LIBRARIES,
        language: 'en-GB',
        region: 'GB',
        mapIds: [],
        nonce: '',
        authReferrerPolicy: 'origin',
      }).load(),
    )
    .then(() => emit({ apiKey, isLoaded: true, loadError: undefined }))
    .catch((cause: unknown) => {
      const error = cause instanceof Error ? cause : new Error(String(cause));
      console.error('Could not load Google Maps; using the server suggestions instead.', error);
      // A later visit online may succeed: allow another attempt.
      loading = undefined;
      emit({ apiKey, isLoaded: false, loadError: error });
    });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

/** Forgets the loader state; tests call it between cases, the app never needs to. */
export function resetGoogleMapsForTests(): void {
  loading = undefined;
  state = { apiKey: undefined, isLoaded: false, loadError: undefined };
}

/**
 * Google Maps for a screen: starts the lazy load when `apiKey` is non-empty and the device is
 * online (or as soon as it comes back online), and re-renders when it is ready or has failed.
 * With an empty key it never loads and reports not loaded.
 */
export function useGoogleMaps(apiKey: string | undefined): GoogleMapsState {
  const key = apiKey?.trim() ?? '';
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  useEffect(() => {
    if (!key) return;
    const start = () => {
      if (navigator.onLine) void loadGoogleMaps(key);
    };
    start();
    window.addEventListener('online', start);
    return () => window.removeEventListener('online', start);
  }, [key]);

  if (!key) return { isLoaded: false, loadError: undefined };
  return { isLoaded: snapshot.isLoaded, loadError: snapshot.loadError };
}
