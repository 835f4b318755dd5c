import * as z from 'zod/mini';

/** One coordinate of the query string: a decimal number of degrees within ±`limit`. */
function degrees(field: 'lat' | 'lng', limit: number) {
  const message = `${field} must be a number of degrees from -${limit} to ${limit}`;
  return z.pipe(
    z.pipe(
      z
        .string({ error: `${field} is required` })
        .check(z.trim(), z.regex(/^[+-]?(\d+(\.\d*)?|\.\d+)$/, message)),
      z.transform(Number),
    ),
    z.number().check(z.minimum(-limit, message), z.maximum(limit, message)),
  );
}

/** GET /reverse-geocode?lat=&lng= : WGS84 degrees, as the browser's geolocation gives them. */
export const reverseGeocodeQuerySchema = z.object({
  lat: degrees('lat', 90),
  lng: degrees('lng', 180),
});
export type ReverseGeocodeQuery = z.infer<typeof reverseGeocodeQuerySchema>;

/** A position as a pickup a driver can find. */
export const placeAtPositionSchema = z.object({
  /**
   * The pickup text: the nearest known place ("Near Heathrow Airport Terminal 5 (LHR),
   * Hounslow TW6 2GA") or Google's address for the point. Sent back with the coordinates as
   * the pickup and its `_location`, a quote places it where the position is.
   */
  address: z.string(),
  /** The position asked about. */
  lat: z.number(),
  lng: z.number(),
  /** Who named it: the server's gazetteer, or Google's geocoder when the server has a key. */
  source: z.enum(['gazetteer', 'google']),
});
export type PlaceAtPosition = z.infer<typeof placeAtPositionSchema>;

/** GET /reverse-geocode */
export const reverseGeocodeResponseSchema = z.object({
  success: z.literal(true),
  data: placeAtPositionSchema,
});
export type ReverseGeocodeResponse = z.infer<typeof reverseGeocodeResponseSchema>;
