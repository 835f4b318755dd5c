import * as z from 'zod/mini';

/** Coordinates from the browser's maps service; the server prefers them to its gazetteer. */
export const latLngSchema = z.object({
  lat: z.number().check(z.minimum(-90), z.maximum(90)),
  lng: z.number().check(z.minimum(-180), z.maximum(180)),
});
export type LatLng = z.infer<typeof latLngSchema>;

/**
 * Whether a point lies in or near the UK, the product's service area: a box round Great
 * Britain, Northern Ireland and the Channel Islands. Coarse on purpose (it takes in the French
 * coast by Calais); finer answers come from placing the point.
 */
export function inServiceArea({ lat, lng }: LatLng): boolean {
  return lat >= 49.5 && lat <= 61 && lng >= -8.7 && lng <= 2.1;
}
