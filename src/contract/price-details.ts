import * as z from 'zod/mini';

/** Named parts in pounds plus final_price; the parts sum to final_price (domain BREAKDOWN_PARTS). */
export const breakdownWireSchema = z.record(z.string(), z.number());
export type BreakdownWire = z.infer<typeof breakdownWireSchema>;

/** One priced vehicle of one operator (API.md PriceDetail). */
export const priceDetailSchema = z.object({
  vehicle_id: z.int(),
  company_id: z.int(),
  company_name: z.string(),
  vehicle_type: z.string(),
  vehicle_image: z.string(),
  max_seat: z.int(),
  luggage: z.int(),
  small_luggage: z.int(),
  rating: z.number(),
  price: z.number(),
  final_price: z.number(),
  breakdown: breakdownWireSchema,
});
export type PriceDetail = z.infer<typeof priceDetailSchema>;

/** The journey measured for a mileage quote: outward with its stops, and the return leg. */
export const quoteDistanceSchema = z.object({
  via_miles: z.number(),
  duration: z.int(),
  return_via_miles: z.optional(z.nullable(z.number())),
  return_duration: z.optional(z.nullable(z.int())),
});
export type QuoteDistance = z.infer<typeof quoteDistanceSchema>;

/**
 * Where the server placed one address of a quote ('pickup', 'stops.0', 'dropoff'), in degrees
 * to 4 decimals (about 10 m): what the route sketch draws when there is no Google map.
 */
export const quotePlaceSchema = z.object({
  field: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type QuotePlace = z.infer<typeof quotePlaceSchema>;
