import type { PlaceAtPosition } from '../../../contract/geocoding';
import { inServiceArea, type LatLng } from '../../../domain/lat-lng';
import { HttpError } from '../../errors';
import {
  DistanceUnavailableError,
  OutsideServiceAreaError,
  UnplaceablePositionError,
} from './distance-provider';
import type { DistanceProvider } from './distance-provider';

/**
 * "Use my current location" as a pickup a driver can find (GET /reverse-geocode): the distance
 * provider that will price the quote names the position, so the text it gives is one it
 * places back there. The passenger sees the text and confirms it before quoting.
 */
export function createReverseGeocoder(distance: DistanceProvider) {
  return {
    /** The pickup text for a position; a 422 outside the UK or far from any known place. */
    async placeAt(location: LatLng): Promise<PlaceAtPosition> {
      try {
        if (!inServiceArea(location)) throw new OutsideServiceAreaError(location);
        if (!distance.placeAt) throw new DistanceUnavailableError();
        return await distance.placeAt(location);
      } catch (error) {
        if (error instanceof OutsideServiceAreaError || error instanceof UnplaceablePositionError) {
          throw new HttpError(422, error.message);
        }
        if (error instanceof DistanceUnavailableError) throw new HttpError(503, error.message);
        throw error;
      }
    },
  };
}

export type ReverseGeocoder = ReturnType<typeof createReverseGeocoder>;
