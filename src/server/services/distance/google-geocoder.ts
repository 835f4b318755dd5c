import type { FastifyBaseLogger } from 'fastify';
import type { PlaceAtPosition } from '../../../contract/geocoding';
import type { LatLng } from '../../../domain/lat-lng';
import {
  DistanceUnavailableError,
  OutsideServiceAreaError,
  UnplaceablePositionError,
} from './distance-provider';

/**
 * Names a position with Google's Geocoding API (reverse geocoding, GET
 * /maps/api/geocode/json?latlng=), used with the Routes provider when a server key is set: the
 * address Google gives for the point is one the Routes API geocodes back to it.
 */

/** Long enough for a slow answer, short enough that the location button does not hang. */
const DEFAULT_TIMEOUT_MS = 8000;

interface AddressComponentJson {
  short_name?: string;
  types?: string[];
}

interface GeocodeResultJson {
  formatted_address?: string;
  address_components?: AddressComponentJson[];
}

interface GeocodeJson {
  status?: string;
  error_message?: string;
  results?: GeocodeResultJson[];
}

/** The result's country code ("GB"), if Google names one. */
function countryOf(result: GeocodeResultJson): string | undefined {
  return result.address_components?.find((c) => c.types?.includes('country'))?.short_name;
}

/** "Wellington Rd, Hounslow TW6 2GA, UK" -> "Wellington Rd, Hounslow TW6 2GA". */
function withoutCountry(address: string): string {
  return address.replace(/,\s*(UK|United Kingdom)$/, '').trim();
}

export function createGoogleGeocoder(options: {
  apiKey: string;
  /** e.g. https://maps.googleapis.com; tests point it at a local server. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  logger?: FastifyBaseLogger;
}): (location: LatLng) => Promise<PlaceAtPosition> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const log = options.logger;

  async function call(location: LatLng): Promise<GeocodeJson> {
    const url = new URL('/maps/api/geocode/json', options.baseUrl);
    url.searchParams.set('latlng', `${location.lat},${location.lng}`);
    url.searchParams.set('language', 'en-GB');
    url.searchParams.set('key', options.apiKey);
    try {
      const response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`Geocoding answered ${response.status}`);
      return (await response.json()) as GeocodeJson;
    } catch (cause) {
      log?.warn({ err: cause }, 'Google Geocoding request failed');
      throw new DistanceUnavailableError({ cause });
    }
  }

  return async function placeAt(location: LatLng): Promise<PlaceAtPosition> {
    const body = await call(location);
    // Google answers 200 with a status: ZERO_RESULTS is the sea or a remote hill.
    if (body.status === 'ZERO_RESULTS') throw new UnplaceablePositionError(location);
    const result = body.results?.[0];
    if (body.status !== 'OK' || !result?.formatted_address) {
      // A bad key or quota: ours to fix, and the visitor may retry later.
      log?.error(
        { googleStatus: body.status, message: body.error_message },
        'Google Geocoding refused the request',
      );
      throw new DistanceUnavailableError({
        cause: new Error(`${body.status ?? 'no status'} ${body.error_message ?? ''}`),
      });
    }
    if (countryOf(result) !== 'GB') throw new OutsideServiceAreaError(location);
    return {
      address: withoutCountry(result.formatted_address),
      ...location,
      source: 'google',
    };
  };
}
