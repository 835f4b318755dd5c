import { useEffect, useState } from 'react';
import { useAddressSuggestions, usePopularPlaces } from '../../api/get-addresses';
import { useGoogleMaps } from '../../lib/google-maps';
import type { AddressOption, PlacesBias } from '../../lib/google-places';
import { useOnline } from '../../lib/use-online';

/** Typing settles this long before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 200;
// Google's side loads only where a key is set, keeping it off the home page's first load.
const loadGooglePlaces = () => import('../../lib/google-places');

/** The popular places the home page lists; the same request serves both. */
const POPULAR_LIMIT = 12;
const DEFAULT_LIMIT = 8;

/** What an address field searches with and how many suggestions it shows. */
export type AddressSearch = {
  /** Characters needed before searching (return addresses: 2). */
  minChars?: number;
  /** Most suggestions shown (stops: 5). */
  limit?: number;
  /** Google's bias: 50 km around the visitor, or about 0.1 degree for stops. */
  bias?: PlacesBias;
  /** The GOOGLE_API_KEY setting; when empty, offline or failing, the server suggests. */
  googleApiKey?: string | undefined;
  /** Offer popular places while the field is empty. */
  showPopular?: boolean;
  /** The journey's other end as typed: the server puts places nearer it first. */
  near?: string | undefined;
};

/** The value after it has stopped changing for `delay` ms. */
function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Google's suggestions for the settled text, or a failure the caller falls back from. */
function useGoogleOptions(
  query: string,
  { enabled, bias, limit }: { enabled: boolean; bias: PlacesBias; limit: number },
) {
  const [result, setResult] = useState<{ query: string; options: AddressOption[] }>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled || failed) return;
    let current = true;
    loadGooglePlaces()
      .then(({ googleSuggestions }) => googleSuggestions(query, { bias, limit }))
      .then(
        (options) => {
          if (current) setResult({ query, options });
        },
        (error: unknown) => {
          // The spec logs maps failures only; the server's suggestions take over.
          console.error('Google Places suggestions failed; using the server suggestions.', error);
          if (current) setFailed(true);
        },
      );
    return () => {
      current = false;
    };
  }, [query, enabled, failed, bias, limit]);
  return { options: result?.query === query ? result.options : undefined, failed };
}

/**
 * The suggestions for the text in an address field: from Google Places when the GOOGLE_API_KEY
 * setting is set, the script loaded and the device online; otherwise from the server's
 * /ai-addresses (popular places while empty). Searches only while the field has focus.
 */
export function useAddressOptions(
  value: string,
  focused: boolean,
  {
    minChars = 1,
    limit = DEFAULT_LIMIT,
    bias = 'wide',
    googleApiKey,
    showPopular = true,
    near,
  }: AddressSearch,
): AddressOption[] {
  const text = value.trim();
  const query = useDebouncedValue(text, SUGGEST_DEBOUNCE_MS);
  const searching = focused && query.length >= minChars;
  const online = useOnline();
  const maps = useGoogleMaps(googleApiKey);
  const google = useGoogleOptions(query, {
    enabled: searching && online && maps.isLoaded,
    bias,
    limit,
  });
  const useGoogle = online && maps.isLoaded && !google.failed;
  const server = useAddressSuggestions(query, { enabled: searching && !useGoogle, near });
  const popular = usePopularPlaces({ limit: POPULAR_LIMIT });

  let options: AddressOption[] = [];
  if (text === '') {
    if (showPopular)
      options = (popular.data ?? []).map((place) => ({
        id: `popular-${place.id}`,
        address: place.address,
        area: place.area,
      }));
  } else if (query === text && text.length >= minChars) {
    // Only answers to the text in the box now: while the typing settles (or a paste is
    // pending) the last query's places would be picked for the new text (issue 20).
    options = useGoogle
      ? (google.options ?? [])
      : (server.data ?? []).map((place) => ({
          id: `place-${place.id}`,
          address: place.address,
          area: place.area,
        }));
  }
  return options.slice(0, limit);
}
