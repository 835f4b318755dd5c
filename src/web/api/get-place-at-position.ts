import { reverseGeocodeResponseSchema, type PlaceAtPosition } from '../../contract/geocoding';
import { API_PATHS } from '../../contract/paths';
import type { LatLng } from '../../domain/lat-lng';
import { apiRequest } from '../lib/api-client';

/**
 * GET /reverse-geocode: the pickup text for the passenger's position ("use my current
 * location"). Asked once per tap, never cached: a position is personal and soon out of date.
 */
export async function getPlaceAtPosition(
  position: LatLng,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PlaceAtPosition> {
  const response = await apiRequest(API_PATHS.reverseGeocode, {
    query: { lat: position.lat, lng: position.lng },
    schema: reverseGeocodeResponseSchema,
    signal,
  });
  return response.data;
}
