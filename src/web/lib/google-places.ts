/// <reference types="google.maps" />
import type { LatLng } from '../../domain/booking-form';
import { biasPoint } from './user-position';

/**
 * Google Places suggestions as the spec describes them (section 7): Great Britain only, types
 * geocode and establishment, biased to 50 km around the visitor (stops: about 0.1 degree), each
 * with its postcode appended from the place's details. Used only once useGoogleMaps reports the
 * script loaded; every failure rejects and the caller falls back to the server's suggestions.
 */

/** One suggestion of any source, as the address combobox lists it. */
export type AddressOption = {
  /** Unique within one list. */
  id: string;
  address: string;
  /** Coordinates when the source knows them (Google); sent as e.g. pickup_location. */
  location?: LatLng | null;
  /** The postcode when the source knows it (Google details). */
  postcode?: string;
  /** Where it is, shown beside it ("Merseyside", "London SE1"), when the server says. */
  area?: string | undefined;
};

/** 'wide' for pick-up and drop-off (50 km radius); 'near' for extra stops (0.1 degree box). */
export type PlacesBias = 'wide' | 'near';

const RADIUS_METRES = 50_000;
const STOP_BIAS_DEGREES = 0.1;

type PlaceFacts = { postcode: string; location: LatLng | null };

let autocomplete: google.maps.places.AutocompleteService | undefined;
let placesService: google.maps.places.PlacesService | undefined;
// Details of a place never change within a visit; each is asked for once.
const factsByPlace = new Map<string, Promise<PlaceFacts>>();

function placesLibrary(): typeof google.maps.places {
  const places = window.google?.maps?.places;
  if (!places) throw new Error('Google Places is not loaded');
  return places;
}

function placeFacts(placeId: string): Promise<PlaceFacts> {
  let facts = factsByPlace.get(placeId);
  if (!facts) {
    facts = new Promise<PlaceFacts>((resolve, reject) => {
      placesService ??= new (placesLibrary().PlacesService)(document.createElement('div'));
      placesService.getDetails(
        { placeId, fields: ['address_components', 'geometry.location'] },
        (place, status) => {
          if (status !== 'OK' || !place) {
            reject(new Error(`Place details failed: ${status}`));
            return;
          }
          const postcode =
            place.address_components?.find((part) => part.types.includes('postal_code'))
              ?.long_name ?? '';
          const point = place.geometry?.location;
          resolve({ postcode, location: point ? { lat: point.lat(), lng: point.lng() } : null });
        },
      );
    });
    // A failed lookup may succeed later; keep only answers.
    facts.catch(() => factsByPlace.delete(placeId));
    factsByPlace.set(placeId, facts);
  }
  return facts;
}

/** 'Heathrow Airport, Hounslow, UK' + 'TW6 1QG' -> 'Heathrow Airport, Hounslow, UK, TW6 1QG'. */
export function withPostcode(address: string, postcode: string): string {
  if (!postcode) return address;
  const compact = (text: string) => text.replace(/\s+/g, '').toUpperCase();
  return compact(address).includes(compact(postcode)) ? address : `${address}, ${postcode}`;
}

/** Google's suggestions for `input`, at most `limit`, each with its postcode and coordinates. */
export async function googleSuggestions(
  input: string,
  { bias, limit }: { bias: PlacesBias; limit: number },
): Promise<AddressOption[]> {
  const places = placesLibrary();
  autocomplete ??= new places.AutocompleteService();
  const point = await biasPoint();
  const locationBias: google.maps.places.AutocompletionRequest['locationBias'] =
    bias === 'wide'
      ? { center: point, radius: RADIUS_METRES }
      : {
          north: point.lat + STOP_BIAS_DEGREES,
          south: point.lat - STOP_BIAS_DEGREES,
          east: point.lng + STOP_BIAS_DEGREES,
          west: point.lng - STOP_BIAS_DEGREES,
        };
  const { predictions } = await autocomplete.getPlacePredictions({
    input,
    componentRestrictions: { country: 'gb' },
    types: ['geocode', 'establishment'],
    locationBias,
  });
  return Promise.all(
    predictions.slice(0, limit).map(async (prediction) => {
      // A suggestion without its details is still worth offering; the server places it.
      const facts = await placeFacts(prediction.place_id).catch((error: unknown) => {
        console.error('Could not read place details', error);
        return undefined;
      });
      return {
        id: prediction.place_id,
        address: withPostcode(prediction.description, facts?.postcode ?? ''),
        location: facts?.location ?? null,
        postcode: facts?.postcode ?? '',
      };
    }),
  );
}

/** The address Google gives for a point (the current-location marker); rejects on failure. */
export async function googleAddressAt(point: LatLng): Promise<string> {
  const maps = window.google?.maps;
  if (!maps?.Geocoder) throw new Error('Google Maps is not loaded');
  const { results } = await new maps.Geocoder().geocode({ location: point });
  const address = results[0]?.formatted_address;
  if (!address) throw new Error('No address found for the current location');
  return address;
}
