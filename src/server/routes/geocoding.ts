import type { FastifyInstance } from 'fastify';
import { reverseGeocodeQuerySchema, reverseGeocodeResponseSchema } from '../../contract/geocoding';
import type { ReverseGeocodeResponse } from '../../contract/geocoding';
import { API_PATHS } from '../../contract/paths';
import { parseRequest } from '../errors';
import { responseSchema } from '../lib/response-schema';
import { registerRateLimit, type RateLimitOptions } from '../plugins/rate-limits';
import type { ReverseGeocoder } from '../services/distance/reverse-geocoder';

/** GET /reverse-geocode (API.md): the pickup text for a passenger's position. */
export async function geocodingRoutes(
  app: FastifyInstance,
  options: { geocoder: ReverseGeocoder; rateLimit: RateLimitOptions },
): Promise<void> {
  // With a server key each call is a paid call to Google: limited as the price calls are.
  await registerRateLimit(app, options.rateLimit);

  app.get(
    API_PATHS.reverseGeocode,
    { schema: { response: { 200: responseSchema(reverseGeocodeResponseSchema) } } },
    async (request, reply): Promise<ReverseGeocodeResponse> => {
      const position = parseRequest(reverseGeocodeQuerySchema, request.query);
      // A position is personal: no cache between the passenger and us keeps it.
      reply.header('cache-control', 'no-store');
      return { success: true, data: await options.geocoder.placeAt(position) };
    },
  );
}
